import type { Msg, NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { HTTP_MESSAGES, speechJobSubject, type NatsRefusal, type SpeechJobEvent } from '@story/proto';

/** A job's work: its result event, or a refusal the asker passes on. */
export type JobWork = () => Promise<SpeechJobEvent>;

/** An error whose status and message the asker may pass on to the person (too long, unreadable). */
export class JobRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'JobRefusal';
  }
}

export interface JobRunnerOptions {
  /** This worker's name, in its acceptances (logs and tests tell workers apart by it). */
  worker: string;
  /** Jobs run at once; more wait their turn (and are reported as working meanwhile). */
  concurrency: number;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

/**
 * Runs a worker's jobs: accepts each at once (the NATS reply), then says "working" on the job's
 * subject every heartbeat until it reports the result. The front takes a silent job for a dead
 * worker and gives it to another, so a heartbeat is a promise that the result is still coming.
 */
export class JobRunner {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: JobRunnerOptions,
  ) {}

  /** Jobs accepted and not yet reported. */
  get active(): number {
    return this.inFlight.size;
  }

  /** Accepts the job of `msg`; `exclusive` false lets it skip the queue (a live recording's last step, which is short). */
  accept(msg: Msg, jobId: string, work: JobWork, exclusive = true): void {
    msg.respond(JSON.stringify({ ok: true, worker: this.options.worker }));
    const subject = speechJobSubject(jobId);
    const report = (event: SpeechJobEvent) => this.nc.publish(subject, JSON.stringify(event));
    const heartbeat = setInterval(() => report({ type: 'working', worker: this.options.worker }), this.options.heartbeatMs);
    const job = (async () => {
      if (exclusive) await this.slot();
      try {
        report(await work());
      } catch (error) {
        report(this.failure(error, jobId));
      } finally {
        if (exclusive) this.release();
        clearInterval(heartbeat);
      }
    })();
    this.inFlight.add(job);
    void job.finally(() => this.inFlight.delete(job));
  }

  /** Refuses a job without running it. */
  static refuse(msg: Msg, refusal: NatsRefusal): void {
    msg.respond(JSON.stringify(refusal));
  }

  /** Waits for the jobs in flight (a worker shutting down finishes what it accepted). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private failure(error: unknown, jobId: string): SpeechJobEvent {
    if (error instanceof JobRefusal) return { type: 'failed', status: error.status, message: error.message };
    this.options.log.error({ err: error, jobId }, 'speech job failed');
    return { type: 'failed', status: 500, message: HTTP_MESSAGES.internal };
  }

  private async slot(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
