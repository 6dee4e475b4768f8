import { openingRequestSchema, spokenOpeningResponseSchema, transcribeResponseSchema } from '@story/proto';
import { requireUser, signedInOnly, type ServiceApp } from '@story/service-kit';
import type { VoiceTurnService } from '../turns/voice-turn.service.ts';
import { readAudioUpload } from './audio-upload.ts';
import { abandonedSignal } from './abandoned-signal.ts';

/**
 * `POST /api/transcribe` (multipart: `audio`, `conversationHistory`, optional `audioType=solo`):
 * an uploaded file, or a recording that could not be streamed, turned into a transcript, the
 * coach's reply and (for voice reply types) its speech. The temporary file goes in every case.
 * `POST /api/transcribe/opening` (JSON: `context`, `snippetId`): a voice practice's first words,
 * the interviewer's question, with its speech for voice reply types.
 */
export function registerTranscribeRoutes(app: ServiceApp, turns: VoiceTurnService, tmpDir: string): void {
  app.post('/api/transcribe', { ...signedInOnly, schema: { response: { 200: transcribeResponseSchema } } }, async (request, reply) => {
    const { userId } = requireUser(request);
    const signal = abandonedSignal(reply);
    const upload = await readAudioUpload(request, tmpDir);
    try {
      return await turns.fromUpload(userId, upload, signal);
    } finally {
      await upload.discard();
    }
  });
  app.post(
    '/api/transcribe/opening',
    { ...signedInOnly, schema: { body: openingRequestSchema, response: { 200: spokenOpeningResponseSchema } } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return turns.opening(userId, request.body, abandonedSignal(reply));
    },
  );
}
