/**
 * NATS configuration for docker compose, made from the registry's NATS users:
 * - `accounts` (`make nats-conf`) rewrites infra/nats/accounts.conf, the users and permissions that
 *   infra/nats/nats.conf includes (infra/test/compose.test.ts fails while it is out of date);
 * - `secrets` (`make compose-secrets`) adds a random password for each NATS user that `.env` lacks,
 *   which compose hands to nats-server and, as a secret, to the user's own service.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NATS_USERS } from '@story/proto';
import { natsPasswordEnv, renderNatsAccounts } from './nats-auth.ts';
import { REPO_ROOT } from './stack.ts';

/** Where compose's NATS users live, and the header that says where they come from. */
export const COMPOSE_ACCOUNTS_FILE = join(REPO_ROOT, 'infra/nats/accounts.conf');
const HEADER = [
  '# The NATS users and their permissions, made from proto/src/services.ts by `make nats-conf` (do not edit:',
  '# infra/test/compose.test.ts fails when this file and the registry disagree). Included by nats.conf;',
  '# the passwords are environment variables of the nats container (docker-compose.yml).',
].join('\n');

/** The text accounts.conf must have. */
export function composeAccountsText(): string {
  return `${HEADER}\n${renderNatsAccounts((user) => ({ env: natsPasswordEnv(user) }))}\n`;
}

function writeAccounts(): void {
  writeFileSync(COMPOSE_ACCOUNTS_FILE, composeAccountsText());
  process.stdout.write(`wrote ${COMPOSE_ACCOUNTS_FILE}\n`);
}

function addMissingSecrets(envFile: string): void {
  const existing = existsSync(envFile) ? readFileSync(envFile, 'utf8') : '';
  const missing = NATS_USERS.map((u) => natsPasswordEnv(u.user)).filter((name) => !new RegExp(`^${name}=`, 'm').test(existing));
  if (missing.length === 0) {
    process.stdout.write(`${envFile} already has every NATS password\n`);
    return;
  }
  const lines = missing.map((name) => `${name}=${randomBytes(24).toString('hex')}`);
  writeFileSync(envFile, `${existing}${existing && !existing.endsWith('\n') ? '\n' : ''}${lines.join('\n')}\n`, { mode: 0o600 });
  chmodSync(envFile, 0o600);
  process.stdout.write(`added ${missing.join(', ')} to ${envFile}\n`);
}

const command = process.argv[2];
if (command === 'accounts') writeAccounts();
else if (command === 'secrets') addMissingSecrets(join(REPO_ROOT, '.env'));
else if (command !== undefined) {
  process.stderr.write('usage: nats-conf.cli.ts accounts | secrets\n');
  process.exit(2);
}
