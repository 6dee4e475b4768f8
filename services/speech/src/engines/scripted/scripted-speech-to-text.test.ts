import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedSpeechEnv, writeSpeechScript } from '@story/testing/scripted-speech';
import { cachedRecording, convertedAudio, lameMp3, spokenWav } from '@story/testing/test-audio';
import { engineProcesses } from '../../../test/engine-processes.ts';
import { pauseRecording } from '../../../test/pause-recording.ts';
import { speechEnvSchema } from '../../config.ts';
import { DurationMeter } from '../audio-duration.ts';
import { wavDurationSeconds } from '../mp3-encoder.ts';
import { AudioTooLongError, UnreadableAudioError, WorkCancelledError, decodeDeadlineMs, type LiveTranscription } from '../speech-engines.ts';
import { createSpeechEngines } from '../speech-engine.factory.ts';
import { ScriptedSpeechToText, type ScriptedSpeechToTextOptions } from './scripted-speech-to-text.ts';
import { ScriptedTextToSpeech } from './scripted-text-to-speech.ts';

const SAID = 'I led the migration of our checkout database to a new system. We finished two weeks early.';
const DEFAULT = 'The default sentence.';

/** A file's bytes written to a live transcription in `parts` pieces, as a recorder's chunks come. */
async function writeInPieces(live: LiveTranscription, file: string, parts: number): Promise<void> {
  const bytes = readFileSync(file);
  const size = Math.ceil(bytes.length / parts);
  for (let offset = 0; offset < bytes.length; offset += size) await live.write(bytes.subarray(offset, offset + size));
}

