/**
 * Makes an existing account an admin, in the store the service is configured with (SQLite under
 * DATA_DIR, or MONGODB_URL). Usage: node --import tsx services/auth/src/cli/promote-admin.ts <email>
 */
import { pathToFileURL } from 'node:url';
import { emailSchema } from '@story/proto';
import { loadConfig } from '@story/service-kit';
import { storageEnvSchema } from '../config.ts';
import type { UserRepository } from '../accounts/user.repository.ts';
import { openAuthStorage } from '../storage/auth-storage.ts';

export type PromoteOutcome = { kind: 'promoted' | 'already-admin'; id: number; email: string } | { kind: 'unknown-email'; email: string };

/** Promotes the account with this e-mail (any case). */
export async function promoteAdmin(repository: UserRepository, email: string): Promise<PromoteOutcome> {
  const user = await repository.findUserByEmail(email);
  if (!user) return { kind: 'unknown-email', email };
  if (user.isAdmin) return { kind: 'already-admin', id: user.id, email: user.email };
  await repository.setAdmin(user.id, true);
  return { kind: 'promoted', id: user.id, email: user.email };
}

async function main(argv: string[]): Promise<number> {
  const [raw, ...rest] = argv;
  if (raw === undefined || rest.length > 0 || raw === '--help' || raw === '-h') {
    process.stderr.write('usage: node --import tsx services/auth/src/cli/promote-admin.ts <email>\n');
    return 2;
  }
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) {
    process.stderr.write(`promote-admin: "${raw}" is not a valid email address\n`);
    return 2;
  }
  const config = loadConfig('promote-admin', storageEnvSchema);
  const storage = await openAuthStorage(config);
  const where = storage.kind === 'mongodb' ? 'MongoDB (MONGODB_URL)' : `SQLite under ${config.DATA_DIR}`;
  try {
    const outcome = await promoteAdmin(storage.users, parsed.data);
    switch (outcome.kind) {
      case 'promoted':
        process.stdout.write(
          `Promoted ${outcome.email} (user ${outcome.id}) to admin in ${where}. It takes effect within seconds, for sessions already open too.\n`,
        );
        return 0;
      case 'already-admin':
        process.stdout.write(`${outcome.email} (user ${outcome.id}) is already an admin in ${where}; nothing changed.\n`);
        return 0;
      case 'unknown-email':
        process.stderr.write(`promote-admin: no account with email ${outcome.email} in ${where}; nothing changed.\n`);
        return 1;
    }
  } finally {
    await storage.close();
  }
}

// Only when run as a script, so tests can import promoteAdmin.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
