import { headers as natsHeaders } from '@nats-io/transport-node';
import { z } from 'zod';
import {
  REPLY_STREAM_CONTENT_TYPE,
  SPEECH_CHUNK_HEADERS,
  SPEECH_MESSAGES,
  SUBJECTS,
  finishVoiceSessionRequestSchema,
  openVoiceSessionRequestSchema,
  speechCancelReplySchema,
  speechChunkReplySchema,
  speechSessionSubject,
  speechStreamOpenReplySchema,
  transcribeResponseSchema,
  voiceChunkQuerySchema,
  voiceChunkResponseSchema,
  voiceSessionParamsSchema,
  voiceSessionResponseSchema,
  serviceUnavailableMessage,
} from '@story/proto';
import { HttpError, requireUser, signedInOnly, type NatsLink, type ServiceApp } from '@story/service-kit';
import { ask, connectionFor, isNoResponders, messageJson } from '../nats/asker.ts';
import type { SpeechJobs } from '../nats/speech-jobs.client.ts';
import type { VoiceTurns } from '../turns/voice-turns.service.ts';
import { abandonedSignal } from '../transcribe/abandoned-signal.ts';
import { replyStream, wantsReplyStream } from './reply-stream.ts';

/** The largest chunk one request may carry (a recorder's one-second chunk is about 16 KB; one NATS message holds at most 1 MB). */
export const MAX_CHUNK_BYTES = 512 * 1024;
const ASK_TIMEOUT_MS = 5000;
const RETRY_TIMEOUT_MS = 2000;

export interface VoiceSessionDeps {
  nats: NatsLink;
  jobs: SpeechJobs;
  turns: VoiceTurns;
}

/** A session's worker is gone or never was: 410, and the web app sends the recording whole. */
const sessionGone = () => new HttpError(410, SPEECH_MESSAGES.sessionNotFound);

/** What a worker said back about a session, or the refusal it passes on. */
function passOn<T extends { ok: true }>(answer: { ok: false; status: number; message: string } | T): T {
  if (!answer.ok) throw new HttpError(answer.status, answer.message);
  return answer;
}

/**
 * Live recordings (`/api/transcribe/sessions`): opened when the recorder starts, fed its one-second
 * chunks while the person speaks (recognised as they arrive, on the worker that opened it), finished
 * at Stop, when only the last second is left to recognise. The gateway charges one AI operation for
 * the session, none for its chunks. The HTTP front keeps nothing: any instance can take any request.
 */
export function registerVoiceSessionRoutes(app: ServiceApp, deps: VoiceSessionDeps): void {
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_CHUNK_BYTES }, (_request, body, done) => done(null, body));

  app.post('/api/transcribe/sessions', { ...signedInOnly, schema: { body: openVoiceSessionRequestSchema, response: { 201: voiceSessionResponseSchema } } }, async (request, reply) => {
    const { userId } = requireUser(request);
    const { timeLimit } = await deps.turns.settingsOf(userId);
    await deps.turns.checkAudioBudget(userId);
    const answer = speechStreamOpenReplySchema.parse(await ask(deps.nats, 'speech', SUBJECTS.speechStreamOpen, { userId, mimeType: request.body.mimeType, maxSeconds: timeLimit }, ASK_TIMEOUT_MS));
    return reply.status(201).send({ sessionId: passOn(answer).sessionId });
  });

  app.post(
    '/api/transcribe/sessions/:sessionId/chunks',
    { ...signedInOnly, bodyLimit: MAX_CHUNK_BYTES, schema: { params: voiceSessionParamsSchema, querystring: voiceChunkQuerySchema, body: z.instanceof(Buffer, { message: 'A chunk is the recording’s raw bytes (application/octet-stream)' }), response: { 200: voiceChunkResponseSchema } } },
    async (request) => {
      const { userId } = requireUser(request);
      const nc = connectionFor(deps.nats, 'speech');
      const headers = natsHeaders();
      headers.set(SPEECH_CHUNK_HEADERS.userId, String(userId));
      headers.set(SPEECH_CHUNK_HEADERS.seq, String(request.query.seq));
      const subject = speechSessionSubject(String(request.params.sessionId), 'chunk');
      const ask = async (timeout: number) => messageJson(await nc.request(subject, request.body, { timeout, headers }));
      let raw: unknown;
      try {
        // A chunk sent again is taken as already in, so a chunk whose answer was lost is asked again
        // once: a worker that died a moment ago is then known to be gone (410), not a silent 503.
        raw = await ask(ASK_TIMEOUT_MS).catch((error: unknown) => {
          if (isNoResponders(error)) throw error;
          return ask(RETRY_TIMEOUT_MS);
        });
      } catch (error) {
        if (isNoResponders(error)) throw sessionGone();
        throw new HttpError(503, serviceUnavailableMessage('speech'));
      }
      const { received, heardSeconds } = passOn(speechChunkReplySchema.parse(raw));
      return { received, heardSeconds };
    },
  );

  app.post(
    '/api/transcribe/sessions/:sessionId/finish',
    { ...signedInOnly, schema: { params: voiceSessionParamsSchema, body: finishVoiceSessionRequestSchema, response: { 200: transcribeResponseSchema } } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const { chunkCount, conversationHistory, context, threadId, snippetId } = request.body;
      const settings = await deps.turns.settingsOf(userId);
      const signal = abandonedSignal(reply);
      return deps.turns.hold(userId, async () => {
        const heard = await deps.jobs.runOnce(speechSessionSubject(String(request.params.sessionId), 'finish'), (jobId) => ({ jobId, userId, chunkCount }), { userId, signal });
        if (heard.type !== 'transcribed') throw new Error(`a session's finish answered ${heard.type}`);
        await deps.turns.charge(userId, heard);
        const spoken = { wordTimings: heard.wordTimings, durationSeconds: heard.durationSeconds };
        const turn = { transcript: heard.transcript, conversationHistory, context, threadId, snippetId, solo: false, heard: spoken };
        if (!wantsReplyStream(request.headers.accept)) return deps.turns.answer(userId, turn, settings, signal);
        // Refusals and failures up to the first piece of speech are HTTP errors as usual; after it, a line says why the rest will not come.
        const { first, rest } = await deps.turns.answerInParts(userId, turn, settings, signal);
        // Fastify sends a stream as it comes; the route's type knows only its JSON body.
        return reply.type(REPLY_STREAM_CONTENT_TYPE).header('cache-control', 'no-store').send(replyStream(first, rest, request.log) as never);
      });
    },
  );

  app.delete('/api/transcribe/sessions/:sessionId', { ...signedInOnly, schema: { params: voiceSessionParamsSchema } }, async (request, reply) => {
    const { userId } = requireUser(request);
    const nc = connectionFor(deps.nats, 'speech');
    try {
      const answer = await nc.request(speechSessionSubject(String(request.params.sessionId), 'cancel'), JSON.stringify({ userId }), { timeout: ASK_TIMEOUT_MS });
      passOn(speechCancelReplySchema.parse(messageJson(answer)));
    } catch (error) {
      // A session that is already gone is cancelled all the same.
      if (error instanceof HttpError && error.statusCode !== 410) throw error;
      if (!(error instanceof HttpError) && !isNoResponders(error)) throw new HttpError(503, serviceUnavailableMessage('speech'));
    }
    return reply.status(204).send();
  });
}
