import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll } from 'vitest';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { ensureEventsStream } from '../../src/nats.ts';

/** A test file's own nats-server, with JetStream's events stream made and a connection to it. */
export interface EventsNats {
  readonly nc: NatsConnection;
  readonly url: string;
}

/**
 * Starts a nats-server (JetStream in a temporary folder named after `name`) before the file's tests,
 * connects and makes the events stream; stops it and removes the folder after them.
 */
export function natsWithEventsStream(name: string): EventsNats {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  let nats: NatsServerHandle | undefined;
  let nc: NatsConnection | undefined;
  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'js') });
    nc = await connect({ servers: nats.url });
    await ensureEventsStream(nc);
  });
  afterAll(async () => {
    await nc?.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('natsWithEventsStream: used before its beforeAll ran');
    return value;
  };
  return {
    get nc() {
      return started(nc);
    },
    get url() {
      return started(nats).url;
    },
  };
}
