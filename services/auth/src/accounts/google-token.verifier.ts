import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { ACCOUNT_MESSAGES } from '@story/proto';
import { HttpError, unauthorized } from '@story/service-kit';

/** What we take from a verified Google ID token, and only from it. */
export interface GoogleIdentity {
  googleId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The display name split as the web client splits it (first word / the rest), for comparing. */
  displayFirstName: string;
  displayLastName: string;
  /** When Google issued the token (its `iat`), so a deletion can ask for a sign-in made just now. */
  issuedAt?: Date;
}

export type GoogleTokenVerifier = (credential: string) => Promise<GoogleIdentity>;

const INVALID_GOOGLE_CREDENTIAL = ACCOUNT_MESSAGES.googleCredentialInvalid;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** "Ada King Lovelace" → ["Ada", "King Lovelace"]. */
export function splitDisplayName(name: string): [string, string] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return [words[0] ?? '', words.slice(1).join(' ')];
}

/** Reads the identity out of verified claims; refuses tokens without a verified e-mail. */
export function googleIdentityFromClaims(payload: JWTPayload): GoogleIdentity {
  const email = text(payload.email);
  const googleId = text(payload.sub);
  if (!email || !googleId) throw unauthorized(INVALID_GOOGLE_CREDENTIAL);
  // Google sends a boolean; some older tokens carried the string "true".
  if (payload.email_verified !== true && payload.email_verified !== 'true') throw unauthorized(ACCOUNT_MESSAGES.googleEmailNotVerified);
  const [displayFirstName, displayLastName] = splitDisplayName(text(payload.name));
  const firstName = text(payload.given_name) || displayFirstName || (email.split('@')[0] ?? email);
  const lastName = text(payload.family_name) || displayLastName;
  const issuedAt = typeof payload.iat === 'number' ? { issuedAt: new Date(payload.iat * 1000) } : {};
  return { googleId, email, firstName, lastName, displayFirstName, displayLastName, ...issuedAt };
}

/**
 * Verifies Google ID tokens: RS256 signature against Google's published keys (fetched and cached by
 * jose), audience = our client id, issuer in the allowed list, not expired.
 */
export function createGoogleTokenVerifier(options: { clientId: string; jwksUrl: string; issuers: readonly string[] }): GoogleTokenVerifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  return async (credential) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(credential, jwks, {
        algorithms: ['RS256'],
        audience: options.clientId,
        issuer: [...options.issuers],
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 5,
      }));
    } catch (error) {
      // Google's key endpoint being unreachable is our problem, not a bad credential.
      if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
        throw new HttpError(503, ACCOUNT_MESSAGES.googleUnavailable);
      }
      throw unauthorized(INVALID_GOOGLE_CREDENTIAL);
    }
    return googleIdentityFromClaims(payload);
  };
}
