import type { AudioKind } from '../../transcribe/audio-format.ts';
import { drained } from '../child-process.ts';
import { startPcmDecoder, type PcmSource } from '../pcm-decoder.ts';
import {
  AudioTooLongError,
  DecodeTimeoutError,
  UnreadableAudioError,
  WorkCancelledError,
  decodeDeadlineMs,
  type LiveTranscription,
  type SpeechToText,
  type Transcription,
} from '../speech-engines.ts';
import { PocketsphinxRecognizer, type RecognizerModel } from './pocketsphinx-recognizer.ts';
import { CEPSTRAL_MEAN_SECONDS, cepstralMeanOf } from './cepstral-mean.ts';
import { medianPitch, warpForPitch } from './frequency-warp.ts';
import { PCM_SAMPLE_RATE, UtteranceCutter } from './utterance-cutter.ts';

/** The PCM (16-bit samples) measured for the recording's cepstral mean. */
const OPENING_BYTES = CEPSTRAL_MEAN_SECONDS * PCM_SAMPLE_RATE * 2;
import { wordConfidences } from './word-confidence.ts';
import { dictionaryAt } from './vocabulary/pronunciations.ts';
import { correctTranscription } from './vocabulary/vocabulary-correction.ts';
import { withSecondHearing } from './vocabulary/second-hearing.ts';
import { join } from 'node:path';
import type { HeardWord } from '@story/proto';
import type { StageTime } from '@story/service-kit/telemetry/stage-timeline';
import { MoonshineRecognizer } from '../moonshine/moonshine-recognizer.ts';
import { mergeUtterances } from '../moonshine/merge-words.ts';
import { UtteranceWordsRecognition } from '../moonshine/utterance-words.ts';
import type { WordModelPaths } from '../moonshine/word-model-files.ts';

/** The transcription with the practice's `vocabulary` put in (vocabulary-correction.ts), by the sounds of the recogniser's own dictionary. */
function withVocabulary(model: RecognizerModel, transcription: Transcription, vocabulary: readonly string[] | undefined): Transcription {
  const dictionary = () => dictionaryAt(model.dictionary ?? join(model.modelDir, 'cmudict-en-us.dict'));
  const corrected = correctTranscription(transcription, vocabulary, dictionary);
  return vocabulary && vocabulary.length > 0 ? withSecondHearing(corrected, vocabulary, dictionary()) : corrected;
}

export interface OfflineSpeechToTextOptions extends RecognizerModel {
  /** Seconds past the user's limit still taken (the recorder stops a moment late). */
  toleranceSeconds: number;
  /** Seconds past the longest recording a decode may run before its processes are killed. */
  deadlineMarginSeconds: number;
  /** Moonshine's files: when given, it hears the words and pocketsphinx times them (moonshine/merge-words.ts). */
  wordModel?: WordModelPaths | undefined;
}

/**
 * One recording through ffmpeg → utterance cutter → pocketsphinx. A file and a live recording go the
 * same way, so the same bytes give the same transcript whichever way they came. Whatever happens,
 * the run ends by its deadline: past it, both processes' groups are killed.
 */
class RecognitionRun implements LiveTranscription {
  private readonly decoder;
  private readonly cutter = new UtteranceCutter();
  /** Moonshine on each utterance as it ends, when the model has a word model. */
  private readonly utteranceWords;
  /** Started once the recording's first seconds are measured (cepstral-mean.ts). */
  private recognizer: PocketsphinxRecognizer | undefined;
  private readonly result: Promise<Transcription>;
  private readonly deadline: NodeJS.Timeout;
  private refusal: Error | undefined;
  /** The writes in order: each waits for the one before, so at most one waits for the pipe to drain. */
  private writing: Promise<void> = Promise.resolve();
  /** Why the run was stopped from outside (deadline, cancellation): it outranks what the killed processes said. */
  private stoppedBecause: Error | undefined;
  /** What was left to do once Stop came (`finish`), stage by stage; nothing is timed before it. */
  private readonly afterStop: StageTime[] = [];
  private stageStart: number | undefined;

  constructor(
    source: PcmSource,
    kind: AudioKind,
    private readonly model: OfflineSpeechToTextOptions,
    private readonly limitSeconds: number,
    private readonly maxSeconds: number,
    deadlineMs: number,
    signal?: AbortSignal,
  ) {
    this.decoder = startPcmDecoder(source, kind);
    this.utteranceWords = model.wordModel ? new UtteranceWordsRecognition(new MoonshineRecognizer(model.wordModel)) : undefined;
    this.deadline = setTimeout(() => this.stop(new DecodeTimeoutError(deadlineMs)), deadlineMs);
    signal?.addEventListener('abort', () => this.stop(new WorkCancelledError()), { once: true });
    if (signal?.aborted) this.stop(new WorkCancelledError());
    this.result = this.run();
    this.result.catch(() => this.abort()).finally(() => clearTimeout(this.deadline));
  }

  get heardSeconds(): number {
    return this.cutter.heardSeconds;
  }

  write(chunk: Buffer): Promise<void> {
    const next = this.writing.then(async () => {
      if (this.refusal) throw this.refusal;
      if (this.stoppedBecause) throw this.stoppedBecause;
      if (!this.decoder.input.write(chunk)) await drained(this.decoder.input);
    });
    this.writing = next.catch(() => undefined);
    return next;
  }

