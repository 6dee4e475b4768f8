import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcribeResponseSchema, voiceSessionResponseSchema } from '@story/proto';
import { startServiceForTest, type ServiceUnderTest } from '@story/testing/service-under-test';
import { permissionViolations, startUsersNats, type UsersNats } from '../../../infra/test/support/nats-users.ts';
import { conversationsService, type ConversationsDeps } from '../../conversations/src/app.ts';
import type { ConversationsConfig } from '../../conversations/src/config.ts';
import { speechService, type SpeechDeps } from '../src/app.ts';
import type { SpeechConfig } from '../src/config.ts';
import { speechWorkerService, type SpeechWorkerDeps } from '../src/worker/worker-app.ts';
import { scriptedSpeechEnv } from '@story/testing/scripted-speech';
import { TEST_USERS, VOICE_USER, answerUserSettings, chunksOf, makeRecordings, recordingsScript, transcribeForm, type Recordings } from './speech-test-kit.ts';

/**
 * The speech front and its worker as NATS's `speech` user (the rights of proto/src/nats-rights.ts,
 * enforced by nats-server): an upload through the object store, a spoken reply and a live recording
 * work, and the server reports no permission violation. The messages are what is tested, not the
 * engines: the worker runs the scripted ones (real audio, scripted words, a hum for the reply).
 */
describe('speech with its own NATS user', () => {
  const dir = mkdtempSync(join(tmpdir(), 'speech-rights-'));
  let nats: UsersNats;
  let conversations: ServiceUnderTest<ConversationsConfig, ConversationsDeps>;
  let worker: ServiceUnderTest<SpeechConfig, SpeechWorkerDeps>;
  let front: ServiceUnderTest<SpeechConfig, SpeechDeps>;
  let recordings: Recordings;
  const violations: string[][] = [];

  beforeAll(async () => {
    recordings = makeRecordings(dir);
    nats = await startUsersNats();
    answerUserSettings(await nats.connectAs('auth'), TEST_USERS);
    const as = (user: string) => ({ NATS_USER: user, NATS_PASSWORD: nats.credentials(user).pass });
    const engines = scriptedSpeechEnv(dir, recordingsScript(recordings));
    const speechEnv = { ...as('speech'), ...engines, SPEECH_TMP_DIR: join(dir, 'tmp'), SPEECH_INLINE_AUDIO_BYTES: '4096' };
    [conversations, worker, front] = await Promise.all([
      startServiceForTest(conversationsService, { natsUrl: nats.server.url, env: as('conversations'), deps: { runPurgeJob: false } }),
      startServiceForTest(speechWorkerService, { natsUrl: nats.server.url, env: speechEnv }),
      startServiceForTest(speechService, { natsUrl: nats.server.url, env: speechEnv }),
    ]);
    for (const link of [worker.deps.nats, front.deps.nats]) violations.push(permissionViolations(await link.ready()));
  });
  afterAll(async () => {
    await Promise.all([front?.close(), worker?.close(), conversations?.close()]);
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uploads, replies with voice and records live without a permission violation', async () => {
    const headers = await front.as(VOICE_USER);
    const form = transcribeForm({ name: 'answer.mp3', bytes: readFileSync(recordings.mp3) }, { conversationHistory: '[]' });
    const uploaded = await front.app.inject({
      method: 'POST',
      url: '/api/transcribe',
      headers: { ...headers, 'content-type': form.contentType },
      payload: form.body,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(transcribeResponseSchema.parse(uploaded.json()).audioResponse?.length).toBeGreaterThan(4096);

    const opened = await front.app.inject({ method: 'POST', url: '/api/transcribe/sessions', headers, payload: { mimeType: 'audio/webm' } });
    const { sessionId } = voiceSessionResponseSchema.parse(opened.json());
    const chunks = chunksOf(recordings.webm, 3);
    for (const [seq, chunk] of chunks.entries()) {
      const sent = await front.app.inject({
        method: 'POST',
        url: `/api/transcribe/sessions/${sessionId}/chunks?seq=${seq}`,
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        payload: chunk,
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const finished = await front.app.inject({
      method: 'POST',
      url: `/api/transcribe/sessions/${sessionId}/finish`,
      headers,
      payload: { chunkCount: chunks.length },
    });
    expect(finished.statusCode, finished.body).toBe(200);

    for (const nc of [await worker.deps.nats.ready(), await front.deps.nats.ready()]) await nc.flush();
    expect(violations.flat()).toEqual([]);
  });
});
