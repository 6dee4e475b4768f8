import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiLoopback } from '@story/testing/service-under-test';
import { speechEnvSchema } from '../../config.ts';
import { createSpeechEngines } from '../speech-engine.factory.ts';
import { AudioTooLongError } from '../speech-engines.ts';
import { segmentConfidence } from './openai-speech-to-text.ts';

/**
 * The loopback OpenAI server as its audio API (transcriptions: multipart in, `{ text }` out; speech:
 * JSON in, MP3 out): the real `openai` client talks to it over HTTP.
 */
function fakeOpenAiAudio(mp3: Buffer): OpenAiLoopback {
  return new OpenAiLoopback((call) => {
    if (call.path !== '/v1/audio/transcriptions')
      return call.path === '/v1/audio/speech' ? { bytes: mp3, contentType: 'audio/mpeg' } : { status: 404, json: { error: { message: 'not found' } } };
    const text = ' I led the migration of our database. ';
    // Word timestamps only when asked for them, as OpenAI answers (Whisper with verbose_json).
    if (!call.body.toString('latin1').includes('verbose_json')) return { json: { text } };
    const words = ['I', 'led', 'the', 'migration', 'of', 'our', 'database'].map((word, index) => ({ word, start: 0.2 + index * 0.4, end: 0.5 + index * 0.4 }));
    // Segments (with timestamp_granularities[]=segment): the first heard well, the second a weak decode (Whisper's avg_logprob under -1).
    const segment = { seek: 0, tokens: [1, 2], temperature: 0, compression_ratio: 1.1, no_speech_prob: 0.01 };
    const segments = [
      { ...segment, id: 0, start: 0, end: 1.3, text: ' I led the', avg_logprob: -0.105 },
      { ...segment, id: 1, start: 1.3, end: 3.1, text: ' migration of our database.', avg_logprob: -1.4 },
    ];
    return {
      json: { task: 'transcribe', language: 'english', duration: 3.1, text, words, ...(call.body.toString('latin1').includes('segment') ? { segments } : {}) },
    };
  });
}

