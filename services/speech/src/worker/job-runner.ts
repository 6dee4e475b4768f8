import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import { HTTP_MESSAGES, SPEECH_MESSAGES, speechJobSubject, type NatsRefusal, type SpeechJobEvent } from '@story/proto';
import { inMessageSpan } from '@story/service-kit';
import { speechJobDuration, speechQueueDepth } from '@story/service-kit/telemetry/metrics';
import { WorkCancelledError } from '../engines/speech-engines.ts';

/** A job's work: its result event, or a refusal the asker passes on. `signal` aborts when nobody waits for it any more. */
export type JobWork = (signal: AbortSignal) => Promise<SpeechJobEvent>;

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
  /** Jobs that may wait for a turn; past it a job is refused at once as busy. */
  maxWaiting: number;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

/** Whose job it is and how long it may wait for its turn. */
export interface JobTicket {
  jobId: string;
  userId: number;
  /** Dropped (as busy) when its turn has not come by then: the person is not kept waiting forever. */
  startWithinMs: number;
  /** What the job is and which engine does it (the labels of `story_speech_job_duration_seconds`). */
  kind: 'transcribe' | 'synthesize' | 'live';
  engine: string;
}

interface WaitingJob {
  ticket: JobTicket;
  start: () => void;
  expiry: NodeJS.Timeout;
}

const busy = (): SpeechJobEvent => ({ type: 'failed', status: 503, message: SPEECH_MESSAGES.speechBusy });

/**
 * Runs a worker's jobs: accepts each at once (the NATS reply), then says "working" on the job's
 * subject every heartbeat until it reports the result. The front takes a silent job for a dead
 * worker and gives it to another, so a heartbeat is a promise that the result is still coming.
 *
 * Jobs wait in one queue per person and are started in turn across people (round robin), so one
 * person's pile of uploads never stands between another person and the worker for more than the
 * job already running. A job whose requester has gone (a cancel on `speech.job.<id>.cancel`) is
 * dropped from its queue, or stopped if it runs; one that cannot start in time is dropped as busy.
 */
