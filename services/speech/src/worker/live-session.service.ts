import { createHash, randomInt, type Hash } from 'node:crypto';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import {
  QUEUE_GROUPS,
  SPEECH_CHUNK_HEADERS,
  SPEECH_MESSAGES,
  SUBJECTS,
  UPLOAD_MAX_BYTES,
  chunkOutOfOrderMessage,
  chunksMissingMessage,
  speechSessionCancelSchema,
  speechSessionFinishSchema,
  speechStreamOpenRequestSchema,
  type NatsRefusal,
} from '@story/proto';
import { describeZodError, messageJson } from '@story/service-kit';
import { StageTimeline } from '@story/service-kit/telemetry/stage-timeline';
import { voiceTurnStageDuration } from '@story/service-kit/telemetry/metrics';
import type { LiveTranscription, SpeechToText } from '../engines/speech-engines.ts';
import { kindOfMimeType, sniffAudioKind, type AudioKind } from '../transcribe/audio-format.ts';
import { asRefusal } from './engine-refusals.ts';
import { JobRefusal, type JobRunner } from './job-runner.ts';

export interface LiveSessionServiceOptions {
  maxSessions: number;
  /** A recording that sends no new bytes for this long is dropped. */
  idleSeconds: number;
  /** Seconds past its time limit after which a recording is closed, whatever it still sends. */
  lifetimeMarginSeconds: number;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  clock?: () => Date;
}

interface LiveSession {
  id: string;
  userId: number;
  /** The recording it is, as the front opened it (issue 36): its finish is counted under this, whatever the finish names. */
  recordingId: string | undefined;
  /** The sha-256 of the chunks' bytes taken so far, in order: at the finish, the recording's (a whole file's of the same bytes). */
  audio: Hash;
  live: LiveTranscription;
  /** What the recorder said it records; the first chunk's bytes must agree. */
  kind: AudioKind;
  /** The next chunk expected (chunks are numbered from 0). */
  received: number;
  bytes: number;
  /** When the owner last sent new bytes: nothing else (a chunk sent again, anyone else's request) keeps a session alive. */
  lastHeard: number;
  /** When the session closes, whatever it still sends: its time limit plus a margin after it opened. */
  closesAt: number;
  subscription: Subscription;
  /** Why the recording was refused, once it was (too long, unreadable). */
  refusal: NatsRefusal | undefined;
}

/** How long an ended session's subjects are still answered with 410. */
const LINGER_MS = 5000;

const respond = (msg: Msg, body: unknown): void => void msg.respond(JSON.stringify(body));
const refusal = (status: number, message: string): NatsRefusal => ({ ok: false, status, message });

/**
 * The live recordings this worker transcribes while people speak. A session is opened in the
 * `speech` queue group, then lives on its own subjects (`speech.session.<id>.*`) that only this
 * worker listens to: its chunks reach the one decoder that holds its state. If this worker dies the
 * subjects have no listener, the front answers 410, and the web app sends the recording as a whole.
 *
 * A session holds one of the worker's few slots, so it cannot be kept by sending nothing new: only
 * its owner's new bytes reset its idle time, and it closes at its time limit plus a margin anyway.
 */
