import { estimateWordTimings, type HeardWord } from '@story/proto';
import { PCM_SAMPLE_RATE } from '../pocketsphinx/utterance-cutter.ts';

/** A stretch of a recording, in seconds from its start. */
export interface Stretch {
  start: number;
  end: number;
}

/** 20 ms frames: short enough to find the gap between two sentences, long enough to be steady. */
const FRAME_SAMPLES = PCM_SAMPLE_RATE / 50;
const FRAME_SECONDS = FRAME_SAMPLES / PCM_SAMPLE_RATE;
/**
 * A frame is voice when its RMS is above this (about -40 dBFS): flite's voices speak at -15 to
 * -20 dBFS, and digital silence (a pause made by ffmpeg, even after opus) measures 0.
 */
const VOICE_RMS = 300;
/** Quiet shorter than this is the breath between words, not a pause: the stretches either side are one. */
const JOIN_GAP_SECONDS = 0.25;

/**
 * Where a recording has voice, from its 16 kHz mono s16le PCM as it is decoded (pieces of any
 * length): the stretches of voice, quiet under JOIN_GAP_SECONDS left inside them.
 */
export class VoiceActivity {
  private carry: Buffer = Buffer.alloc(0);
  private frame = 0;
  private frameSamples = 0;
  private frameSquares = 0;
  private readonly stretches: Stretch[] = [];

  /** The next piece of PCM (an odd byte is kept for the next piece). */
  push(pcm: Buffer): void {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, pcm]) : pcm;
    const whole = bytes.length - (bytes.length % 2);
    for (let offset = 0; offset < whole; offset += 2) {
      const sample = bytes.readInt16LE(offset);
      this.frameSquares += sample * sample;
      this.frameSamples += 1;
      if (this.frameSamples === FRAME_SAMPLES) this.endFrame();
    }
    this.carry = bytes.subarray(whole);
  }

  /** The stretches of voice so far (a last partial frame counts as a frame). */
  voiced(): Stretch[] {
    if (this.frameSamples > 0) this.endFrame();
    return this.stretches.map((stretch) => ({ ...stretch }));
  }

  private endFrame(): void {
    const rms = Math.sqrt(this.frameSquares / Math.max(1, this.frameSamples));
    const start = this.frame * FRAME_SECONDS;
    const end = start + (this.frameSamples / FRAME_SAMPLES) * FRAME_SECONDS;
    this.frame += 1;
    this.frameSamples = 0;
    this.frameSquares = 0;
    if (rms <= VOICE_RMS) return;
    const last = this.stretches.at(-1);
    if (last && start - last.end < JOIN_GAP_SECONDS) last.end = end;
    else this.stretches.push({ start, end });
  }
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The words of `text` placed where the recording has voice: shared among the voiced stretches by
 * their length (as `estimateWordTimings` shares a reply's length), each word kept inside the one
 * stretch that holds most of it, so a pause in the recording is a pause between two words. Without
 * voice, the words share the whole `durationSeconds`. Scripted words are heard with certainty.
 */
export function wordsOverVoice(text: string, voiced: readonly Stretch[], durationSeconds: number): HeardWord[] {
  const certain = { confidence: 1, uncertain: false };
  const voicedSeconds = voiced.reduce((sum, stretch) => sum + (stretch.end - stretch.start), 0);
  if (voicedSeconds <= 0) return estimateWordTimings(text, durationSeconds).map((timing) => ({ ...timing, ...certain }));
  // Voiced time (the stretches end to end) of each stretch's start.
  const offsets = voiced.map((_, index) => voiced.slice(0, index).reduce((sum, stretch) => sum + (stretch.end - stretch.start), 0));
  return estimateWordTimings(text, voicedSeconds).map((timing) => {
    const middle = (timing.start + timing.end) / 2;
    const index = Math.max(
      0,
      offsets.findLastIndex((offset) => offset <= middle),
    );
    const stretch = voiced[index] ?? { start: 0, end: durationSeconds };
    const offset = offsets[index] ?? 0;
    const inRecording = (at: number) => Math.min(stretch.end, Math.max(stretch.start, stretch.start + at - offset));
    return { word: timing.word, start: round(inRecording(timing.start)), end: round(inRecording(timing.end)), ...certain };
  });
}
