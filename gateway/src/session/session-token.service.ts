import { jwtVerify, type CryptoKey } from 'jose';
import { SESSION_AUDIENCE, SESSION_ISSUER, SESSION_TOKEN_TYPE } from '@story/proto';
import { sessionClaimsSchema, type SessionClaims } from '@story/proto/session';
import { SIGNING_ALGORITHM } from '@story/service-kit/identity';

/** Longest cookie we look at: a session token is a few hundred bytes. */
const MAX_TOKEN_LENGTH = 4096;
/** Verified tokens kept in memory; the cache only saves the signature check, `exp` is checked on every hit. */
const MAX_CACHED_TOKENS = 10_000;

export interface SessionTokenVerifier {
  /** The claims of a session token signed by auth, or undefined when it is forged, expired or malformed. */
  verify(token: string): Promise<SessionClaims | undefined>;
}

/** Verifies session cookies with auth's public key: EdDSA only, `typ`, `iss`, `aud` and `exp` checked. */
export function createSessionTokenVerifier(publicKey: CryptoKey): SessionTokenVerifier {
  const verified = new Map<string, SessionClaims>();
  return {
    async verify(token) {
      if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return undefined;
      const nowSeconds = Date.now() / 1000;
      const cached = verified.get(token);
      if (cached) {
        if (cached.exp > nowSeconds) return cached;
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          algorithms: [SIGNING_ALGORITHM],
          typ: SESSION_TOKEN_TYPE,
          issuer: SESSION_ISSUER,
          audience: SESSION_AUDIENCE,
          requiredClaims: ['sub', 'sid', 'exp'],
        });
        const parsed = sessionClaimsSchema.safeParse(payload);
        if (!parsed.success) return undefined;
        if (verified.size >= MAX_CACHED_TOKENS) verified.clear();
        verified.set(token, parsed.data);
        return parsed.data;
      } catch {
        return undefined;
      }
    },
  };
}
