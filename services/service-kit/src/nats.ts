import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, RetentionPolicy, StorageType, DiscardPolicy } from '@nats-io/jetstream';
import { EVENTS_STREAM, natsInboxPrefix } from '@story/proto';
import { traceNatsConnection } from './telemetry/nats-tracing.ts';

/** A process's own NATS user (see `natsCredentials` in the kit's config). */
export interface NatsCredentials {
  user: string;
  pass: string;
}

/**
 * Connects to NATS and keeps reconnecting for ever; the first connect waits for the server unless
 * `waitOnFirstConnect` is false (then it rejects at once and the caller retries on its own terms).
 * With credentials it connects as that user, and replies come under the user's own inbox prefix,
 * the only inboxes its NATS permissions let it read.
 */
export async function connectNats(
  url: string,
  name: string,
  options: { waitOnFirstConnect?: boolean; credentials?: NatsCredentials } = {},
): Promise<NatsConnection> {
  const { credentials } = options;
  const nc = await connect({
    servers: url.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    waitOnFirstConnect: options.waitOnFirstConnect ?? true,
    timeout: 10_000,
    ...(credentials ? { user: credentials.user, pass: credentials.pass, inboxPrefix: natsInboxPrefix(credentials.user) } : {}),
  });
  return traceNatsConnection(nc);
}

/** Makes sure the domain-event stream exists (file storage, two-minute duplicate window for idempotent publishes). */
export async function ensureEventsStream(nc: NatsConnection): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const config = {
    name: EVENTS_STREAM,
    subjects: ['events.>'],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: 0,
    duplicate_window: 120 * 1_000_000_000,
  };
  try {
    await jsm.streams.info(EVENTS_STREAM);
  } catch {
    try {
      await jsm.streams.add(config);
    } catch (error) {
      // Another service may have created it between our two calls.
      await jsm.streams.info(EVENTS_STREAM).catch(() => {
        throw error;
      });
    }
  }
}

/** A readiness check: a round trip to the server within a second. */
export function natsReadiness(nc: NatsConnection): () => Promise<void> {
  return async () => {
    if (nc.isClosed()) throw new Error('connection closed');
    await Promise.race([
      nc.flush(),
      new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('no answer from NATS within 1 s')), 1000).unref()),
    ]);
  };
}