describe('ScriptedSpeechToText', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scripted-stt-'));
  const scriptFile = join(dir, 'script.json');
  const recordings = { wav: '', webm: '', mp3: '', long: '', silence: '' };
  const sttWith = (options: Partial<ScriptedSpeechToTextOptions> = {}) =>
    new ScriptedSpeechToText({ scriptFile, defaultTranscript: DEFAULT, secondsPerAudioSecond: 0, toleranceSeconds: 0, deadlineMarginSeconds: 30, ...options });

  beforeAll(() => {
    recordings.wav = spokenWav(SAID);
    recordings.webm = convertedAudio(recordings.wav, 'webm', ['-c:a', 'libopus', '-b:a', '64k']);
    recordings.mp3 = lameMp3(recordings.wav);
    recordings.long = spokenWav(`${SAID} ${SAID} ${SAID}`);
    recordings.silence = cachedRecording({ program: 'ffmpeg', silence: 4 }, 'wav', (path) =>
      execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '4', path]),
    );
    writeSpeechScript(scriptFile, [
      { audio: recordings.wav, words: SAID },
      { audio: recordings.webm, words: SAID },
    ]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('measures the real audio: the length ffmpeg decodes, whatever its format', async () => {
    const seconds = wavDurationSeconds(readFileSync(recordings.wav));
    expect(seconds).toBeGreaterThan(4);
    const stt = sttWith();
    expect((await stt.transcribeFile(recordings.wav, 'wav', 60)).durationSeconds).toBeCloseTo(seconds, 2);
    expect((await stt.transcribeFile(recordings.webm, 'webm', 60)).durationSeconds).toBeCloseTo(seconds, 1);
    expect((await stt.transcribeFile(recordings.long, 'wav', 60)).durationSeconds).toBeCloseTo(wavDurationSeconds(readFileSync(recordings.long)), 2);
  });

  it('hears what the script says for a recording, looked up by its bytes, from a file and from its chunks alike', async () => {
    const stt = sttWith();
    const file = await stt.transcribeFile(recordings.webm, 'webm', 60);
    expect(file.text).toBe(SAID);
    expect(file.wordTimings.map((word) => word.word).join(' ')).toBe(SAID);
    const live = stt.openLive('webm', 60);
    await writeInPieces(live, recordings.webm, 6);
    await expect.poll(() => live.heardSeconds).toBeGreaterThan(1);
    expect(await live.finish()).toEqual(file);
    // The same speech in other bytes (an MP3 the script does not name) is heard as the default sentence.
    expect((await stt.transcribeFile(recordings.mp3, 'mp3', 60)).text).toBe(DEFAULT);
    // The script is read at each transcription: a line added later is heard.
    writeSpeechScript(scriptFile, [{ audio: recordings.mp3, words: 'Added later.' }]);
    expect((await stt.transcribeFile(recordings.mp3, 'mp3', 60)).text).toBe('Added later.');
    expect((await stt.transcribeFile(recordings.wav, 'wav', 60)).text).toBe(DEFAULT);
    writeSpeechScript(scriptFile, [
      { audio: recordings.wav, words: SAID },
      { audio: recordings.webm, words: SAID },
    ]);
  });

  it('hears nothing in silence, and puts the words where the voice is: a pause in the recording is a pause between two words', async () => {
    const stt = sttWith();
    expect(await stt.transcribeFile(recordings.silence, 'wav', 60)).toEqual({ text: '', durationSeconds: 4, wordTimings: [] });
    const { wav, firstPartSeconds } = pauseRecording(dir);
    writeSpeechScript(scriptFile, [{ audio: wav, words: 'I led the migration of our database. It took six weeks.' }]);
    const heard = await stt.transcribeFile(wav, 'wav', 60);
    const database = heard.wordTimings.find((word) => word.word === 'database.');
    const afterPause = heard.wordTimings.find((word) => word.word === 'It');
    expect(database?.end).toBeLessThan(firstPartSeconds + 0.1);
    expect(afterPause?.start).toBeGreaterThan(firstPartSeconds + 2.8);
    expect(heard.durationSeconds).toBeGreaterThanOrEqual(heard.wordTimings.at(-1)?.end ?? Infinity);
  });

  it('refuses a recording longer than the limit plus the tolerance, from a file and live, as the real engines do', async () => {
    const stt = sttWith({ toleranceSeconds: 2 });
    const refused = await stt.transcribeFile(recordings.long, 'wav', 10).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AudioTooLongError);
    expect(refused).toMatchObject({ limitSeconds: 10 });
    // Under a 30 s limit the same recording is taken whole.
    expect((await stt.transcribeFile(recordings.long, 'wav', 30)).durationSeconds).toBeGreaterThan(12);
    const live = stt.openLive('wav', 5);
    await writeInPieces(live, recordings.long, 20);
    await expect(live.finish()).rejects.toBeInstanceOf(AudioTooLongError);
    // Once refused, the recording takes no more bytes.
    await expect(live.write(Buffer.alloc(10))).rejects.toBeInstanceOf(AudioTooLongError);
  });

  it('refuses bytes that are not audio of their kind', async () => {
    const text = join(dir, 'not-audio.wav');
    writeFileSync(text, 'RIFF this is text, not a recording');
    await expect(sttWith().transcribeFile(text, 'wav', 60)).rejects.toBeInstanceOf(UnreadableAudioError);
  });

  it('takes its time per second of audio, as a recogniser would, however the PCM comes', async () => {
    // A clock that moves only when the engine waits: the waits add up to exactly the pace it was given.
    let now = 0;
    const waits: number[] = [];
    const pacing = {
      now: () => now,
      sleep: async (ms: number) => {
        waits.push(ms);
        now += ms;
      },
    };
    const heard = await sttWith({ secondsPerAudioSecond: 0.5, pacing }).transcribeFile(recordings.long, 'wav', 60);
    expect(waits.length).toBeGreaterThan(1);
    expect(now).toBeCloseTo(heard.durationSeconds * 0.5 * 1000, 0);
    // Without a pace it never waits.
    waits.length = 0;
    await sttWith({ pacing }).transcribeFile(recordings.long, 'wav', 60);
    expect(waits).toEqual([]);
  });

  it('keeps ffmpeg running while it takes its time, and stops both at once when the request goes', async () => {
    // A wait that lasts until the work is stopped.
    const waiting: number[] = [];
    const pacing = {
      now: () => 0,
      sleep: (ms: number, signal: AbortSignal) => {
        waiting.push(ms);
        return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      },
    };
    const request = new AbortController();
    let settled = false;
    const transcription = sttWith({ secondsPerAudioSecond: 1, pacing })
      .transcribeFile(recordings.long, 'wav', 60, request.signal)
      .finally(() => (settled = true));
    await expect.poll(() => waiting.length).toBe(1);
    // ffmpeg waits on its full pipe meanwhile: the recording is far longer than the pipe holds.
    expect(engineProcesses().some((row) => row.endsWith(' ffmpeg'))).toBe(true);
    expect(settled).toBe(false);
    request.abort();
    await expect(transcription).rejects.toBeInstanceOf(WorkCancelledError);
    await expect.poll(() => engineProcesses()).toEqual([]);
  });

  it('reads a folder of scripts together, each test file writing its own part', async () => {
    const folder = join(dir, 'script-parts');
    mkdirSync(folder);
    writeSpeechScript(join(folder, 'one.json'), [{ audio: recordings.wav, words: 'From part one.' }]);
    writeSpeechScript(join(folder, 'two.json'), [{ audio: recordings.mp3, words: 'From part two.' }]);
    writeFileSync(join(folder, 'notes.txt'), 'not a script');
    const stt = sttWith({ scriptFile: folder });
    expect((await stt.transcribeFile(recordings.wav, 'wav', 60)).text).toBe('From part one.');
    expect((await stt.transcribeFile(recordings.mp3, 'mp3', 60)).text).toBe('From part two.');
    expect((await stt.transcribeFile(recordings.webm, 'webm', 60)).text).toBe(DEFAULT);
  });

  it('fails clearly on a script it cannot read', async () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify({ 'not-a-hash': 'words' }));
    await expect(sttWith({ scriptFile: broken }).transcribeFile(recordings.wav, 'wav', 60)).rejects.toThrow(
      `the scripted engine's script ${broken} cannot be read`,
    );
  });
});

