import { headers as natsHeaders } from '@nats-io/transport-node';
import {
  SPEECH_CHUNK_HEADERS,
  SPEECH_MESSAGES,
  SUBJECTS,
  serviceUnavailableMessage,
  speechCancelReplySchema,
  speechChunkReplySchema,
  speechSessionSubject,
  speechStreamOpenReplySchema,
} from '@story/proto';
import { HttpError, messageJson, type NatsLink } from '@story/service-kit';
import { ask, connectionFor, isNoResponders, timedRequest } from '@story/service-kit';

const ASK_TIMEOUT_MS = 5000;
const RETRY_TIMEOUT_MS = 2000;

/** A session's worker is gone or never was: 410, and the web app sends the recording whole. */
const sessionGone = () => new HttpError(410, SPEECH_MESSAGES.sessionNotFound);
const speechUnavailable = () => new HttpError(503, serviceUnavailableMessage('speech'));

/** What a worker said back about a session, or the refusal it passes on. */
function passOn<T extends { ok: true }>(answer: { ok: false; status: number; message: string } | T): T {
  if (!answer.ok) throw new HttpError(answer.status, answer.message);
  return answer;
}

/**
 * The speech front's side of a live recording on the worker that holds it, over NATS: opening it
 * (any worker, through the queue group), feeding it chunks and cancelling it (that worker, by the
 * session's subject). A worker's refusal is passed on with its status; a worker that is gone is a
 * 410, and NATS that does not answer a 503.
 */
export class VoiceSessionClient {
  constructor(private readonly nats: NatsLink) {}

  /**
   * Opens a session on a worker for `mimeType` recordings of at most `maxSeconds`; its id. The
   * worker keeps `recordingId` and reports it with the transcript: the recording the session is.
   */
  async open(userId: number, mimeType: string, maxSeconds: number, recordingId?: string): Promise<string> {
    const request = { userId, mimeType, maxSeconds, ...(recordingId ? { recordingId } : {}) };
    const answer = speechStreamOpenReplySchema.parse(await ask(this.nats, 'speech', SUBJECTS.speechStreamOpen, request, ASK_TIMEOUT_MS));
    return passOn(answer).sessionId;
  }

  /** Hands the session's worker the recorder's `seq`-th chunk; what it has received and heard so far. */
  async sendChunk(userId: number, sessionId: number, seq: number, chunk: Buffer): Promise<{ received: number; heardSeconds: number }> {
    const nc = connectionFor(this.nats, 'speech');
    const headers = natsHeaders();
    headers.set(SPEECH_CHUNK_HEADERS.userId, String(userId));
    headers.set(SPEECH_CHUNK_HEADERS.seq, String(seq));
    const subject = speechSessionSubject(String(sessionId), 'chunk');
    const request = async (timeout: number) => messageJson(await timedRequest(nc, subject, chunk, { timeout, headers }));
    let raw: unknown;
    try {
      // A chunk sent again is taken as already in, so a chunk whose answer was lost is asked again
      // once: a worker that died a moment ago is then known to be gone (410), not a silent 503.
      raw = await request(ASK_TIMEOUT_MS).catch((error: unknown) => {
        if (isNoResponders(error)) throw error;
        return request(RETRY_TIMEOUT_MS);
      });
    } catch (error) {
      if (isNoResponders(error)) throw sessionGone();
      throw speechUnavailable();
    }
    const { received, heardSeconds } = passOn(speechChunkReplySchema.parse(raw));
    return { received, heardSeconds };
  }

  /** Ends the session on its worker; a session already gone is cancelled all the same. */
  async cancel(userId: number, sessionId: number): Promise<void> {
    const nc = connectionFor(this.nats, 'speech');
    try {
      const answer = await timedRequest(nc, speechSessionSubject(String(sessionId), 'cancel'), JSON.stringify({ userId }), { timeout: ASK_TIMEOUT_MS });
      passOn(speechCancelReplySchema.parse(messageJson(answer)));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode !== 410) throw error;
      if (!(error instanceof HttpError) && !isNoResponders(error)) throw speechUnavailable();
    }
  }
}
