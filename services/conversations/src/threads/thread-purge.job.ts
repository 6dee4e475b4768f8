import type { FastifyBaseLogger } from 'fastify';
import type { LeaseStore, OutboxStore } from '@story/service-kit';
import { threadPurgedEvent } from '../nats/domain-events.ts';
import type { ThreadRepository } from './thread.repository.ts';

export const PURGE_LEASE = 'thread-purge';
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;
/** Idempotency keys and published outbox rows are kept this long, then dropped with the purge. */
const BOOKKEEPING_RETENTION_MS = 7 * DAY_MS;

export interface ThreadPurgeOptions {
  threads: ThreadRepository;
  leases: LeaseStore;
  outbox: OutboxStore;
  clock: () => Date;
  retentionDays: number;
  intervalMs: number;
  /** Who this instance is, for the lease. */
  owner: string;
  log: FastifyBaseLogger;
  onEventsWritten: () => void;
}

export type PurgeRun = { ran: false } | { ran: true; purged: number };

/**
 * Deletes for good the threads that have sat in the deleted folder longer than the retention, with
 * their messages, publishing `events.thread.purged` for each (outbox, same transaction).
 *
 * It works from the stored `deletedAt`, not from timers, so a restart loses nothing: it runs once at
 * start and then every interval. Only one instance runs it: each run first takes (or renews) a
 * lease row in the service's own database, held for two intervals, so a dead holder is replaced
 * after that (see `LeaseStore` in the service kit).
 */
export class ThreadPurgeJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<PurgeRun> | undefined;
  private stopped = true;

  constructor(private readonly options: ThreadPurgeOptions) {}

  /** Runs now, then every interval, until stopped. */
  start(): void {
    this.stopped = false;
    void this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
    await this.options.leases.release(PURGE_LEASE, this.options.owner).catch(() => undefined);
  }

  /** One run: take the lease, purge what has expired. `{ ran: false }` when another instance holds the lease. */
  async runOnce(): Promise<PurgeRun> {
    const { threads, leases, outbox, clock, retentionDays, intervalMs, owner } = this.options;
    const now = clock();
    const leaseMs = Math.max(2 * intervalMs, 60_000);
    if (!(await leases.acquire(PURGE_LEASE, owner, now.getTime(), leaseMs))) return { ran: false };
    const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
    const at = now.toISOString();
    let purged = 0;
    for (;;) {
      const batch = await threads.purgeDeletedThreads(cutoff, BATCH, (thread) => threadPurgedEvent(thread, at));
      purged += batch.length;
      if (batch.length > 0) this.options.onEventsWritten();
      if (batch.length < BATCH) break;
    }
    const bookkeepingCutoff = new Date(now.getTime() - BOOKKEEPING_RETENTION_MS).toISOString();
    await threads.pruneIdempotencyKeys(bookkeepingCutoff);
    await outbox.prunePublished(bookkeepingCutoff);
    if (purged > 0) this.options.log.info({ purged, cutoff }, 'purged deleted threads');
    return { ran: true, purged };
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    this.running = this.runOnce();
    try {
      await this.running;
    } catch (error) {
      this.options.log.error({ err: error }, 'thread purge failed; will try again next interval');
    } finally {
      this.running = undefined;
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
  }
}
