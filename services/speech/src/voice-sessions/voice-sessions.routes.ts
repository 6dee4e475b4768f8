import { z } from 'zod';
import {
  REPLY_STREAM_CONTENT_TYPE,
  cancelVoiceSessionQuerySchema,
  finishVoiceSessionRequestSchema,
  openVoiceSessionRequestSchema,
  transcribeResponseSchema,
  voiceChunkQuerySchema,
  voiceChunkResponseSchema,
  voiceSessionParamsSchema,
  voiceSessionResponseSchema,
} from '@story/proto';
import { requireUser, signedInOnly, type ServiceApp } from '@story/service-kit';
import { abandonedSignal } from '../transcribe/abandoned-signal.ts';
import { replyStream, wantsReplyStream } from './reply-stream.ts';
import type { VoiceSessionService } from './voice-session.service.ts';

/** The largest chunk one request may carry (a recorder's one-second chunk is about 16 KB; one NATS message holds at most 1 MB). */
export const MAX_CHUNK_BYTES = 512 * 1024;

const chunkBodySchema = z.instanceof(Buffer, { message: 'A chunk is the recording’s raw bytes (application/octet-stream)' });

/**
 * Live recordings (`/api/transcribe/sessions`): open, chunks (raw bytes), finish (a transcribe
 * response, or with `Accept: application/x-ndjson` the same streamed as it is spoken) and cancel.
 * The gateway charges one AI operation for the session, none for its chunks.
 */
export function registerVoiceSessionRoutes(app: ServiceApp, sessions: VoiceSessionService): void {
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_CHUNK_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/api/transcribe/sessions',
    { ...signedInOnly, schema: { body: openVoiceSessionRequestSchema, response: { 201: voiceSessionResponseSchema } } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return reply.status(201).send({ sessionId: await sessions.open(userId, request.body.mimeType, request.body.recordingId) });
    },
  );

  app.post(
    '/api/transcribe/sessions/:sessionId/chunks',
    {
      ...signedInOnly,
      bodyLimit: MAX_CHUNK_BYTES,
      schema: { params: voiceSessionParamsSchema, querystring: voiceChunkQuerySchema, body: chunkBodySchema, response: { 200: voiceChunkResponseSchema } },
    },
    async (request) => {
      const { userId } = requireUser(request);
      return sessions.addChunk(userId, request.params.sessionId, request.query.seq, request.body);
    },
  );

  app.post(
    '/api/transcribe/sessions/:sessionId/finish',
    { ...signedInOnly, schema: { params: voiceSessionParamsSchema, body: finishVoiceSessionRequestSchema, response: { 200: transcribeResponseSchema } } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const answer = await sessions.finish(userId, request.params.sessionId, request.body, {
        signal: abandonedSignal(reply),
        inParts: wantsReplyStream(request.headers.accept),
      });
      if (answer.kind === 'whole') return answer.turn;
      // Refusals and failures up to the first piece of speech were HTTP errors as usual; after it, a line says why the rest will not come.
      // Fastify sends a stream as it comes; the route's type knows only its JSON body.
      return reply
        .type(REPLY_STREAM_CONTENT_TYPE)
        .header('cache-control', 'no-store')
        .send(replyStream(answer.first, answer.rest, request.log) as never);
    },
  );

  app.delete(
    '/api/transcribe/sessions/:sessionId',
    { ...signedInOnly, schema: { params: voiceSessionParamsSchema, querystring: cancelVoiceSessionQuerySchema } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      await sessions.cancel(userId, request.params.sessionId, request.query.recordingId);
      return reply.status(204).send();
    },
  );
}
