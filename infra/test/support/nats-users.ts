import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import { NATS_USERS, SERVICE_NATS_RIGHTS, type NatsUser } from '@story/proto';
import { connectNats, type NatsCredentials } from '@story/service-kit/nats';
import { startNatsServerWithUsers } from '../../src/nats-auth.ts';
import type { NatsServerHandle } from '@story/testing/nats';

/** A nats-server started as `make run` starts it (the registry's users and permissions), in a temporary folder. */
export interface UsersNats {
  server: NatsServerHandle;
  dataDir: string;
  credentials(user: string): NatsCredentials;
  /** Connects as `user` the way every process does (`connectNats`, its own inbox prefix); closed by `stop()`. */
  connectAs(user: string): Promise<NatsConnection>;
  stop(): Promise<void>;
}

/** The deployment's users, and those of the services the registry does not run yet (their rights are written already). */
const EVERY_NATS_USER: readonly NatsUser[] = [
  ...NATS_USERS,
  ...Object.entries(SERVICE_NATS_RIGHTS)
    .filter(([user]) => !NATS_USERS.some((known) => known.user === user))
    .map(([user, rights]) => ({ user, rights })),
];

/** Starts nats-server with every written user (deployed and planned), each with a fresh password. */
export async function startUsersNats(): Promise<UsersNats> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nats-users-'));
  const { server, credentials } = await startNatsServerWithUsers({ dataDir, users: EVERY_NATS_USER });
  const open: NatsConnection[] = [];
  const credentialsOf = (user: string): NatsCredentials => {
    const pass = credentials[user];
    if (!pass) throw new Error(`no NATS user ${user}`);
    return { user, pass };
  };
  return {
    server,
    dataDir,
    credentials: credentialsOf,
    connectAs: async (user) => {
      const nc = await connectNats(server.url, `test-${user}`, { credentials: credentialsOf(user), waitOnFirstConnect: false });
      open.push(nc);
      return nc;
    },
    stop: async () => {
      await Promise.all(open.map((nc) => nc.close().catch(() => undefined)));
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The permission violations the server reports to a connection, as `operation subject` lines. */
export function permissionViolations(nc: NatsConnection): string[] {
  const seen: string[] = [];
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type !== 'error') continue;
      const { error } = status;
      if (error.name === 'PermissionViolationError' && 'operation' in error && 'subject' in error)
        seen.push(`${String(error.operation)} ${String(error.subject)}`);
    }
  })();
  return seen;
}

/** Lets the server's answers (and its -ERR lines) arrive: a round trip, then a turn of the event loop. */
export async function settle(nc: NatsConnection): Promise<void> {
  await nc.flush();
  await new Promise((resolve) => setTimeout(resolve, 20));
}