describe('OpenAI speech engines (a loopback server with OpenAI’s audio API)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openai-speech-'));
  let fake: OpenAiLoopback;
  let engines: ReturnType<typeof createSpeechEngines>;
  let baseUrl = '';
  const wav = join(dir, 'answer.wav');

  beforeAll(async () => {
    execFileSync('flite', ['-voice', 'rms', '-t', 'I led the migration of our database. It took six weeks.', '-o', wav]);
    execFileSync('lame', ['--silent', wav, join(dir, 'reply.mp3')]);
    fake = fakeOpenAiAudio(readFileSync(join(dir, 'reply.mp3')));
    const config = speechEnvSchema.parse({
      NATS_URL: 'nats://127.0.0.1:1',
      IDENTITY_PUBLIC_KEY: 'pem',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: (baseUrl = await fake.start()),
      OPENAI_TRANSCRIBE_MODEL: 'whisper-test',
      OPENAI_SPEECH_MODEL: 'tts-test',
      OPENAI_SPEECH_VOICE: 'nova',
    });
    engines = createSpeechEngines(config, dir);
  });
  afterAll(async () => {
    await fake?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('transcribes a file with the configured model, and measures its length itself', async () => {
    const result = await engines.stt.transcribeFile(wav, 'wav', 300);
    expect(result.text).toBe('I led the migration of our database.');
    expect(result.durationSeconds).toBeGreaterThan(2);
    const sent = fake.calls.at(-1);
    expect(sent?.path).toBe('/v1/audio/transcriptions');
    expect(sent?.authorization).toBe('Bearer sk-test');
    expect(sent?.contentType).toMatch(/^multipart\/form-data/);
    expect(sent?.body.toString('latin1')).toContain('whisper-test');
    expect(sent?.body.includes(readFileSync(wav))).toBe(true);
  });

  it('asks a Whisper model for word timestamps and keeps each word’s times', async () => {
    const result = await engines.stt.transcribeFile(wav, 'wav', 300);
    const form = fake.calls.at(-1)?.body.toString('latin1') ?? '';
    expect(form).toMatch(/name="response_format"\r\n\r\nverbose_json/);
    expect(form).toMatch(/name="timestamp_granularities\[\]"\r\n\r\nword/);
    expect(form).toMatch(/name="timestamp_granularities\[\]"\r\n\r\nsegment/);
    expect(result.wordTimings.map((timing) => timing.word)).toEqual(['I', 'led', 'the', 'migration', 'of', 'our', 'database']);
    expect(result.wordTimings[3]).toMatchObject({ word: 'migration', start: 1.4, end: 1.7 });
  });

  it('marks the words of a weak segment (avg_logprob under -1) unsure, with the segment’s mean token probability as their confidence', async () => {
    const result = await engines.stt.transcribeFile(wav, 'wav', 300);
    expect(result.wordTimings.slice(0, 3).map((word) => word.uncertain)).toEqual([false, false, false]);
    expect(result.wordTimings[1]?.confidence).toBeCloseTo(Math.exp(-0.105) * 0.99, 2);
    expect(result.wordTimings.slice(3).every((word) => word.uncertain)).toBe(true);
    expect(result.wordTimings[6]?.confidence).toBeCloseTo(Math.exp(-1.4) * 0.99, 2);
  });

  it('estimates the words’ times from the text and the length with a model that gives none (gpt-4o-*-transcribe)', async () => {
    const config = speechEnvSchema.parse({
      NATS_URL: 'nats://127.0.0.1:1',
      IDENTITY_PUBLIC_KEY: 'pem',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: baseUrl,
      OPENAI_TRANSCRIBE_MODEL: 'gpt-4o-mini-transcribe',
    });
    const result = await createSpeechEngines(config, dir).stt.transcribeFile(wav, 'wav', 300);
    const form = fake.calls.at(-1)?.body.toString('latin1') ?? '';
    expect(form).not.toContain('verbose_json');
    expect(form).not.toContain('timestamp_granularities');
    expect(result.wordTimings.map((timing) => timing.word)).toEqual(['I', 'led', 'the', 'migration', 'of', 'our', 'database.']);
    expect(result.wordTimings.at(-1)?.end).toBeCloseTo(result.durationSeconds, 2);
    expect(result.wordTimings.every((word) => word.confidence === null && word.uncertain === false)).toBe(true);
  });

  it('sends a live recording as one file when it ends, the same bytes as an upload', async () => {
    const bytes = readFileSync(wav);
    const live = engines.stt.openLive('wav', 300);
    for (let offset = 0; offset < bytes.length; offset += 20_000) await live.write(bytes.subarray(offset, offset + 20_000));
    const result = await live.finish();
    expect(result.text).toBe('I led the migration of our database.');
    expect(fake.calls.at(-1)?.body.includes(bytes)).toBe(true);
  });

  it('sends a practice’s vocabulary as the transcription prompt, and no prompt without one (file and live recording)', async () => {
    const promptOf = () => /name="prompt"\r\n\r\n([^\r]*)\r\n/.exec(fake.calls.at(-1)?.body.toString('utf8') ?? '')?.[1];
    await engines.stt.transcribeFile(wav, 'wav', 300, undefined, ['Kubernetes', 'PostgreSQL', 'HIPAA']);
    expect(promptOf()).toBe('Kubernetes, PostgreSQL, HIPAA.');
    await engines.stt.transcribeFile(wav, 'wav', 300);
    expect(promptOf()).toBeUndefined();
    await engines.stt.transcribeFile(wav, 'wav', 300, undefined, []);
    expect(promptOf()).toBeUndefined();
    const live = engines.stt.openLive('wav', 300);
    await live.write(readFileSync(wav));
    await live.finish(['Terraform']);
    expect(promptOf()).toBe('Terraform.');
  });

  it('refuses a file longer than the limit without sending it', async () => {
    const before = fake.calls.length;
    await expect(engines.stt.transcribeFile(wav, 'wav', 0.5)).rejects.toBeInstanceOf(AudioTooLongError);
    expect(fake.calls.length).toBe(before);
  });

  it('speaks with the configured model and voice, with word timings estimated over the MP3’s length', async () => {
    const spoken = await engines.tts.synthesize('Tell me more. What happened next?');
    expect(spoken.mp3.equals(readFileSync(join(dir, 'reply.mp3')))).toBe(true);
    expect(JSON.parse(fake.calls.at(-1)?.body.toString() ?? '{}')).toMatchObject({
      model: 'tts-test',
      voice: 'nova',
      input: 'Tell me more. What happened next?',
      response_format: 'mp3',
    });
    expect(spoken.durationSeconds).toBeGreaterThan(2);
    expect(spoken.wordTimings.map((timing) => timing.word)).toEqual(['Tell', 'me', 'more.', 'What', 'happened', 'next?']);
    expect(spoken.wordTimings.at(-1)?.end).toBeCloseTo(spoken.durationSeconds, 2);
  });
});

describe('segmentConfidence (Whisper’s own limits for a decode it does not trust)', () => {
  const segment = { start: 0, end: 2, avg_logprob: -0.2, compression_ratio: 1.2, no_speech_prob: 0.02 };
  it('trusts a segment heard well, and marks one with low log-probability, a decoder loop or likely silence', () => {
    expect(segmentConfidence(segment)).toEqual({ confidence: 0.8, uncertain: false });
    expect(segmentConfidence({ ...segment, avg_logprob: -1.2 }).uncertain).toBe(true);
    expect(segmentConfidence({ ...segment, compression_ratio: 2.6 }).uncertain).toBe(true);
    expect(segmentConfidence({ ...segment, no_speech_prob: 0.7 }).uncertain).toBe(true);
    expect(segmentConfidence(undefined)).toEqual({ confidence: null, uncertain: false });
  });
});
