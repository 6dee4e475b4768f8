import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertAudio } from '@story/testing/test-audio';
import { MOCK_SUBJECTS, SUBJECTS, mockAnswerNatsRequestSchema, speechSessionSubject, transcribeResponseSchema } from '@story/proto';
import {
  MOCK_USER,
  OTHERS_SNIPPET,
  TEST_SNIPPET,
  TEXT_USER,
  chunksOf,
  liveSessionCalls,
  startSpeechWorld,
  transcribeForm,
  type SpeechWorld,
} from './speech-test-kit.ts';

/** The practised snippet: its distinctive words are the practice's vocabulary. */
const SNIPPET = '- Run our services on Kubernetes and manage cloud infrastructure with Terraform\n- Keep PostgreSQL databases fast and backed up';
/** flite's slt voice says it; pocketsphinx with the career model hears "to burn eats" for "Kubernetes" (measured: vocabulary.eval.ts). */
const ANSWER = 'I moved our billing services to Kubernetes and wrote the Terraform modules myself.';

/**
 * The practice vocabulary end to end: the speech front asks the jobs stand-in for the snippet, sends
 * its terms with the job, and a real worker (ffmpeg, pocketsphinx) corrects what it heard with them.
 */
describe('a practice upload hears the words of its snippet', () => {
  let world: SpeechWorld;
  let wav: Buffer;
  let webm: string;

  beforeAll(async () => {
    world = await startSpeechWorld({ snippetText: SNIPPET });
    const path = join(world.dir, 'kubernetes.wav');
    execFileSync('flite', ['-voice', 'slt', '-t', ANSWER, '-o', path]);
    wav = readFileSync(path);
    // The recorder's Opus at 128 kb/s: heard as the WAV is ("to burn eats"); at 64 kb/s it is heard "to cover needs", too far from the term to be corrected.
    webm = join(world.dir, 'kubernetes.webm');
    convertAudio(path, webm, ['-c:a', 'libopus', '-b:a', '128k']);
  });
  afterAll(async () => {
    await world?.close();
  });

  const upload = async (fields: Record<string, string>, userId = TEXT_USER) => {
    const form = transcribeForm({ name: 'answer.wav', bytes: wav }, { conversationHistory: '[]', ...fields });
    return world.front.app.inject({
      method: 'POST',
      url: '/api/transcribe',
      headers: { ...(await world.front.as(userId)), 'content-type': form.contentType },
      payload: form.body,
    });
  };

  /** The transcription jobs the front sends meanwhile (the test listens beside the worker's queue group). */
  const jobsSentDuring = async (work: () => Promise<unknown>) => {
    const jobs: unknown[] = [];
    const subscription = world.nc.subscribe(SUBJECTS.speechTranscribe, { callback: (_error, msg) => void jobs.push(msg.json()) });
    await world.nc.flush();
    await work();
    subscription.unsubscribe();
    return jobs;
  };

  it('gets "Kubernetes" right with the snippet, where the same upload without it does not', async () => {
    const plain = await upload({});
    expect(plain.statusCode, plain.body).toBe(200);
    expect(transcribeResponseSchema.parse(plain.json()).transcript.toLowerCase()).not.toContain('kubernetes');

    let practised: Awaited<ReturnType<typeof upload>> | undefined;
    const jobs = await jobsSentDuring(async () => {
      practised = await upload({ snippetId: String(TEST_SNIPPET) });
    });
    expect(practised?.statusCode, practised?.body).toBe(200);
    const answer = transcribeResponseSchema.parse(practised?.json());
    expect(answer.transcript).toContain('Kubernetes');
    const word = answer.transcriptWords?.find((heard) => heard.word === 'Kubernetes');
    expect(word?.end ?? 0).toBeGreaterThan(word?.start ?? 0);
    // A job a busy machine stalls is sent again (the stall timeout): every sending carries the vocabulary.
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) expect(job).toEqual(expect.objectContaining({ vocabulary: expect.arrayContaining(['Kubernetes', 'Terraform', 'PostgreSQL']) }));
  });

  it('hears the terms of a mock interview’s question, and hands the answer to the interview with the recording’s id (issue 23)', async () => {
    // The feedback service's stand-in: the question asked now (its requirement's words), and the interviewer's next line.
    const asked: unknown[] = [];
    const line = world.nc.subscribe(MOCK_SUBJECTS.mockLine, {
      callback: (_error, msg) => void msg.respond(JSON.stringify({ ok: true, aiResponse: 'Tell me about Kubernetes.', topic: SNIPPET })),
    });
    const answers = world.nc.subscribe(MOCK_SUBJECTS.mockAnswer, {
      callback: (_error, msg) => {
        asked.push(msg.json());
        msg.respond(JSON.stringify({ ok: true, aiResponse: 'Thank you. Next question: what went wrong?', answerId: '6f1c2f8e-0000-4000-8000-000000000001' }));
      },
    });
    await world.nc.flush();
    let response: Awaited<ReturnType<typeof upload>> | undefined;
    const jobs = await jobsSentDuring(async () => {
      // Mock interviews are a plan feature (issue 36): this person's plan has them.
      response = await upload({ mockInterviewId: '5', mockQuestionIndex: '2', mockPart: 'answer' }, MOCK_USER);
    });
    line.unsubscribe();
    answers.unsubscribe();
    expect(response?.statusCode, response?.body).toBe(200);
    const answer = transcribeResponseSchema.parse(response?.json());
    expect(answer.transcript).toContain('Kubernetes');
    expect(answer.aiResponse).toBe('Thank you. Next question: what went wrong?');
    expect(answer.answerId).toBe('6f1c2f8e-0000-4000-8000-000000000001');
    for (const job of jobs) expect(job).toEqual(expect.objectContaining({ vocabulary: expect.arrayContaining(['Kubernetes', 'Terraform']) }));
    const handed = mockAnswerNatsRequestSchema.parse(asked[0]);
    expect(handed).toMatchObject({ userId: MOCK_USER, interviewId: 5, questionIndex: 2, part: 'answer', text: answer.transcript });
    expect(handed.attemptKey).toMatch(/^upload-/);
  });

  it('refuses another person’s snippet as before (404), and no job carries its words', async () => {
    let response: Awaited<ReturnType<typeof upload>> | undefined;
    const jobs = await jobsSentDuring(async () => {
      response = await upload({ snippetId: String(OTHERS_SNIPPET) });
    });
    expect(response?.statusCode).toBe(404);
    expect(response?.json()).toEqual({ message: 'Snippet not found' });
    expect(jobs).toEqual([]);
  });

  it('hears the same term in a live recording: the finish carries the vocabulary to the worker', async () => {
    const { openId, sendChunk, as } = liveSessionCalls(() => world.front);
    const finishLive = async (snippetId?: number) => {
      const chunks = chunksOf(webm, 4);
      const sessionId = await openId(TEXT_USER);
      for (const [seq, chunk] of chunks.entries()) expect((await sendChunk(TEXT_USER, sessionId, seq, chunk)).statusCode).toBe(200);
      const finishes: unknown[] = [];
      const subscription = world.nc.subscribe(speechSessionSubject(sessionId, 'finish'), { callback: (_error, msg) => void finishes.push(msg.json()) });
      await world.nc.flush();
      const answer = await world.front.app.inject({
        method: 'POST',
        url: `/api/transcribe/sessions/${sessionId}/finish`,
        headers: await as(TEXT_USER),
        payload: { chunkCount: chunks.length, conversationHistory: [], ...(snippetId === undefined ? {} : { snippetId }) },
      });
      subscription.unsubscribe();
      expect(answer.statusCode, answer.body).toBe(200);
      return { transcript: transcribeResponseSchema.parse(answer.json()).transcript, finishes };
    };

    const plain = await finishLive();
    expect(plain.transcript.toLowerCase()).not.toContain('kubernetes');
    expect(plain.finishes).toEqual([expect.not.objectContaining({ vocabulary: expect.anything() })]);
    const practised = await finishLive(TEST_SNIPPET);
    expect(practised.transcript).toContain('Kubernetes');
    expect(practised.finishes).toEqual([expect.objectContaining({ vocabulary: expect.arrayContaining(['Kubernetes', 'Terraform']) })]);
  });
});
