import { createHash, randomBytes } from 'node:crypto';

/** A new link's token: 32 random bytes (256 bits, beyond guessing), base64url so it fits a URL as it is. */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What is stored of a token: its SHA-256. The token is random and long, so a fast hash is enough
 * (nothing to brute-force), and a copy of the database holds no working link.
 */
export function resetTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
