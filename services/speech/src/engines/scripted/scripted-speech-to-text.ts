import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { speechScriptSchema, type SpeechScript } from '@story/proto/speech-script';
import type { AudioKind } from '../../transcribe/audio-format.ts';
import { DurationMeter, type PcmInspector } from '../audio-duration.ts';
import type { PcmSource } from '../pcm-decoder.ts';
import { PCM_SAMPLE_RATE } from '../pocketsphinx/utterance-cutter.ts';
import { decodeDeadlineMs, type LiveTranscription, type SpeechToText, type Transcription } from '../speech-engines.ts';
import { VoiceActivity, wordsOverVoice } from './voice-activity.ts';

export interface ScriptedSpeechToTextOptions {
  /** The script (`speechScriptSchema`), a file or a folder of them, read at each transcription so that a test may add to it; unset: no recording is named. */
  scriptFile?: string | undefined;
  /** What a recording with voice that the script does not name is heard to say. */
  defaultTranscript: string;
  /** Seconds of work per second of audio, as a recogniser would take (0: as fast as ffmpeg decodes). */
  secondsPerAudioSecond: number;
  /** Seconds past the user's limit still taken (the recorder stops a moment late). */
  toleranceSeconds: number;
  /** Seconds past the longest recording a decode may run before ffmpeg is killed. */
  deadlineMarginSeconds: number;
  /** What the pace is kept by (its own tests give one they move); default the real clock. */
  pacing?: PacingClock | undefined;
}

/** Milliseconds now, and a wait that ends early when `signal` aborts. */
export interface PacingClock {
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

const REAL_CLOCK: PacingClock = {
  now: () => performance.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }).catch(() => undefined),
};

const PCM_BYTES_PER_SECOND = PCM_SAMPLE_RATE * 2;

/** An inspector that makes the decode last `secondsPerAudioSecond` per second of audio from its first piece on (ffmpeg waits on its pipe meanwhile). */
function paced(secondsPerAudioSecond: number, clock: PacingClock): PcmInspector {
  let startedAt: number | undefined;
  let audioSeconds = 0;
  return async (pcm, stopped) => {
    if (secondsPerAudioSecond <= 0) return;
    startedAt ??= clock.now();
    audioSeconds += pcm.length / PCM_BYTES_PER_SECOND;
    const waitMs = startedAt + audioSeconds * secondsPerAudioSecond * 1000 - clock.now();
    if (waitMs > 0 && !stopped.aborted) await clock.sleep(waitMs, stopped);
  };
}

/** One script file, checked. */
async function readScript(file: string): Promise<SpeechScript> {
  try {
    return speechScriptSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    throw new Error(`the scripted engine's script ${file} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The script's words for a recording: undefined when it does not name it. The script is a file, or
 * a folder of `*.json` files read together (so test files sharing one stack each write their own
 * part, and none overwrites another's). A script that cannot be read fails the transcription, saying why.
 */
async function scriptedWords(script: string | undefined, audioSha256: string): Promise<string | undefined> {
  if (!script) return undefined;
  const files = (await stat(script)).isDirectory()
    ? (await readdir(script)).filter((name) => name.endsWith('.json')).map((name) => join(script, name))
    : [script];
  for (const file of files) {
    const words = (await readScript(file))[audioSha256];
    if (words !== undefined) return words;
  }
  return undefined;
}

/**
 * One recording through the scripted engine: measured by ffmpeg exactly as the OpenAI engine
 * measures it (`DurationMeter`: the same length, the same refusals, the same deadline), its voice
 * found in the decoded PCM, its bytes hashed to look it up in the script.
 */
class ScriptedRun implements LiveTranscription {
  private readonly meter: DurationMeter;
  private readonly voice = new VoiceActivity();
  private readonly hash = createHash('sha256');
  /** Why the meter stopped (too long, unreadable, cancelled, past its deadline): later chunks are refused with it. */
  private refusal: unknown;

  constructor(
    source: PcmSource,
    kind: AudioKind,
    limitSeconds: number,
    private readonly options: ScriptedSpeechToTextOptions,
    signal?: AbortSignal,
  ) {
    const maxSeconds = limitSeconds + options.toleranceSeconds;
    const pace = paced(options.secondsPerAudioSecond, options.pacing ?? REAL_CLOCK);
    this.meter = new DurationMeter(
      source,
      kind,
      limitSeconds,
      maxSeconds,
      decodeDeadlineMs(maxSeconds, options.deadlineMarginSeconds),
      signal,
      (pcm, stopped) => {
        this.voice.push(pcm);
        return pace(pcm, stopped);
      },
    );
    this.meter.result().catch((error: unknown) => {
      this.refusal = error;
    });
  }

  get heardSeconds(): number {
    return this.meter.seconds;
  }

  async write(chunk: Buffer): Promise<void> {
    if (this.refusal) throw this.refusal;
    this.hash.update(chunk);
    this.meter.write(chunk);
  }

  async finish(): Promise<Transcription> {
    return this.transcription(this.hash.digest('hex'), await this.meter.finish());
  }

  /** A whole file's transcription, once it is measured. */
  async ofFile(path: string): Promise<Transcription> {
    const [bytes, durationSeconds] = await Promise.all([readFile(path), this.meter.result()]);
    return this.transcription(createHash('sha256').update(bytes).digest('hex'), durationSeconds);
  }

  abort(): void {
    this.meter.abort();
  }

  /** The script's words, else the default sentence when there was voice, else nothing heard; placed where the voice was. */
  private async transcription(audioSha256: string, durationSeconds: number): Promise<Transcription> {
    const voiced = this.voice.voiced();
    const text = (await scriptedWords(this.options.scriptFile, audioSha256)) ?? (voiced.length > 0 ? this.options.defaultTranscript : '');
    return { text, durationSeconds, wordTimings: text ? wordsOverVoice(text, voiced, durationSeconds) : [] };
  }
}

/**
 * Speech to text for tests of what surrounds recognition (metering, limits, queues, slots, screens):
 * real audio measured by ffmpeg, words from the test's script. Refused outside NODE_ENV=test (config.ts).
 * The practice's vocabulary is not used: the script says exactly what is heard.
 */
export class ScriptedSpeechToText implements SpeechToText {
  readonly name = 'scripted';

  constructor(private readonly options: ScriptedSpeechToTextOptions) {}

  transcribeFile(path: string, kind: AudioKind, limitSeconds: number, signal?: AbortSignal): Promise<Transcription> {
    return new ScriptedRun({ file: path }, kind, limitSeconds, this.options, signal).ofFile(path);
  }

  openLive(kind: AudioKind, limitSeconds: number): LiveTranscription {
    return new ScriptedRun('live', kind, limitSeconds, this.options);
  }
}
