import { argon2id, hash, verify } from 'argon2';

/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane); verifying reads the parameters from the hash. */
export const ARGON2_OPTIONS = { type: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail, Google-only account) it
 * still does the same work against a decoy, so the answer takes as long as for a real account.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    decoyHash ??= hashPassword('decoy password that matches nothing 1!');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A damaged hash is a failed sign-in, never a 500 that tells the account apart.
    return false;
  }
}
