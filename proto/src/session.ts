/**
 * The claims of the session cookie's token. Auth signs it (EdDSA, header `typ` SESSION_TOKEN_TYPE,
 * `iss` SESSION_ISSUER, `aud` SESSION_AUDIENCE, `exp`); the gateway verifies it with auth's public
 * key and then asks auth over NATS (`auth.session.check`) whether `sid` is still valid.
 */
import { z } from 'zod';

export const sessionClaimsSchema = z.object({
  /** The user id as a decimal string (JWT `sub`). */
  sub: z.string().regex(/^[1-9][0-9]{0,15}$/, 'sub must be a user id'),
  /** The session id that logout revokes. */
  sid: z.string().min(1).max(128),
  /** Whether the user is an admin. */
  adm: z.boolean().optional(),
  exp: z.number(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;
