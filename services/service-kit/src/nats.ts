import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, RetentionPolicy, StorageType, DiscardPolicy } from '@nats-io/jetstream';
import { EVENTS_STREAM, natsInboxPrefix } from '@story/proto';
import { traceNatsConnection } from './telemetry/nats-tracing.ts';

/** The JetStream replicas each connection's streams and buckets get (`JETSTREAM_REPLICAS`, given to `connectNats`). */
const replicasOf = new WeakMap<NatsConnection, number>();

/** How many NATS servers keep the streams and buckets made over `nc`: its `replicas` option, else 1. */
export const streamReplicas = (nc: NatsConnection): number => replicasOf.get(nc) ?? 1;

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
  options: { waitOnFirstConnect?: boolean; credentials?: NatsCredentials; replicas?: number } = {},
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
  if (options.replicas !== undefined) replicasOf.set(nc, options.replicas);
  return traceNatsConnection(nc);
}

/**
 * Makes sure the domain-event stream exists (file storage, two-minute duplicate window for
 * idempotent publishes) with the connection's replicas; one made with other replicas (one machine's
 * stream moved into the cluster) is changed to them.
 */
export async function ensureEventsStream(nc: NatsConnection): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const replicas = streamReplicas(nc);
  const config = {
    name: EVENTS_STREAM,
    subjects: ['events.>'],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: 0,
    duplicate_window: 120 * 1_000_000_000,
    num_replicas: replicas,
  };
  const existing = await jsm.streams.info(EVENTS_STREAM).catch(() => undefined);
  if (existing) {
    await ensureStreamReplicas(nc, EVENTS_STREAM);
    return;
  }
  try {
    await jsm.streams.add(config);
  } catch (error) {
    // Another service may have created it between our two calls; otherwise (e.g. more replicas than servers) say why.
    await jsm.streams.info(EVENTS_STREAM).catch(() => {
      throw new Error(
        `cannot create the JetStream stream ${EVENTS_STREAM} with ${replicas} replica(s): ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }
}

/**
 * Gives an existing stream (the events, or a KV / object bucket's `KV_x` / `OBJ_x`) the connection's
 * replica count when it has another. The server refuses more replicas than it has servers: that
 * refusal is thrown with the stream's name, so the set-up step retries and logs why.
 */
export async function ensureStreamReplicas(nc: NatsConnection, stream: string): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const replicas = streamReplicas(nc);
  const info = await jsm.streams.info(stream);
  if (info.config.num_replicas === replicas) return;
  try {
    await jsm.streams.update(stream, { num_replicas: replicas });
  } catch (error) {
    throw new Error(`cannot change the JetStream stream ${stream} to ${replicas} replica(s): ${error instanceof Error ? error.message : String(error)}`);
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
