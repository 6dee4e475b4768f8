import { randomUUID } from 'node:crypto';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import {
  SPEECH_MESSAGES,
  serviceUnavailableMessage,
  speechJobAcceptedSchema,
  speechJobCancelSubject,
  speechJobEventSchema,
  speechJobSubject,
  type SpeechJobEvent,
} from '@story/proto';
import { HttpError, messageJson, type NatsLink } from '@story/service-kit';
import { connectionFor, isNoResponders, timedRequest } from '@story/service-kit';

export interface SpeechJobClientOptions {
  /** Silence after which the worker doing a job counts as gone. */
  stallMs: number;
  /** Workers a job is tried on, in all. */
  attempts: number;
  /** How long a job may wait for its turn on a worker (then the person is told the service is busy). */
  startWithinMs: number;
  log: FastifyBaseLogger;
}

/** What a job is asked with besides its own fields: whose it is, and the signal of the request waiting for it. */
export interface JobRequestOptions {
  userId: number;
  /** Aborts when the person's request has ended (closed, timed out): the job is cancelled on its worker. */
  signal?: AbortSignal | undefined;
}

/** The request waiting for a job has ended: nobody will read its answer. */
export class RequestAbandoned extends HttpError {
  constructor() {
    super(499, 'The request ended before its speech work was done.');
  }
}

const busy = () => new HttpError(503, SPEECH_MESSAGES.speechBusy, { 'retry-after': '30' });
const isBusy = (error: unknown) => error instanceof HttpError && error.statusCode === 503 && error.message === SPEECH_MESSAGES.speechBusy;

/** A job's result: what the worker reports when it is done. */
export type SpeechJobResult = Exclude<SpeechJobEvent, { type: 'working' } | { type: 'failed' }>;

const NO_WORKER = serviceUnavailableMessage('speech');

/** A worker that stopped reporting (killed, frozen, cut off). */
class WorkerGone extends Error {
  constructor(readonly jobId: string) {
    super(`speech job ${jobId}: the worker went silent`);
  }
}

/** The next message of a subscription, or undefined after `timeoutMs` of silence. */
async function nextMessage(messages: AsyncIterator<Msg>, timeoutMs: number): Promise<Msg | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    const next = await Promise.race([messages.next(), silence]);
    return next && !next.done ? next.value : undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** `work`, or RequestAbandoned as soon as `signal` aborts. */
async function unlessAbandoned<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  // Once abandoned, the work's own end is nobody's business: it must not surface as unhandled.
  work.catch(() => undefined);
  if (signal.aborted) throw new RequestAbandoned();
  let onAbort: (() => void) | undefined;
  const abandoned = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(new RequestAbandoned());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, abandoned]);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/**
 * The front's side of speech jobs. A job goes to the `speech` queue group; the worker that takes it
 * accepts at once and then reports on the job's own subject every second until the result. When a
 * worker goes silent (it died mid-job) the job is sent again, to whichever worker the queue group
 * picks, up to `attempts` times; then a clear 503. So no request is lost to a dying worker, and none
 * waits longer than attempts × stall for one that is gone.
 *
 * Work nobody waits for is not done: when the person's request ends (or a worker is given up on),
 * the front says so on `speech.job.<id>.cancel`, and the worker drops the job from its queue or
 * stops it. A worker whose queue is full refuses at once; the job is offered again (another worker
 * may be free), and then the person is told the service is busy, within seconds, not minutes.
 */
export class SpeechJobClient {
  constructor(
    private readonly nats: NatsLink,
    private readonly options: SpeechJobClientOptions,
  ) {}

