import { ACCOUNT_MESSAGES } from '@story/proto';

/** What the client reads from a Google ID token before the server verifies it. */
export interface GoogleProfile {
  email: string;
  firstName: string;
  lastName: string;
  googleId: string;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** First word of a display name, and the rest (spec section 7: google-auth payload). */
export function splitDisplayName(displayName: string): { firstName: string; lastName: string } {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

/**
 * The profile inside a Google credential (a JWT). The signature is checked by the server, never
 * here; this only fills the request the spec describes. Throws when there is no user e-mail.
 */
export function readGoogleCredential(credential: string | undefined): GoogleProfile {
  const payloadSegment = credential?.split('.')[1];
  if (!payloadSegment) throw new Error(ACCOUNT_MESSAGES.googleNoUser);
  let payload: unknown;
  try {
    payload = JSON.parse(base64UrlDecode(payloadSegment));
  } catch {
    throw new Error(ACCOUNT_MESSAGES.googleNoUser);
  }
  if (typeof payload !== 'object' || payload === null) throw new Error(ACCOUNT_MESSAGES.googleNoUser);
  const claims = payload as Record<string, unknown>;
  if (typeof claims.email !== 'string' || claims.email.length === 0) throw new Error(ACCOUNT_MESSAGES.googleNoUser);
  const name = typeof claims.name === 'string' ? claims.name : '';
  const { firstName, lastName } = splitDisplayName(name);
  return {
    email: claims.email,
    firstName,
    lastName,
    googleId: typeof claims.sub === 'string' ? claims.sub : '',
  };
}
