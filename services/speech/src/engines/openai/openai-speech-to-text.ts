import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import OpenAI, { toFile } from 'openai';
import { estimateWordTimings, type WordTiming } from '@story/proto';
import type { AudioKind } from '../../transcribe/audio-format.ts';
import { DurationMeter } from '../audio-duration.ts';
import { drained } from '../child-process.ts';
import { decodeDeadlineMs, type LiveTranscription, type SpeechToText, type Transcription } from '../speech-engines.ts';

export interface OpenAiSpeechToTextOptions {
  client: OpenAI;
  model: string;
  toleranceSeconds: number;
  /** Seconds past the longest recording that measuring it may take before ffmpeg is killed. */
  deadlineMarginSeconds: number;
  /** Where a live recording is gathered until it is sent (removed after). */
  tmpDir: string;
}

/** Whisper models time each word (`timestamp_granularities`); the `gpt-4o-*-transcribe` ones give text only. */
const timesWords = (model: string) => /^whisper/i.test(model);

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Sends a file to OpenAI's transcription API: with a Whisper model, as `verbose_json` with word
 * timestamps; with a model that gives none, the words' times are estimated from the text over the
 * recording's length (as for OpenAI's spoken replies), so words per minute and fillers still show.
 */
async function transcribeWithOpenAi(options: OpenAiSpeechToTextOptions, path: string, name: string, durationSeconds: number, signal?: AbortSignal): Promise<Transcription> {
  const file = await toFile(createReadStream(path), name);
  if (!timesWords(options.model)) {
    const result = await options.client.audio.transcriptions.create({ file, model: options.model }, { signal });
    const text = result.text.trim();
    return { text, durationSeconds, wordTimings: estimateWordTimings(text, durationSeconds) };
  }
  const result = await options.client.audio.transcriptions.create({ file, model: options.model, response_format: 'verbose_json', timestamp_granularities: ['word'] }, { signal });
  const text = result.text.trim();
  const words = result.words ?? [];
  const wordTimings: WordTiming[] = words.length > 0 ? words.map((word) => ({ word: word.word.trim(), start: round(Math.max(0, word.start)), end: round(Math.max(0, word.end)) })) : estimateWordTimings(text, durationSeconds);
  return { text, durationSeconds, wordTimings };
}

/**
 * A live recording for OpenAI, which transcribes whole files: the bytes are gathered in a temporary
 * file (and measured as they come, so an over-long one is refused early), then sent as the upload
 * path sends a file: the same bytes, the same transcript.
 */
class GatheredRecording implements LiveTranscription {
  private readonly path: string;
  private readonly file: WriteStream;
  private readonly meter: DurationMeter;

  constructor(private readonly options: OpenAiSpeechToTextOptions, kind: AudioKind, limitSeconds: number) {
    this.path = join(options.tmpDir, `story-live-${randomUUID()}.${kind}`);
    this.file = createWriteStream(this.path);
    const maxSeconds = limitSeconds + options.toleranceSeconds;
    this.meter = new DurationMeter('live', kind, limitSeconds, maxSeconds, decodeDeadlineMs(maxSeconds, options.deadlineMarginSeconds));
  }

  get heardSeconds(): number {
    return this.meter.seconds;
  }

  /** The writes in order, so that at most one waits for the file to drain (chunks come without waiting for each other). */
  private writing: Promise<void> = Promise.resolve();

  write(chunk: Buffer): Promise<void> {
    const next = this.writing.then(async () => {
      this.meter.write(chunk);
      if (!this.file.write(chunk)) await drained(this.file);
    });
    this.writing = next.catch(() => undefined);
    return next;
  }

  async finish(): Promise<Transcription> {
    await this.writing;
    try {
      await new Promise<void>((resolve, reject) => this.file.end((error?: Error | null) => (error ? reject(error) : resolve())));
      const durationSeconds = await this.meter.finish();
      return await transcribeWithOpenAi(this.options, this.path, basename(this.path), durationSeconds);
    } finally {
      await rm(this.path, { force: true });
    }
  }

  abort(): void {
    this.meter.abort();
    this.file.destroy();
    void rm(this.path, { force: true });
  }
}

/** Speech to text by OpenAI (or a compatible server): the model from OPENAI_TRANSCRIBE_MODEL. */
export class OpenAiSpeechToText implements SpeechToText {
  readonly name = 'openai';

  constructor(private readonly options: OpenAiSpeechToTextOptions) {}

  async transcribeFile(path: string, kind: AudioKind, limitSeconds: number, signal?: AbortSignal): Promise<Transcription> {
    const maxSeconds = limitSeconds + this.options.toleranceSeconds;
    const durationSeconds = await new DurationMeter({ file: path }, kind, limitSeconds, maxSeconds, decodeDeadlineMs(maxSeconds, this.options.deadlineMarginSeconds), signal).result();
    return transcribeWithOpenAi(this.options, path, basename(path), durationSeconds, signal);
  }

  openLive(kind: AudioKind, limitSeconds: number): LiveTranscription {
    return new GatheredRecording(this.options, kind, limitSeconds);
  }
}