  async finish(vocabulary?: readonly string[]): Promise<Transcription> {
    this.stageStart = performance.now();
    await this.writing;
    this.stageEnded('chunks-in');
    this.decoder.input.end();
    return { ...withVocabulary(this.model, await this.result, vocabulary), stages: this.afterStop };
  }

  /** Ends a stage of what was left at Stop (none before Stop: a live recording's decoding while the person speaks is no wait). */
  private stageEnded(stage: string): void {
    if (this.stageStart === undefined) return;
    const now = performance.now();
    this.afterStop.push({ stage, seconds: (now - this.stageStart) / 1000 });
    this.stageStart = now;
  }

  transcript(): Promise<Transcription> {
    return this.result;
  }

  abort(): void {
    clearTimeout(this.deadline);
    this.decoder.kill();
    this.recognizer?.abort();
    this.utteranceWords?.stop();
  }

  private stop(reason: Error): void {
    this.stoppedBecause ??= reason;
    this.abort();
  }

  /**
   * Starts the recogniser fitted to the voice of the first CEPSTRAL_MEAN_SECONDS of `opening`
   * (exactly those bytes, however the PCM came in pieces, so a live recording and the same file
   * start alike): warped when the voice is high (frequency-warp.ts), from its own cepstral mean;
   * and gives it all of `opening`. A run stopped meanwhile starts nothing.
   */
  private async startRecognizer(opening: Buffer): Promise<PocketsphinxRecognizer> {
    const measured = opening.subarray(0, OPENING_BYTES);
    const warp = warpForPitch(medianPitch(measured));
    const cepstralMean = await cepstralMeanOf(measured, warp);
    if (this.stoppedBecause) throw this.stoppedBecause;
    const recognizer = new PocketsphinxRecognizer(this.model, cepstralMean, warp);
    this.recognizer = recognizer;
    await recognizer.write(opening);
    return recognizer;
  }

  private async run(): Promise<Transcription> {
    try {
      const opening: Buffer[] = [];
      let openingBytes = 0;
      let recognizer: PocketsphinxRecognizer | undefined;
      for await (const chunk of this.decoder.pcm as AsyncIterable<Buffer>) {
        const pcm = this.cutter.push(chunk);
        this.utteranceWords?.push(pcm, this.cutter.cutSamples);
        if (recognizer) await recognizer.write(pcm);
        else {
          opening.push(pcm);
          openingBytes += pcm.length;
          if (openingBytes >= OPENING_BYTES) recognizer = await this.startRecognizer(Buffer.concat(opening.splice(0)));
        }
        if (this.cutter.heardSeconds > this.maxSeconds) throw new AudioTooLongError(this.limitSeconds);
      }
      await this.decoder.done.catch((error: unknown) => {
        throw new UnreadableAudioError(error instanceof Error ? error.message : String(error));
      });
      this.stageEnded('decode-backlog');
      recognizer ??= await this.startRecognizer(Buffer.concat(opening.splice(0)));
      const rest = this.cutter.flush();
      this.utteranceWords?.push(rest, this.cutter.cutSamples);
      await recognizer.write(rest);
      const { text, words } = await recognizer.finish();
      this.stageEnded('sphinx-tail');
      const utterances = await this.utteranceWords?.finish();
      if (utterances) this.stageEnded('moonshine-tail');
      if (this.stoppedBecause) throw this.stoppedBecause;
      const confidences = wordConfidences(words.map((word) => word.evidence));
      const heard: HeardWord[] = words.map((word, index) => ({
        word: word.word,
        start: word.start,
        end: word.end,
        ...(confidences[index] ?? { confidence: null, uncertain: false }),
      }));
      // pocketsphinx times words in the PCM it was fed, which has silence put in at each cut.
      const at = (seconds: number) => Math.round(this.cutter.recordingSecondsAt(seconds) * 1000) / 1000;
      const inRecording = (timed: readonly HeardWord[]) => timed.map((word) => ({ ...word, start: at(word.start), end: at(word.end) }));
      if (utterances) {
        const merged = mergeUtterances(heard, utterances);
        this.stageEnded('merge');
        return { text: merged.text, durationSeconds: this.cutter.heardSeconds, wordTimings: inRecording(merged.words), alternative: inRecording(heard) };
      }
      return { text, durationSeconds: this.cutter.heardSeconds, wordTimings: inRecording(heard), evidence: words.map((word) => word.evidence) };
    } catch (error) {
      this.refusal = this.stoppedBecause ?? (error instanceof Error ? error : new Error(String(error)));
      throw this.refusal;
    }
  }
}

/** Speech to text on this machine: Debian's ffmpeg and pocketsphinx with its en-us model. */
export class OfflineSpeechToText implements SpeechToText {
  readonly name = 'pocketsphinx';

  constructor(private readonly options: OfflineSpeechToTextOptions) {}

  async transcribeFile(path: string, kind: AudioKind, limitSeconds: number, signal?: AbortSignal, vocabulary?: readonly string[]): Promise<Transcription> {
    return withVocabulary(this.options, await this.run({ file: path }, kind, limitSeconds, signal).transcript(), vocabulary);
  }

  openLive(kind: AudioKind, limitSeconds: number): LiveTranscription {
    return this.run('live', kind, limitSeconds);
  }

  private run(source: PcmSource, kind: AudioKind, limitSeconds: number, signal?: AbortSignal): RecognitionRun {
    const maxSeconds = limitSeconds + this.options.toleranceSeconds;
    return new RecognitionRun(source, kind, this.options, limitSeconds, maxSeconds, decodeDeadlineMs(maxSeconds, this.options.deadlineMarginSeconds), signal);
  }
}
