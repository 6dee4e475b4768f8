import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { natsCredentials, type BaseEnv } from './config.ts';
import { connectNats, type NatsCredentials } from './nats.ts';
import type { ReadinessCheck } from './http-app.ts';

/** A step to run once connected: subscribe responders, make sure a stream exists, start a relay. */
export type NatsSetup = (nc: NatsConnection, log: FastifyBaseLogger) => Promise<void> | void;

export interface NatsLinkOptions {
  url: string;
  /** The connection's name (the service's name), shown in the server's monitoring. */
  name: string;
  /** Its own NATS user (`natsCredentials(config)`); without, it connects anonymously (an open test server). */
  credentials?: NatsCredentials;
  /** Pause between connection or setup attempts. */
  retryMs?: number;
  /** JetStream replicas of the streams and buckets made over this link (`JETSTREAM_REPLICAS`). */
  replicas?: number;
}

/** A logger that drops everything (a NatsLink's until `start` gives the app's; tests' too). */
export const silentLog: FastifyBaseLogger = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => silentLog,
};

const isAuthorizationError = (error: unknown) => error instanceof Error && /authorization/i.test(`${error.name} ${error.message}`);

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * A service's one link to NATS, made in the background: HTTP serves from the first moment, and
 * what needs NATS (responders, the outbox relay, stream set-up) is registered with `onConnect` and
 * runs once the server answers, each step retried until it succeeds. The connection then reconnects
 * for ever, so subscriptions and publishing survive a NATS restart.
 */
export class NatsLink {
  private connection: NatsConnection | undefined;
  private readonly setups: NatsSetup[] = [];
  private started: Promise<NatsConnection | undefined> | undefined;
  private closed = false;
  private setUp = false;
  private log: FastifyBaseLogger | undefined;

  constructor(private readonly options: NatsLinkOptions) {}

  /** The link of a service: NATS_URL, and its own NATS_USER / NATS_PASSWORD when the environment gives them. */
  static forService(config: Pick<BaseEnv, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD'> & Partial<Pick<BaseEnv, 'JETSTREAM_REPLICAS'>>, name: string): NatsLink {
    return new NatsLink({ url: config.NATS_URL, name, credentials: natsCredentials(config), replicas: config.JETSTREAM_REPLICAS });
  }

  /** Adds a set-up step; steps run in the order added, before `ready()` resolves. */
  onConnect(setup: NatsSetup): void {
    if (this.started) throw new Error('NatsLink.onConnect must be called before start()');
    this.setups.push(setup);
  }

  /** Starts connecting in the background; resolves at once. Calling it again does nothing. */
  start(log: FastifyBaseLogger): void {
    this.log = log;
    this.started ??= this.connectLoop();
  }

  /** Resolves once connected and every set-up step has run (tests and start-up ordering). */
  async ready(): Promise<NatsConnection> {
    if (!this.started) throw new Error('NatsLink.ready() before start()');
    const nc = await this.started;
    if (!nc) throw new Error('NATS link closed before it connected');
    return nc;
  }

  /** The connection, once it is open and every set-up step has run. */
  get nc(): NatsConnection | undefined {
    return this.setUp && this.connection && !this.connection.isClosed() ? this.connection : undefined;
  }

  /**
   * The connection once set up, waiting up to `ms` for a link still coming up (an instance just started,
   * whose set-up steps may run after HTTP serves). Undefined if it is not set up by then, or is closed.
   */
  async setUpWithin(ms: number): Promise<NatsConnection | undefined> {
    if (this.nc || !this.started || this.closed) return this.nc;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    await Promise.race([this.started.catch(() => undefined), late]);
    clearTimeout(timer);
    return this.nc;
  }

  /** A readiness check: connected, set up, and a round trip within a second. */
  readiness(): ReadinessCheck {
    return async () => {
      const nc = this.nc;
      if (!nc) throw new Error('not connected to NATS');
      await Promise.race([nc.flush(), delay(1000).then(() => Promise.reject(new Error('no answer from NATS within 1 s')))]);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const nc = this.connection;
    if (!nc || nc.isClosed()) return;
    // Drain waits for the server; while NATS is away that could be for ever, so give it two seconds.
    const drained = await Promise.race([
      nc.drain().then(
        () => true,
        () => false,
      ),
      delay(2000).then(() => false),
    ]);
    if (!drained && !nc.isClosed()) await nc.close();
  }

  private async connectLoop(): Promise<NatsConnection | undefined> {
    const retryMs = this.options.retryMs ?? 1000;
    let warned = false;
    let pending: NatsConnection | undefined;
    while (!this.closed && !pending) {
      try {
        // Not waitOnFirstConnect: a pending first connect could not be cancelled by close().
        pending = await connectNats(this.options.url, this.options.name, {
          waitOnFirstConnect: false,
          credentials: this.options.credentials,
          replicas: this.options.replicas,
        });
      } catch (error) {
        // Refused credentials are a configuration error, not an outage: say so every time.
        if (isAuthorizationError(error))
          this.log?.error({ err: error, user: this.options.credentials?.user ?? '(none)' }, 'NATS refused this process (NATS_USER / NATS_PASSWORD); retrying');
        else if (!warned) this.log?.warn({ err: error }, 'NATS not reachable yet; retrying in the background');
        warned = true;
        await delay(retryMs);
      }
    }
    if (!pending) return undefined;
    this.connection = pending;
    if (this.closed) {
      await pending.close();
      return undefined;
    }
    for (const setup of this.setups) {
      while (!this.closed) {
        try {
          await setup(pending, this.log ?? silentLog);
          break;
        } catch (error) {
          this.log?.warn({ err: error }, 'NATS set-up step failed; retrying');
          await delay(retryMs);
        }
      }
    }
    if (this.closed) return undefined;
    this.setUp = true;
    this.log?.info('NATS connected');
    return pending;
  }
}
