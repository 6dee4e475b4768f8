import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { speechEnvSchema } from '../../config.ts';
import { createSpeechEngines } from '../speech-engine.factory.ts';

/** SPEECH_WORD_MODEL and SPEECH_WORD_MODEL_DIR choose whether Moonshine hears the words (issue 19, point 4). */
describe('the offline recogniser’s word model, as configured', () => {
  const dir = mkdtempSync(join(tmpdir(), 'word-model-config-'));
  const wav = join(dir, 'answer.wav');
  const transcribe = (env: Record<string, string>) =>
    createSpeechEngines(
      speechEnvSchema.parse({ NATS_URL: 'nats://127.0.0.1:1', IDENTITY_PUBLIC_KEY: 'pem', SPEECH_STT_ENGINE: 'offline', ...env }),
      dir,
    ).stt.transcribeFile(wav, 'wav', 60);

  beforeAll(() => execFileSync('flite', ['-voice', 'rms', '-t', 'We shipped it in six weeks.', '-o', wav]));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hears with Moonshine by default, pocketsphinx timing the words (its own hearing kept beside)', async () => {
    const heard = await transcribe({});
    expect(heard.alternative?.length).toBeGreaterThan(0);
    expect(heard.evidence).toBeUndefined();
    // Moonshine writes with capitals; pocketsphinx does not.
    expect(heard.text).toMatch(/^We .*six weeks/);
  });

  it('hears with pocketsphinx alone when told to, or (said once) when the model’s files are missing', async () => {
    const alone = await transcribe({ SPEECH_WORD_MODEL: 'none' });
    expect(alone.alternative).toBeUndefined();
    expect(alone.evidence?.length).toBeGreaterThan(0);
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const missing = await transcribe({ SPEECH_WORD_MODEL_DIR: join(dir, 'nowhere') });
      expect(missing.alternative).toBeUndefined();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('make deps fetches it'));
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses a word model it does not know, saying what it takes', () => {
    expect(() => speechEnvSchema.parse({ NATS_URL: 'nats://127.0.0.1:1', IDENTITY_PUBLIC_KEY: 'pem', SPEECH_WORD_MODEL: 'whisper' })).toThrow(
      /SPEECH_WORD_MODEL must be moonshine or none/,
    );
  });
});
