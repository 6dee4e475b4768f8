/**
 * How the gateway tells a service who is calling: a short-lived JWT that the gateway signs with its
 * own key (EdDSA) and sends in IDENTITY_HEADER. Services verify it with the gateway's public key and
 * never accept identity any other way; the gateway strips the header from incoming requests.
 */
export const IDENTITY_HEADER = 'x-internal-identity';
export const REQUEST_ID_HEADER = 'x-request-id';
export const IDENTITY_AUDIENCE = 'story-services';
export const IDENTITY_ISSUER = 'story-gateway';
export const IDENTITY_TOKEN_TYPE = 'identity+jwt';
export const IDENTITY_TTL_SECONDS = 60;

export const SESSION_COOKIE = 'session';
export const CSRF_COOKIE = 'csrf_token';
/** The token cookie's name when cookies are Secure: `__Host-` makes browsers refuse it from a subdomain or without Secure and Path=/. */
export const CSRF_COOKIE_SECURE = '__Host-csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_AUDIENCE = 'story-gateway';
export const SESSION_ISSUER = 'story-auth';
export const SESSION_TOKEN_TYPE = 'session+jwt';
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;

export interface Identity {
  userId: number;
  isAdmin: boolean;
  sessionId: string;
}
