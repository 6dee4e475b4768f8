import type { NatsConnection } from '@nats-io/transport-node';
import { connectNats, ensureEventsStream, OutboxRelay, type OutboxStore } from '@story/service-kit';
import type { FastifyBaseLogger } from 'fastify';

const RETRY_MS = 1000;

/**
 * The service's link to NATS, made in the background: HTTP serves from the first moment and saves
 * keep landing in the outbox while NATS is away. Once connected it makes sure the EVENTS stream
 * exists (retrying until it does) and starts the outbox relay, which keeps publishing across NATS
 * restarts because the connection reconnects for ever.
 */
export class NatsLink {
  private connection: NatsConnection | undefined;
  private relay: OutboxRelay | undefined;
  private closed = false;
  private warned = false;
  private started: Promise<void> | undefined;

  constructor(
    private readonly url: string,
    private readonly name: string,
    private readonly outbox: OutboxStore,
    private readonly log: FastifyBaseLogger,
    private readonly relayIntervalMs = 500,
  ) {}

  /** Starts connecting; resolves at once. */
  start(): void {
    this.started ??= this.connectLoop();
  }

  /** Resolves once the relay runs (tests and start-up ordering). */
  async ready(): Promise<void> {
    this.start();
    await this.started;
  }

  /** The connection, once there is one. */
  get nc(): NatsConnection | undefined {
    return this.connection && !this.connection.isClosed() ? this.connection : undefined;
  }

  /** Ask the relay to publish soon: a write just added outbox rows. */
  notify(): void {
    this.relay?.notify();
  }

  /** Publishes everything pending now (tests). */
  async flush(): Promise<number> {
    return this.relay ? this.relay.flush() : 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.relay?.stop();
    const nc = this.connection;
    if (!nc || nc.isClosed()) return;
    // Drain waits for the server; while NATS is away that could be for ever, so give it two seconds.
    const drained = await Promise.race([nc.drain().then(() => true, () => false), delay(2000).then(() => false)]);
    if (!drained && !nc.isClosed()) await nc.close();
  }

  private async connectLoop(): Promise<void> {
    while (!this.closed && !this.connection) {
      try {
        // Not waitOnFirstConnect: a pending first connect could not be cancelled by close().
        const nc = await connectNats(this.url, this.name, { waitOnFirstConnect: false });
        if (this.closed) {
          await nc.close();
          return;
        }
        this.connection = nc;
      } catch (error) {
        if (!this.warned) this.log.warn({ err: error }, 'NATS not reachable yet; retrying in the background');
        this.warned = true;
        await delay(RETRY_MS);
      }
    }
    while (!this.closed && this.connection) {
      try {
        await ensureEventsStream(this.connection);
        break;
      } catch (error) {
        this.log.warn({ err: error }, 'could not ensure the EVENTS stream yet; retrying');
        await delay(RETRY_MS);
      }
    }
    if (this.closed || !this.connection) return;
    this.relay = new OutboxRelay(this.outbox, this.connection, this.name, this.log, this.relayIntervalMs);
    this.relay.start();
    this.log.info('NATS connected; outbox relay running');
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
