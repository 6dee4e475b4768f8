import type { TranscribeResponse } from '@story/proto';
import { ApiError } from '../../api/http-client.ts';
import type { SpokenTurn } from '../api/voice.api.ts';
import type { TurnContext } from './turn-context.ts';

/** The calls a live recording makes (voice.api.ts; tests pass their own). */
export interface LiveRecordingApi {
  open(mimeType: string, recordingId: string): Promise<string>;
  send(sessionId: string, seq: number, chunk: Blob): Promise<void>;
  finish(sessionId: string, chunkCount: number, turn: TurnContext, recordingId: string): Promise<SpokenTurn>;
  cancel(sessionId: string, recordingId: string): Promise<void>;
  /** The single POST /api/transcribe of the specification: the fallback. */
  whole(file: File, turn: TurnContext, recordingId: string): Promise<TranscribeResponse>;
}

/**
 * Whether a failed live step is worth the whole recording sent again: the session was lost (its
 * worker died: 410), some chunks did not arrive (409), the service or the network failed. A refusal
 * about the recording itself (too long, nothing heard: 422) or a spent budget (429) would come back
 * the same, so it is shown instead.
 */
export function isStreamFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 409 || error.status === 410 || error.status >= 500;
  return error instanceof TypeError;
}

/**
 * A recording streamed to the speech service while the person speaks: each chunk is sent as the
 * recorder makes it, in order, so that at Stop only the last second is left to recognise. When
 * streaming is not possible (the session could not be opened, a chunk was refused, the worker
 * died) the recording is sent whole at Stop, and gets the same transcript.
 */
export class LiveRecording {
  private readonly session: Promise<string | null>;
  private sending: Promise<void> = Promise.resolve();
  private chunks = 0;
  private delivered = 0;
  private broken = false;
  /** A refusal of the recording itself (the month's minutes are used: 403): nothing is sent, the person is told. */
  private refusal: unknown;
  constructor(
    private readonly api: LiveRecordingApi,
    mimeType: string,
    /**
     * One id for the live session and its whole-file fallback, so the month's minutes count it once
     * (issue 21); a recording sent again in a new session keeps its first id (a mock interview then
     * knows it is the same answer).
     */
    readonly recordingId: string = crypto.randomUUID(),
  ) {
    this.session = api.open(mimeType, this.recordingId).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 403) this.refusal = error;
      console.warn('Live transcription is not available; the recording will be sent at Stop', error);
      this.broken = true;
      return null;
    });
  }

  /** Whether the recording still streams (false: it will be sent whole). */
  get streaming(): boolean {
    return !this.broken;
  }

  /** The recorder's next chunk. */
  add(chunk: Blob): void {
    const seq = this.chunks;
    this.chunks += 1;
    this.sending = this.sending.then(async () => {
      const sessionId = await this.session;
      if (!sessionId || this.broken) return;
      try {
        await this.api.send(sessionId, seq, chunk);
        this.delivered = seq + 1;
      } catch (error) {
        console.warn(`Chunk ${seq} was not taken; the recording will be sent at Stop`, error);
        this.broken = true;
      }
    });
  }

  /** Stop: the turn's answer from the live session, or from the whole recording when streaming broke. */
  async finish(whole: File, turn: TurnContext): Promise<SpokenTurn> {
    await this.sending;
    const sessionId = await this.session;
    if (this.refusal) throw this.refusal;
    if (sessionId && !this.broken && this.delivered === this.chunks && this.chunks > 0) {
      try {
        return await this.api.finish(sessionId, this.chunks, turn, this.recordingId);
      } catch (error) {
        if (!isStreamFailure(error)) throw error;
        console.warn('The live session could not finish; sending the recording whole', error);
      }
    }
    return this.api.whole(whole, turn, this.recordingId);
  }

  /** Restart or leave: the session is dropped and nothing more is sent. */
  cancel(): void {
    this.broken = true;
    void this.session.then((sessionId) => (sessionId ? this.api.cancel(sessionId, this.recordingId).catch(() => undefined) : undefined));
  }
}
