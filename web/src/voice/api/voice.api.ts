import {
  CSRF_HEADER,
  REPLY_STREAM_CONTENT_TYPE,
  replyStreamLineSchema,
  streamedTurnSchema,
  transcribeResponseSchema,
  voiceChunkResponseSchema,
  voiceSessionResponseSchema,
  type ReplyAudioPart,
  type TranscribeResponse,
} from '@story/proto';
import { ApiError, httpClient } from '../../api/http-client.ts';
import type { TurnContext } from '../lib/turn-context.ts';

/*
 * Speech goes over REST: live-recording chunks, the finished recording's streamed answer, whole
 * recordings and uploads (multipart), and dropping a recording.
 */

/** Opens a live recording (the gateway charges it once); its session id. */
export async function openVoiceSession(mimeType: string, recordingId?: string): Promise<string> {
  const { sessionId } = await httpClient.post(
    '/api/transcribe/sessions',
    { mimeType, recordingId },
    { parse: (data) => voiceSessionResponseSchema.parse(data) },
  );
  return sessionId;
}

/** Sends the recorder's `seq`-th chunk, as raw bytes. */
export async function sendVoiceChunk(sessionId: string, seq: number, chunk: Blob): Promise<void> {
  const response = await httpClient.fetchWithCsrf(`/api/transcribe/sessions/${sessionId}/chunks?seq=${seq}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', accept: 'application/json' },
    body: chunk,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  voiceChunkResponseSchema.parse(JSON.parse(text));
}

/**
 * A spoken turn's answer. A live recording's reply may be spoken in pieces: `audioResponse` is then
 * the first (it plays at once), `audioParts` counts them all, and `moreAudio` gives the others as
 * they are made; it throws when the rest will not come (the reply's text is all there already).
 */
export interface SpokenTurn extends TranscribeResponse {
  audioParts?: number;
  moreAudio?: AsyncIterable<ReplyAudioPart>;
}

/** The lines of an NDJSON body, as they arrive. */
async function* linesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      pending += decoder.decode(read.value, { stream: true });
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) yield line;
    }
    if (pending.trim()) yield pending;
  } finally {
    reader.releaseLock();
  }
}

/** The later pieces of a streamed reply; a line that says why the rest will not come is thrown. */
async function* audioPartsOf(lines: AsyncGenerator<string>): AsyncGenerator<ReplyAudioPart> {
  for await (const line of lines) {
    const parsed = replyStreamLineSchema.parse(JSON.parse(line));
    if ('message' in parsed) throw new Error(parsed.message);
    yield parsed.audioPart;
  }
}

/**
 * Stop was pressed after `chunkCount` chunks: the transcript, the reply and its speech. The answer
 * is read as it is made (NDJSON), so the reply's first words play while the rest are being spoken.
 */
export async function finishVoiceSession(sessionId: string, chunkCount: number, turn: TurnContext, recordingId?: string): Promise<SpokenTurn> {
  const response = await httpClient.fetchWithCsrf(`/api/transcribe/sessions/${sessionId}/finish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: `${REPLY_STREAM_CONTENT_TYPE}, application/json` },
    body: JSON.stringify({ chunkCount, ...turn, recordingId }),
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  if (!response.body || !response.headers.get('content-type')?.startsWith(REPLY_STREAM_CONTENT_TYPE))
    return transcribeResponseSchema.parse(await response.json());
  const lines = linesOf(response.body);
  const first = await lines.next();
  if (first.done) throw new Error('The answer ended before the reply came');
  const { audioParts, ...answer } = streamedTurnSchema.parse(JSON.parse(first.value));
  if (!audioParts || audioParts <= 1) {
    void lines.return(undefined);
    return answer;
  }
  return { ...answer, audioParts, moreAudio: audioPartsOf(lines) };
}

/** Drops a live recording (Restart, or leaving the page). */
export async function cancelVoiceSession(sessionId: string, recordingId?: string): Promise<void> {
  await httpClient.delete(`/api/transcribe/sessions/${sessionId}${recordingId ? `?recordingId=${encodeURIComponent(recordingId)}` : ''}`);
}

/** The multipart form of POST /api/transcribe (spec section 7). */
export function transcribeForm(file: File, turn: TurnContext, audioType?: 'solo', recordingId?: string): FormData {
  const form = new FormData();
  form.append('audio', file);
  form.append('conversationHistory', JSON.stringify(turn.conversationHistory));
  if (audioType) form.append('audioType', audioType);
  if (turn.context) form.append('context', turn.context);
  if (turn.threadId) form.append('threadId', String(turn.threadId));
  if (turn.snippetId) form.append('snippetId', String(turn.snippetId));
  if (turn.resumeBullet) {
    form.append('resumeId', String(turn.resumeBullet.resumeId));
    form.append('bulletId', turn.resumeBullet.bulletId);
  }
  if (recordingId) form.append('recordingId', recordingId);
  if (turn.mockInterview) {
    form.append('mockInterviewId', String(turn.mockInterview.id));
    form.append('mockQuestionIndex', String(turn.mockInterview.questionIndex));
    form.append('mockPart', turn.mockInterview.part);
  }
  return form;
}

/** A whole recording or an uploaded file (POST /api/transcribe). */
export async function transcribeFile(file: File, turn: TurnContext, audioType?: 'solo', recordingId?: string): Promise<TranscribeResponse> {
  return httpClient.post('/api/transcribe', transcribeForm(file, turn, audioType, recordingId), { parse: (data) => transcribeResponseSchema.parse(data) });
}

/** Where an upload is: its bytes going up (`onUploaded` when all are sent), then the server at work. */
export interface UploadProgress {
  onUploaded: () => void;
}

/**
 * POST /api/transcribe with the upload's progress (fetch cannot report it): XMLHttpRequest with the
 * session cookie and the CSRF header, failing like the app's HTTP client.
 */
export async function uploadAudioFile(file: File, turn: TurnContext, audioType: 'solo' | undefined, progress: UploadProgress): Promise<TranscribeResponse> {
  const token = await httpClient.csrfToken();
  const text = await new Promise<{ status: number; statusText: string; body: string }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/transcribe');
    request.withCredentials = true;
    request.setRequestHeader(CSRF_HEADER, token);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('load', () => progress.onUploaded());
    request.addEventListener('load', () => resolve({ status: request.status, statusText: request.statusText, body: request.responseText }));
    request.addEventListener('error', () => reject(new TypeError('Network error while uploading')));
    request.send(transcribeForm(file, turn, audioType));
  });
  if (text.status < 200 || text.status >= 300) throw new ApiError(text.status, text.statusText, text.body);
  return transcribeResponseSchema.parse(JSON.parse(text.body));
}