export class LiveSessionService {
  private readonly sessions = new Map<string, LiveSession>();
  private openSubscription: Subscription | undefined;
  /** Subjects of ended sessions, still answered "gone" for a moment (see `forget`). */
  private readonly lingering = new Set<Subscription>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly stt: SpeechToText,
    private readonly runner: JobRunner,
    private readonly options: LiveSessionServiceOptions,
  ) {}

  private now(): number {
    return (this.options.clock?.() ?? new Date()).getTime();
  }

  get count(): number {
    return this.sessions.size;
  }

  start(): void {
    this.openSubscription = this.nc.subscribe(SUBJECTS.speechStreamOpen, { queue: QUEUE_GROUPS.speech, callback: (_error, msg) => this.open(msg) });
    this.sweeper = setInterval(() => this.dropIdle(), 1000);
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.openSubscription?.drain().catch(() => undefined);
    for (const session of [...this.sessions.values()]) this.close(session);
    for (const subscription of this.lingering) subscription.unsubscribe();
    this.lingering.clear();
  }

  private open(msg: Msg): void {
    const request = speechStreamOpenRequestSchema.safeParse(messageJson(msg));
    if (!request.success) return respond(msg, refusal(400, describeZodError(request.error)));
    const { userId, maxSeconds, mimeType, recordingId } = request.data;
    const kind = kindOfMimeType(mimeType);
    if (!kind) return respond(msg, refusal(400, 'mimeType must be a webm, ogg or mp4 recording'));
    // A person records one answer at a time: a new recording replaces their older one here.
    for (const session of this.sessions.values()) if (session.userId === userId) this.close(session);
    if (this.sessions.size >= this.options.maxSessions) return respond(msg, refusal(503, SPEECH_MESSAGES.recordersBusy));
    const id = String(randomInt(1, 2 ** 47));
    const now = this.now();
    const session: LiveSession = {
      id,
      userId,
      recordingId,
      audio: createHash('sha256'),
      live: this.stt.openLive(kind, maxSeconds),
      kind,
      received: 0,
      bytes: 0,
      lastHeard: now,
      closesAt: now + (maxSeconds + this.options.lifetimeMarginSeconds) * 1000,
      refusal: undefined,
      subscription: this.nc.subscribe(`speech.session.${id}.*`, { callback: (_error, message) => this.dispatch(id, message) }),
    };
    this.sessions.set(id, session);
    respond(msg, { ok: true, sessionId: id });
  }

  private dispatch(id: string, msg: Msg): void {
    const session = this.sessions.get(id);
    if (!session) return respond(msg, refusal(410, SPEECH_MESSAGES.sessionNotFound));
    const verb = msg.subject.slice(msg.subject.lastIndexOf('.') + 1);
    if (verb === 'chunk') this.chunk(session, msg);
    else if (verb === 'finish') this.finish(session, msg);
    else if (verb === 'cancel') this.cancel(session, msg);
  }

  /** The caller's own session, or a refusal that looks like no session at all. */
  private owned(session: LiveSession, msg: Msg, userId: number | undefined): boolean {
    if (userId === session.userId) return true;
    respond(msg, refusal(410, SPEECH_MESSAGES.sessionNotFound));
    return false;
  }

  private chunk(session: LiveSession, msg: Msg): void {
    const userId = Number(msg.headers?.get(SPEECH_CHUNK_HEADERS.userId));
    const seq = Number(msg.headers?.get(SPEECH_CHUNK_HEADERS.seq));
    if (!this.owned(session, msg, userId)) return;
    if (session.refusal) return respond(msg, session.refusal);
    if (!Number.isInteger(seq) || seq > session.received) return respond(msg, refusal(409, chunkOutOfOrderMessage(session.received, seq)));
    // A chunk sent again (its answer was lost) is already in.
    if (seq < session.received) return respond(msg, { ok: true, received: session.received, heardSeconds: session.live.heardSeconds });
    if (seq === 0 && sniffAudioKind(msg.data) !== session.kind) {
      session.refusal = refusal(415, SPEECH_MESSAGES.unreadableAudio);
      session.live.abort();
      return respond(msg, session.refusal);
    }
    session.bytes += msg.data.length;
    if (msg.data.length > 0) session.lastHeard = this.now();
    if (session.bytes > UPLOAD_MAX_BYTES) {
      session.refusal = refusal(413, SPEECH_MESSAGES.recordingTooLarge);
      session.live.abort();
      return respond(msg, session.refusal);
    }
    session.received += 1;
    session.audio.update(msg.data);
    // Taken at once, in the order the chunks came: the decoder works through them at its own pace (a
    // busy machine must not make the recorder wait), and a refusal it comes to answers the next chunk.
    session.live.write(Buffer.from(msg.data)).catch((error: unknown) => {
      session.refusal ??= this.refusalOf(error, session);
    });
    respond(msg, { ok: true, received: session.received, heardSeconds: session.live.heardSeconds });
  }

  private finish(session: LiveSession, msg: Msg): void {
    const request = speechSessionFinishSchema.safeParse(messageJson(msg));
    if (!request.success) return respond(msg, refusal(400, describeZodError(request.error)));
    if (!this.owned(session, msg, request.data.userId)) return;
    if (session.refusal) return respond(msg, session.refusal);
    if (request.data.chunkCount !== session.received) return respond(msg, refusal(409, chunksMissingMessage(session.received, request.data.chunkCount)));
    this.forget(session);
    const recording = { ...(session.recordingId ? { recordingId: session.recordingId } : {}), audioSha256: session.audio.digest('hex') };
    // Not queued behind other jobs: most of the recording is transcribed already, a person is waiting.
    this.runner.accept(
      msg,
      { jobId: request.data.jobId, userId: session.userId, startWithinMs: 1, kind: 'live', engine: this.stt.name },
      async (signal) => {
        signal.addEventListener('abort', () => session.live.abort(), { once: true });
        const { text, durationSeconds, wordTimings, stages } = await session.live.finish(request.data.vocabulary).catch((error: unknown) => {
          throw asRefusal(error);
        });
        // What was left at Stop, stage by stage: this worker's part of the turn's timeline.
        new StageTimeline(voiceTurnStageDuration, 'live', 'voice turn').add(stages ?? []);
        return { type: 'transcribed', transcript: text, durationSeconds, wordTimings, ...recording };
      },
      false,
    );
  }

  private cancel(session: LiveSession, msg: Msg): void {
    const request = speechSessionCancelSchema.safeParse(messageJson(msg));
    if (!this.owned(session, msg, request.success ? request.data.userId : undefined)) return;
    this.close(session);
    respond(msg, { ok: true });
  }

  private refusalOf(error: unknown, session: LiveSession): NatsRefusal {
    const known = asRefusal(error);
    if (known instanceof JobRefusal) return refusal(known.status, known.message);
    this.options.log.warn({ err: error, session: session.id }, 'live transcription failed');
    return refusal(410, SPEECH_MESSAGES.sessionNotFound);
  }

  /** Closes the sessions that sent nothing new for too long, and those past their lifetime. */
  dropIdle(): void {
    const now = this.now();
    const oldest = now - this.options.idleSeconds * 1000;
    for (const session of this.sessions.values()) if (session.lastHeard < oldest || session.closesAt <= now) this.close(session);
  }

  /**
   * Forgets the session; its transcription goes on (a finish is using it). Its subjects are still
   * answered for a few seconds, with 410: a request sent by another connection just before the
   * unsubscription reached the server would otherwise be lost and time out as a 503.
   */
  private forget(session: LiveSession): void {
    this.sessions.delete(session.id);
    this.lingering.add(session.subscription);
    const timer = setTimeout(() => {
      this.lingering.delete(session.subscription);
      session.subscription.unsubscribe();
    }, LINGER_MS);
    timer.unref();
  }

  private close(session: LiveSession): void {
    this.forget(session);
    session.live.abort();
  }
}
