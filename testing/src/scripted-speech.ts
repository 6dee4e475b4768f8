/**
 * The speech service's scripted engines for tests of what surrounds recognition (metering, limits,
 * queues, slots, screens; imported as `@story/testing/scripted-speech`): real audio measured by
 * ffmpeg, the words the test's script says for each recording, no recogniser. Tests of recognition
 * itself keep the real engines.
 */
import { writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { speechScriptSchema } from '@story/proto/speech-script';
import { audioSha256 } from './test-audio.ts';

/** A recording (a file's path) and the words the scripted engine hears in it. */
export interface ScriptedLine {
  audio: string;
  words: string;
}

export interface ScriptedSpeechOptions {
  /** Seconds of work per second of audio (queues and fair share need work that lasts); default 0. */
  secondsPerAudioSecond?: number;
  /** What a recording with voice that the script does not name is heard to say; default the service's sentence. */
  defaultWords?: string;
  /** Spoken replies by the scripted voice (a hum of the right length, no festival to warm up), unless `offline`. */
  tts?: 'scripted' | 'offline';
}

/**
 * Writes the script of `lines` (by each recording's SHA-256) to `file`, whole (a worker reading it
 * meanwhile sees the old or the new). With SPEECH_SCRIPTED_TRANSCRIPTS a folder, each test file
 * writes its own `<name>.json` there.
 */
export function writeSpeechScript(file: string, lines: readonly ScriptedLine[]): void {
  const script = speechScriptSchema.parse(Object.fromEntries(lines.map((line) => [audioSha256(line.audio), line.words])));
  writeFileSync(`${file}.tmp`, JSON.stringify(script, null, 2));
  renameSync(`${file}.tmp`, file);
}

/** The speech processes' environment for the scripted engines, its script (`speech-script.json`) written into `dir`. */
export function scriptedSpeechEnv(dir: string, lines: readonly ScriptedLine[], options: ScriptedSpeechOptions = {}): Record<string, string> {
  const file = join(dir, 'speech-script.json');
  writeSpeechScript(file, lines);
  return {
    SPEECH_STT_ENGINE: 'scripted',
    SPEECH_TTS_ENGINE: options.tts ?? 'scripted',
    SPEECH_SCRIPTED_TRANSCRIPTS: file,
    ...(options.secondsPerAudioSecond === undefined ? {} : { SPEECH_SCRIPTED_SECONDS_PER_AUDIO_SECOND: String(options.secondsPerAudioSecond) }),
    ...(options.defaultWords === undefined ? {} : { SPEECH_SCRIPTED_DEFAULT_TRANSCRIPT: options.defaultWords }),
  };
}
