import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NATS_USERS, type NatsRights, type NatsUser } from '@story/proto';
import { startNatsServer, type NatsServerHandle } from './nats-server.ts';

/**
 * NATS's own authorization for the deployment, made from the NATS users of the registry
 * (`NATS_USERS` in proto): one account with JetStream, one user per service and one for the gateway,
 * each with its subject permissions, and no anonymous access. `make run` writes a server
 * configuration with the passwords of `<DATA_DIR>/keys/nats-credentials.json`; docker compose uses
 * `infra/nats/accounts.conf`, the same users with passwords from the environment.
 */

/** The one account every user belongs to (JetStream streams, KV buckets and object stores live in it). */
export const NATS_ACCOUNT = 'STORY';

/** The environment variable that holds a user's password for compose (and overrides the generated one for `make run`). */
export const natsPasswordEnv = (user: string): string => `${user.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_NATS_PASSWORD`;

/** A user's password: the value itself, or (compose) the environment variable nats-server reads it from. */
export type NatsPasswordSource = { value: string } | { env: string };

export interface NatsPermissions {
  publish: { allow: string[] } | { deny: string[] };
  subscribe: { allow: string[] } | { deny: string[] };
  allow_responses?: boolean;
}

/** nats-server's permissions block for a user's rights; an empty list denies everything rather than allowing it. */
export function natsPermissions(rights: NatsRights): NatsPermissions {
  const side = (subjects: readonly string[]) => (subjects.length > 0 ? { allow: [...subjects] } : { deny: ['>'] });
  return { publish: side(rights.publish), subscribe: side(rights.subscribe), ...(rights.respond ? { allow_responses: true } : {}) };
}

/** The `accounts` section as data: what a parsed accounts.conf must equal. */
export function natsAccounts(passwordOf: (user: string) => NatsPasswordSource, users: readonly NatsUser[] = NATS_USERS) {
  return {
    accounts: {
      [NATS_ACCOUNT]: {
        jetstream: 'enabled',
        users: users.map(({ user, rights }) => {
          const password = passwordOf(user);
          return { user, password: 'value' in password ? password.value : `$${password.env}`, permissions: natsPermissions(rights) };
        }),
      },
    },
  };
}

const ENV_MARK = '@env@';

/**
 * The `accounts` section in nats-server's configuration syntax (JSON, but for passwords taken from
 * the environment, which are bare `$VARIABLE` references nats-server resolves at start).
 */
export function renderNatsAccounts(passwordOf: (user: string) => NatsPasswordSource, users: readonly NatsUser[] = NATS_USERS): string {
  const marked = (user: string): NatsPasswordSource => {
    const source = passwordOf(user);
    return 'env' in source ? { value: `${ENV_MARK}${source.env}` } : source;
  };
  const body = JSON.stringify(natsAccounts(marked, users), null, 2);
  // Strip the outer braces: the section is included into (or written after) the server's own settings.
  const section = body.slice(1, -1).replace(new RegExp(`"${ENV_MARK}([A-Z0-9_]+)"`, 'g'), '$$$1');
  return `${section.replace(/^\n/, '').replace(/^ {2}/gm, '')}`;
}

/** Reads an accounts section written by `renderNatsAccounts` (compose's accounts.conf) back into data. */
export function parseNatsAccounts(text: string): unknown {
  const json = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n')
    .replace(/:\s*\$([A-Z0-9_]+)/g, ': "$$$1"');
  return JSON.parse(`{${json}}`);
}

/**
 * Each NATS user's password for `make run`: made once under `<dataDir>/keys/nats-credentials.json`
 * (mode 600) and kept; a user added to the registry gets one on the next start. `<USER>_NATS_PASSWORD`
 * in `env` wins (an existing NATS whose users were set up with other passwords).
 */
export function ensureNatsCredentials(
  dataDir: string,
  env: Record<string, string | undefined> = {},
  users: readonly NatsUser[] = NATS_USERS,
): Record<string, string> {
  const dir = join(dataDir, 'keys');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, 'nats-credentials.json');
  const stored: Record<string, string> = existsSync(path) ? readStoredCredentials(path) : {};
  let changed = !existsSync(path);
  for (const { user } of users) {
    if (stored[user]) continue;
    stored[user] = randomBytes(24).toString('hex');
    changed = true;
  }
  if (changed) writeFileSync(path, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  const credentials: Record<string, string> = {};
  for (const { user } of users) credentials[user] = env[natsPasswordEnv(user)] || (stored[user] ?? '');
  return credentials;
}

function readStoredCredentials(path: string): Record<string, string> {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`${path} must hold a JSON object of user → password`);
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * Writes the nats-server configuration of `make run` (remade at every start, so rights follow the
 * registry) under `<dataDir>/keys` with mode 600, since it holds the passwords. Returns its path.
 */
export function writeNatsServerConfig(dataDir: string, credentials: Record<string, string>, users: readonly NatsUser[] = NATS_USERS): string {
  const path = join(dataDir, 'keys', 'nats-server.conf');
  const passwordOf = (user: string): NatsPasswordSource => {
    const value = credentials[user];
    if (!value) throw new Error(`no NATS password for ${user}`);
    return { value };
  };
  const text = [
    '# Made by `make run` from the NATS users of proto/src/services.ts at every start; do not edit.',
    '# Host, port and JetStream store come from the command line.',
    renderNatsAccounts(passwordOf, users),
    '',
  ].join('\n');
  writeFileSync(path, text, { mode: 0o600 });
  // The mode above applies only to a new file: keep an older one private too.
  chmodSync(path, 0o600);
  return path;
}

/**
 * Starts nats-server as `make run` does: the deployment's users and permissions, their passwords made
 * once under `<dataDir>/keys`, the JetStream store under `<dataDir>/nats`. Returns the server and
 * every user's password (each process gets only its own).
 */
export async function startNatsServerWithUsers(options: {
  dataDir: string;
  port?: number;
  env?: Record<string, string | undefined>;
  /** Default: the deployment's (`NATS_USERS`); tests add the planned services'. */
  users?: readonly NatsUser[];
}): Promise<{ server: NatsServerHandle; credentials: Record<string, string> }> {
  const credentials = ensureNatsCredentials(options.dataDir, options.env, options.users);
  const configFile = writeNatsServerConfig(options.dataDir, credentials, options.users);
  const server = await startNatsServer({ storeDir: join(options.dataDir, 'nats'), port: options.port, configFile });
  return { server, credentials };
}