  /** Runs a job of the queue group (`speech.transcribe`, `speech.synthesize`), on another worker if one dies or is full. */
  async run(subject: string, request: (jobId: string) => object, options: JobRequestOptions): Promise<SpeechJobResult> {
    const lost = new HttpError(503, SPEECH_MESSAGES.workerLost);
    let wasBusy = false;
    for (let attempt = 1; attempt <= this.options.attempts; attempt++) {
      try {
        return await this.once(subject, this.ticketed(request, options), NO_WORKER, 503, options.signal);
      } catch (error) {
        if (isBusy(error)) {
          wasBusy = true;
          continue;
        }
        // The worker died mid-job and no other is left: say what happened to this request.
        if (attempt > 1 && error instanceof HttpError && error.message === NO_WORKER) throw wasBusy ? busy() : lost;
        if (!(error instanceof WorkerGone)) throw error;
        this.options.log.warn({ subject, attempt, jobId: error.jobId }, 'speech worker went silent mid-job; trying another');
      }
    }
    throw wasBusy ? busy() : lost;
  }

  /**
   * Runs a job on one particular worker (a live recording's finish: only the worker holding the
   * recording can). When it is gone the answer is 410, and the web app sends the recording whole.
   */
  async runOnce(subject: string, request: (jobId: string) => object, options: JobRequestOptions): Promise<SpeechJobResult> {
    try {
      return await this.once(subject, this.ticketed(request, options), SPEECH_MESSAGES.sessionNotFound, 410, options.signal);
    } catch (error) {
      if (error instanceof WorkerGone) throw new HttpError(410, SPEECH_MESSAGES.sessionNotFound);
      throw error;
    }
  }

  /** The job's body with whose it is and how long it may wait for its turn. */
  private ticketed(request: (jobId: string) => object, options: JobRequestOptions): (jobId: string) => object {
    return (jobId) => ({ ...request(jobId), userId: options.userId, startWithinMs: this.options.startWithinMs });
  }

  private async once(
    subject: string,
    request: (jobId: string) => object,
    nobodyMessage: string,
    nobodyStatus: number,
    signal: AbortSignal | undefined,
  ): Promise<SpeechJobResult> {
    const nc = connectionFor(this.nats, 'speech');
    const jobId = randomUUID().replace(/-/g, '');
    // Listen before asking: the first report may come right after the acceptance.
    const reports = nc.subscribe(speechJobSubject(jobId));
    /** Whether the worker had the last word (a result or a refusal): otherwise it is told to stop. */
    let settled = false;
    try {
      await unlessAbandoned(this.accepted(nc, subject, request(jobId), jobId, nobodyMessage, nobodyStatus), signal);
      const result = await unlessAbandoned(this.result(reports, jobId), signal);
      settled = true;
      return result;
    } catch (error) {
      settled = error instanceof HttpError && !(error instanceof RequestAbandoned);
      throw error;
    } finally {
      reports.unsubscribe();
      if (!settled && !nc.isClosed()) nc.publish(speechJobCancelSubject(jobId), '{}');
    }
  }

  private async accepted(nc: NatsConnection, subject: string, body: object, jobId: string, nobodyMessage: string, nobodyStatus: number): Promise<void> {
    let raw: unknown;
    try {
      raw = (await timedRequest(nc, subject, JSON.stringify(body), { timeout: this.options.stallMs })).json<unknown>();
    } catch (error) {
      if (isNoResponders(error)) throw new HttpError(nobodyStatus, nobodyMessage);
      throw new WorkerGone(jobId);
    }
    const answer = speechJobAcceptedSchema.safeParse(raw);
    if (!answer.success) throw new HttpError(503, NO_WORKER);
    if (!answer.data.ok) throw new HttpError(answer.data.status, answer.data.message);
  }

  private async result(reports: Subscription, jobId: string): Promise<SpeechJobResult> {
    const messages = reports[Symbol.asyncIterator]();
    for (;;) {
      const message = await nextMessage(messages, this.options.stallMs);
      if (!message) throw new WorkerGone(jobId);
      const event = speechJobEventSchema.safeParse(messageJson(message));
      if (!event.success || event.data.type === 'working') continue;
      if (event.data.type === 'failed') throw new HttpError(event.data.status, event.data.message);
      return event.data;
    }
  }
}
