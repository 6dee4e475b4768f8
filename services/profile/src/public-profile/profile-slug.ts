import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** 20 characters of 32: 100 bits from the system's random source, lowercase and URL-safe. */
export const RANDOM_SLUG_LENGTH = 20;

/** An unguessable address for a profile whose owner chose no name. */
export function randomProfileSlug(): string {
  const bytes = randomBytes(RANDOM_SLUG_LENGTH);
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}
