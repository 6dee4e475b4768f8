import { describe, expect, it } from 'vitest';
import { engineChoice, speechEnvSchema } from './config.ts';

const base = { NATS_URL: 'nats://127.0.0.1:4222', IDENTITY_PUBLIC_KEY: 'pem' };

describe('speech configuration', () => {
  it('runs offline engines without an OpenAI key, OpenAI ones with it, and each as set', () => {
    expect(engineChoice(speechEnvSchema.parse(base))).toEqual({ stt: 'offline', tts: 'offline' });
    expect(engineChoice(speechEnvSchema.parse({ ...base, OPENAI_API_KEY: 'sk-test' }))).toEqual({ stt: 'openai', tts: 'openai' });
    expect(engineChoice(speechEnvSchema.parse({ ...base, OPENAI_API_KEY: 'sk-test', SPEECH_TTS_ENGINE: 'offline' }))).toEqual({
      stt: 'openai',
      tts: 'offline',
    });
  });

  it('refuses an OpenAI engine without a key, an unknown engine and an unsafe voice name', () => {
    const problems = (env: Record<string, string>) => speechEnvSchema.safeParse({ ...base, ...env }).error?.issues.map((issue) => issue.message);
    expect(problems({ SPEECH_STT_ENGINE: 'openai' })).toEqual(['OPENAI_API_KEY is required when SPEECH_STT_ENGINE or SPEECH_TTS_ENGINE is openai']);
    expect(problems({ SPEECH_TTS_ENGINE: 'espeak' })).toEqual(['SPEECH_TTS_ENGINE must be offline or openai']);
    expect(problems({ FESTIVAL_VOICE: 'x") (system "rm' })).toEqual(['FESTIVAL_VOICE must be a festival voice name such as cmu_us_slt_arctic_hts']);
  });
});