describe('ScriptedTextToSpeech', () => {
  it('makes a real MP3 as long as the reply takes to say, its words timed over it', async () => {
    const text = 'What was your own part in the migration, and what did you learn from it?';
    const spoken = await new ScriptedTextToSpeech({ timeoutMs: 30_000 }).synthesize(text);
    expect(spoken.durationSeconds).toBeGreaterThan(3);
    expect(spoken.durationSeconds).toBeLessThan(8);
    const meter = new DurationMeter('live', 'mp3', 60, 60, decodeDeadlineMs(60, 30));
    meter.write(spoken.mp3);
    expect(await meter.finish()).toBeCloseTo(spoken.durationSeconds, 0);
    expect(spoken.wordTimings.map((word) => word.word).join(' ')).toBe(text);
    expect(spoken.wordTimings.at(-1)?.end).toBeCloseTo(spoken.durationSeconds, 2);
  });
});

describe('choosing the scripted engines', () => {
  const base = { NATS_URL: 'nats://127.0.0.1:4222', IDENTITY_PUBLIC_KEY: 'pem' };

  it('runs them in tests, where the worker gets them as the real ones, from the same configuration', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scripted-config-'));
    try {
      const env = scriptedSpeechEnv(dir, [], { secondsPerAudioSecond: 0.2 });
      const config = speechEnvSchema.parse({ ...base, NODE_ENV: 'test', ...env });
      expect(config).toMatchObject({ SPEECH_STT_ENGINE: 'scripted', SPEECH_TTS_ENGINE: 'scripted', SPEECH_SCRIPTED_SECONDS_PER_AUDIO_SECOND: 0.2 });
      const engines = createSpeechEngines(config, dir);
      expect([engines.stt.name, engines.tts.name]).toEqual(['scripted', 'scripted']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses them anywhere but in tests, saying so', () => {
    for (const NODE_ENV of ['production', 'development', undefined]) {
      const problems = (env: Record<string, string>) =>
        speechEnvSchema.safeParse({ ...base, ...(NODE_ENV ? { NODE_ENV } : {}), ...env }).error?.issues.map((issue) => issue.message);
      expect(problems({ SPEECH_STT_ENGINE: 'scripted' })).toEqual([
        "SPEECH_STT_ENGINE=scripted is the tests' engine: it runs only with NODE_ENV=test (use offline or openai)",
      ]);
      expect(problems({ SPEECH_TTS_ENGINE: 'scripted' })).toEqual([
        "SPEECH_TTS_ENGINE=scripted is the tests' engine: it runs only with NODE_ENV=test (use offline or openai)",
      ]);
    }
  });
});