export class JobRunner {
  private running = 0;
  /** Waiting jobs, per person, in arrival order. */
  private readonly queues = new Map<number, WaitingJob[]>();
  /** When each person's last job started (a counter): the next turn goes to whoever waited longest since theirs. */
  private readonly lastStarted = new Map<number, number>();
  private starts = 0;
  private waitingCount = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly controllers = new Map<string, AbortController>();
  private cancelSubscription: Subscription | undefined;
  private readonly unwatch: () => void;

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: JobRunnerOptions,
  ) {
    this.unwatch = speechQueueDepth.watch(this);
  }

  /** Jobs accepted and not yet reported. */
  get active(): number {
    return this.inFlight.size;
  }

  /** Jobs accepted and waiting for their turn. */
  get waitingJobs(): number {
    return this.waitingCount;
  }

  /** Jobs accepted and past their wait (running, or finishing a live recording). */
  get runningJobs(): number {
    return this.inFlight.size - this.waitingCount;
  }

  /** Listens for the fronts' cancellations (every worker hears them; the one with the job acts). */
  listenForCancels(): void {
    this.cancelSubscription = this.nc.subscribe('speech.job.*.cancel', {
      callback: (_error, msg) => {
        const jobId = msg.subject.split('.')[2] ?? '';
        this.cancel(jobId);
      },
    });
  }

  /**
   * Accepts the job of `msg`, or refuses it as busy when too many wait already. `exclusive` false
   * lets it skip the queue (a live recording's last step, which is short and already mostly done).
   */
  accept(msg: Msg, ticket: JobTicket, work: JobWork, exclusive = true): void {
    if (exclusive && this.running >= this.options.concurrency && this.waitingCount >= this.options.maxWaiting) {
      JobRunner.refuse(msg, { ok: false, status: 503, message: SPEECH_MESSAGES.speechBusy });
      return;
    }
    msg.respond(JSON.stringify({ ok: true, worker: this.options.worker }));
    const subject = speechJobSubject(ticket.jobId);
    const report = (event: SpeechJobEvent) => this.nc.publish(subject, JSON.stringify(event));
    const heartbeat = setInterval(() => report({ type: 'working', worker: this.options.worker }), this.options.heartbeatMs);
    const controller = new AbortController();
    // Nobody listens any more: no more "working" from the moment it is cancelled.
    controller.signal.addEventListener('abort', () => clearInterval(heartbeat), { once: true });
    this.controllers.set(ticket.jobId, controller);
    const timer = speechJobDuration.startTimer({ engine: ticket.engine, kind: ticket.kind });
    let outcome = 'ok';
    // The job's span (waiting for its turn, the work, the report) continues the asker's trace.
    const job = inMessageSpan(msg, 'consumer', async () => {
      try {
        const turn = exclusive ? await this.turnOf(ticket, controller.signal) : 'started';
        if (turn !== 'started') {
          this.options.log.debug({ jobId: ticket.jobId, userId: ticket.userId, turn }, 'speech job dropped before it ran');
          outcome = turn;
          if (turn === 'expired') report(busy());
          return;
        }
        try {
          report(await work(controller.signal));
        } catch (error) {
          if (controller.signal.aborted || error instanceof WorkCancelledError) {
            this.options.log.debug({ jobId: ticket.jobId, userId: ticket.userId }, 'speech job stopped: nobody waits for it');
            outcome = 'cancelled';
            return;
          }
          outcome = error instanceof JobRefusal ? 'refused' : 'failed';
          report(this.failure(error, ticket.jobId));
        } finally {
          if (exclusive) this.release();
        }
      } finally {
        clearInterval(heartbeat);
        this.controllers.delete(ticket.jobId);
        timer({ outcome });
      }
    });
    this.inFlight.add(job);
    void job.finally(() => this.inFlight.delete(job));
  }

  /** Nobody waits for this job any more: drop it from its queue, or stop it if it runs. */
  cancel(jobId: string): void {
    this.controllers.get(jobId)?.abort();
  }

  /** Refuses a job without running it. */
  static refuse(msg: Msg, refusal: NatsRefusal): void {
    msg.respond(JSON.stringify(refusal));
  }

  /** Waits for the jobs in flight (a worker shutting down finishes what it accepted). */
  async drain(): Promise<void> {
    this.cancelSubscription?.unsubscribe();
    await Promise.allSettled([...this.inFlight]);
    this.unwatch();
  }

  private failure(error: unknown, jobId: string): SpeechJobEvent {
    if (error instanceof JobRefusal) return { type: 'failed', status: error.status, message: error.message };
    this.options.log.error({ err: error, jobId }, 'speech job failed');
    return { type: 'failed', status: 500, message: HTTP_MESSAGES.internal };
  }

  /** Waits for the job's turn: started, or dropped because its requester left or its time ran out. */
  private turnOf(ticket: JobTicket, signal: AbortSignal): Promise<'started' | 'cancelled' | 'expired'> {
    if (signal.aborted) return Promise.resolve('cancelled');
    if (this.running < this.options.concurrency && this.waitingCount === 0) {
      this.running += 1;
      this.started(ticket.userId);
      return Promise.resolve('started');
    }
    return new Promise((resolve) => {
      const leave = (outcome: 'cancelled' | 'expired') => {
        if (this.remove(waiting)) resolve(outcome);
      };
      const waiting: WaitingJob = {
        ticket,
        start: () => {
          clearTimeout(waiting.expiry);
          signal.removeEventListener('abort', onAbort);
          resolve('started');
        },
        expiry: setTimeout(() => leave('expired'), ticket.startWithinMs),
      };
      const onAbort = () => leave('cancelled');
      signal.addEventListener('abort', onAbort, { once: true });
      const queue = this.queues.get(ticket.userId);
      if (queue) queue.push(waiting);
      else this.queues.set(ticket.userId, [waiting]);
      this.waitingCount += 1;
    });
  }

  /** Takes a waiting job out of its queue; false when it had already left it (started). */
  private remove(waiting: WaitingJob): boolean {
    const queue = this.queues.get(waiting.ticket.userId);
    const index = queue?.indexOf(waiting) ?? -1;
    if (!queue || index < 0) return false;
    clearTimeout(waiting.expiry);
    queue.splice(index, 1);
    if (queue.length === 0) this.queues.delete(waiting.ticket.userId);
    this.waitingCount -= 1;
    return true;
  }

  private started(userId: number): void {
    if (this.lastStarted.size > 10_000) this.lastStarted.clear();
    this.starts += 1;
    this.lastStarted.set(userId, this.starts);
  }

  /**
   * A slot is free: of the people waiting, the one whose last job started longest ago (or never)
   * starts their oldest job. So a person with a pile of jobs takes every other turn at most.
   */
  private release(): void {
    let next: [number, WaitingJob[]] | undefined;
    for (const entry of this.queues) {
      if (!next || (this.lastStarted.get(entry[0]) ?? 0) < (this.lastStarted.get(next[0]) ?? 0)) next = entry;
    }
    if (!next) {
      this.running -= 1;
      return;
    }
    const [userId, queue] = next;
    const waiting = queue.shift();
    if (queue.length === 0) this.queues.delete(userId);
    this.waitingCount -= 1;
    this.started(userId);
    waiting?.start();
  }
}
