/**
 * Moonshine on each utterance of a recording as the utterance cutter ends it (utterance-cutter.ts),
 * while the recording still comes in: when a person stops, only the last utterance is left to
 * recognise. It is given exactly what pocketsphinx is given, without the silence put in
 * at the cuts, so both recognisers' words are on one clock.
 */
import { CUT_SILENCE_SAMPLES, PCM_SAMPLE_RATE } from '../pocketsphinx/utterance-cutter.ts';
import type { MoonshineRecognizer, RecognizedWord } from './moonshine-recognizer.ts';

const BYTES_PER_SAMPLE = 2;
/**
 * Moonshine hears better with more of a sentence around a word, so the cutter's utterances (cut at
 * ever shorter pauses, down to mid-sentence) are joined until they last this long. What is left at
 * Stop is what came after the last such join: Moonshine decodes about 16 s of audio a second here.
 */
const SHORTEST_SECONDS = 5;

export interface UtteranceWords {
  /** Seconds in what the recogniser got. */
  from: number;
  to: number;
  words: RecognizedWord[];
}

export class UtteranceWordsRecognition {
  private readonly chunks: Buffer[] = [];
  /** The first sample of `chunks[0]`, and the end of the last chunk, in samples. */
  private chunksStart = 0;
  private received = 0;
  private utteranceStart = 0;
  private cutsTaken = 0;
  private readonly utterances: Promise<UtteranceWords>[] = [];
  /** One decode at a time, in order. */
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(private readonly recognizer: MoonshineRecognizer) {}

  /** The next PCM the recogniser got, and the cutter's cuts so far (samples). */
  push(pcm: Buffer, cuts: readonly number[]): void {
    if (pcm.length > 0) this.chunks.push(pcm);
    this.received += pcm.length / BYTES_PER_SAMPLE;
    while (this.cutsTaken < cuts.length && (cuts[this.cutsTaken] ?? Infinity) <= this.received) {
      const cut = cuts[this.cutsTaken++] ?? 0;
      if (cut - this.utteranceStart < SHORTEST_SECONDS * PCM_SAMPLE_RATE) continue;
      this.recognize(this.utteranceStart, cut);
      this.utteranceStart = cut + CUT_SILENCE_SAMPLES;
    }
  }

  /** Every utterance's words, the last one (to the end of the recording) included. */
  finish(): Promise<UtteranceWords[]> {
    if (this.utteranceStart < this.received) this.recognize(this.utteranceStart, this.received);
    return Promise.all(this.utterances);
  }

  /** No more decodes are started (those done are thrown away). */
  stop(): void {
    this.stopped = true;
    this.chunks.length = 0;
  }

  private recognize(from: number, to: number): void {
    const pcm = this.take(from, to);
    const run = this.queue.then(async () => ({
      from: from / PCM_SAMPLE_RATE,
      to: to / PCM_SAMPLE_RATE,
      words: this.stopped ? [] : await this.recognizer.recognize(pcm),
    }));
    this.queue = run.catch(() => undefined);
    this.utterances.push(run);
  }

  /** The samples from `from` to `to`; what lies before `to` is let go. */
  private take(from: number, to: number): Buffer {
    const parts: Buffer[] = [];
    let at = this.chunksStart;
    for (const chunk of this.chunks) {
      const samples = chunk.length / BYTES_PER_SAMPLE;
      const start = Math.max(from, at);
      const end = Math.min(to, at + samples);
      if (end > start) parts.push(chunk.subarray((start - at) * BYTES_PER_SAMPLE, (end - at) * BYTES_PER_SAMPLE));
      at += samples;
    }
    while (this.chunks.length > 0 && this.chunksStart + (this.chunks[0]?.length ?? 0) / BYTES_PER_SAMPLE <= to) {
      this.chunksStart += (this.chunks.shift()?.length ?? 0) / BYTES_PER_SAMPLE;
    }
    return Buffer.concat(parts);
  }
}
