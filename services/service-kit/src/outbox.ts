import type { NatsConnection } from '@nats-io/transport-node';
import { context } from '@opentelemetry/api';
import { jetstream } from '@nats-io/jetstream';
import type { FastifyBaseLogger } from 'fastify';
import type { EventSubject } from '@story/proto';
import type { NatsLink } from './nats-link.ts';
import { ensureEventsStream } from './nats.ts';
import { watchOutbox } from './telemetry/outbox-metrics.ts';
import { contextOfTraceparent } from './telemetry/tracing.ts';

/** A domain event to write into the outbox in the same transaction as the change it describes. */
export interface OutboxEvent {
  subject: EventSubject;
  payload: unknown;
}

export interface OutboxEntry {
  id: number;
  subject: string;
  payload: string;
  /** The W3C trace context of the request that wrote the event (when it was traced): its publish, and whoever consumes it, continue that trace. */
  traceParent?: string | null;
}

/**
 * Where a service keeps events written in the same transaction as the change they describe
 * (`SqliteOutbox`, `MongoOutbox`); the relay publishes them.
 */
export interface OutboxStore {
  pendingEvents(limit: number): Promise<OutboxEntry[]>;
  markEventsPublished(ids: number[]): Promise<void>;
  /** Rows not yet published (tests, diagnostics and readiness). */
  countPendingEvents(): Promise<number>;
  /** When the oldest row not yet published was written (ISO time); undefined when none is pending. */
  oldestPendingAt(): Promise<string | undefined>;
  /** Forgets rows published before `before` (ISO time); pending rows are never dropped. */
  prunePublished(before: string): Promise<void>;
}

/**
 * Publishes outbox events to JetStream, oldest first, with a message id made of the service name and
 * the entry id so that a publish repeated after a crash is dropped by the stream's duplicate window.
 * While NATS is down it keeps the events and tries again; nothing is lost.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;
  private wake = false;
  private nc: NatsConnection | undefined;
  private log: FastifyBaseLogger | undefined;
  /** Stops reporting this outbox's lag and pending count (the process is closing). */
  private readonly unwatch: () => void;

  constructor(
    private readonly store: OutboxStore,
    private readonly service: string,
    private readonly intervalMs = 500,
  ) {
    this.unwatch = watchOutbox(store, service);
  }

  /** Starts publishing over `nc` (the link calls this once connected). */
  start(nc: NatsConnection, log: FastifyBaseLogger): void {
    this.nc = nc;
    this.log = log;
    this.stopped = false;
    this.schedule(0);
  }

  /** Ask for a publish round soon (after a write); before `start` the first round picks it up. */
  notify(): void {
    if (!this.nc) return;
    if (this.running) {
      this.wake = true;
      return;
    }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unwatch();
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Publishes what is pending now; resolves to the number published. */
  async flush(): Promise<number> {
    if (!this.nc) return 0;
    const js = jetstream(this.nc, { timeout: 2000 });
    let published = 0;
    for (;;) {
      const batch = await this.store.pendingEvents(100);
      if (batch.length === 0) return published;
      const done: number[] = [];
      try {
        for (const entry of batch) {
          const publish = () => js.publish(entry.subject, entry.payload, { msgID: `${this.service}-${entry.id}` });
          await context.with(contextOfTraceparent(entry.traceParent), publish);
          done.push(entry.id);
        }
      } finally {
        if (done.length > 0) await this.store.markEventsPublished(done);
        published += done.length;
      }
    }
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.round(), delay);
    this.timer.unref();
  }

  private async round(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    let delay = this.intervalMs;
    try {
      await this.flush();
    } catch (error) {
      this.log?.warn({ err: error }, 'outbox publish failed; will retry');
      delay = Math.min(this.intervalMs * 4, 2000);
    } finally {
      this.running = false;
    }
    if (this.wake) {
      this.wake = false;
      delay = 0;
    }
    this.schedule(delay);
  }
}

/**
 * Publishes a service's outbox over its NATS link: once connected, the EVENTS stream is made sure
 * of and the relay starts. Returns the relay (`notify()` after a write; `stop()` on close).
 */
export function relayOutboxOver(nats: NatsLink, store: OutboxStore, service: string, intervalMs?: number): OutboxRelay {
  const relay = new OutboxRelay(store, service, intervalMs);
  nats.onConnect((nc) => ensureEventsStream(nc));
  nats.onConnect((nc, log) => relay.start(nc, log));
  return relay;
}
