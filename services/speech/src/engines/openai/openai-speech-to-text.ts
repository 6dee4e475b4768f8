import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type OpenAI from 'openai';
import { toFile } from 'openai';
import type { TranscriptionSegment } from 'openai/resources/audio/transcriptions';
import { estimateWordTimings, type HeardWord, type WordTiming } from '@story/proto';
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

/**
 * The transcription prompt of a practice: its terms, as OpenAI's prompting guide suggests for the
 * spelling of uncommon words and names (the prompt is cut at 224 tokens by Whisper; 50 short terms
 * stay well under). Empty without a vocabulary: no prompt is sent.
 */
export const vocabularyPrompt = (vocabulary: readonly string[] | undefined): string => (vocabulary && vocabulary.length > 0 ? `${vocabulary.join(', ')}.` : '');

/** Whisper models time each word (`timestamp_granularities`); the `gpt-4o-*-transcribe` ones give text only. */
const timesWords = (model: string) => /^whisper/i.test(model);

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Sends a file to OpenAI's transcription API: with a Whisper model, as `verbose_json` with word and
 * segment timestamps (a word's confidence comes from its segment's log-probabilities); with a model that gives none, the words' times are estimated from the text over the
 * recording's length (as for OpenAI's spoken replies), so words per minute and fillers still show.
 */
async function transcribeWithOpenAi(
  options: OpenAiSpeechToTextOptions,
  path: string,
  name: string,
  durationSeconds: number,
  { signal, vocabulary }: { signal?: AbortSignal | undefined; vocabulary?: readonly string[] | undefined },
): Promise<Transcription> {
  const file = await toFile(createReadStream(path), name);
  const prompt = vocabularyPrompt(vocabulary);
  const asked = { file, model: options.model, ...(prompt ? { prompt } : {}) };
  if (!timesWords(options.model)) {
    const result = await options.client.audio.transcriptions.create(asked, { signal });
    const text = result.text.trim();
    return { text, durationSeconds, wordTimings: unjudged(estimateWordTimings(text, durationSeconds)) };
  }
  const result = await options.client.audio.transcriptions.create(
    { ...asked, response_format: 'verbose_json', timestamp_granularities: ['word', 'segment'] },
    { signal },
  );
  const text = result.text.trim();
  const words = result.words ?? [];
  if (words.length === 0) return { text, durationSeconds, wordTimings: unjudged(estimateWordTimings(text, durationSeconds)) };
  const segments = result.segments ?? [];
  const wordTimings = words.map((word): HeardWord => {
    const start = round(Math.max(0, word.start));
    const end = round(Math.max(0, word.end));
    return { word: word.word.trim(), start, end, ...segmentConfidence(segmentAt(segments, (word.start + word.end) / 2)) };
  });
  return { text, durationSeconds, wordTimings };
}

/** Words whose confidence nobody told (times estimated from the text). */
const unjudged = (timings: readonly WordTiming[]): HeardWord[] => timings.map((timing) => ({ ...timing, confidence: null, uncertain: false }));

/** The part of Whisper's verbose answer a word's confidence comes from. */
type WhisperSegment = Pick<TranscriptionSegment, 'start' | 'end' | 'avg_logprob' | 'no_speech_prob' | 'compression_ratio'>;

/** The segment said at `seconds` (the nearest one before it when it falls between two). */
function segmentAt(segments: readonly WhisperSegment[], seconds: number): WhisperSegment | undefined {
  return segments.find((segment) => seconds >= segment.start && seconds <= segment.end) ?? segments.findLast((segment) => segment.start <= seconds);
}

/**
 * Whisper's own limits for a decode it does not trust (its temperature fallback): an average token
 * log-probability under -1, text that compresses more than 2.4 times (repetition, a decoder loop),
 * or a segment more likely silence than speech.
 */
export const WHISPER_WEAK_SEGMENT = { avgLogprob: -1, compressionRatio: 2.4, noSpeechProb: 0.6 } as const;

/**
 * A word's confidence from its segment (Whisper gives log-probabilities per segment, not per word):
 * the segment's mean token probability (exp of `avg_logprob`), and unsure when the segment is weak.
 * No segment: no confidence, and not marked.
 */
export function segmentConfidence(segment: WhisperSegment | undefined): { confidence: number | null; uncertain: boolean } {
  if (!segment) return { confidence: null, uncertain: false };
  const confidence = Math.round(Math.min(1, Math.max(0, Math.exp(segment.avg_logprob) * (1 - segment.no_speech_prob))) * 100) / 100;
  const weak =
    segment.avg_logprob < WHISPER_WEAK_SEGMENT.avgLogprob ||
    segment.compression_ratio > WHISPER_WEAK_SEGMENT.compressionRatio ||
    segment.no_speech_prob > WHISPER_WEAK_SEGMENT.noSpeechProb;
  return { confidence, uncertain: weak };
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

  constructor(
    private readonly options: OpenAiSpeechToTextOptions,
    kind: AudioKind,
    limitSeconds: number,
  ) {
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

  async finish(vocabulary?: readonly string[]): Promise<Transcription> {
    await this.writing;
    try {
      await new Promise<void>((resolve, reject) => this.file.end((error?: Error | null) => (error ? reject(error) : resolve())));
      const durationSeconds = await this.meter.finish();
      return await transcribeWithOpenAi(this.options, this.path, basename(this.path), durationSeconds, { vocabulary });
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

  async transcribeFile(path: string, kind: AudioKind, limitSeconds: number, signal?: AbortSignal, vocabulary?: readonly string[]): Promise<Transcription> {
    const maxSeconds = limitSeconds + this.options.toleranceSeconds;
    const durationSeconds = await new DurationMeter(
      { file: path },
      kind,
      limitSeconds,
      maxSeconds,
      decodeDeadlineMs(maxSeconds, this.options.deadlineMarginSeconds),
      signal,
    ).result();
    return transcribeWithOpenAi(this.options, path, basename(path), durationSeconds, { signal, vocabulary });
  }

  openLive(kind: AudioKind, limitSeconds: number): LiveTranscription {
    return new GatheredRecording(this.options, kind, limitSeconds);
  }
}
