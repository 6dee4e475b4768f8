/**
 * Cuts 16 kHz mono 16-bit PCM into utterances of bounded length, for a recogniser that ends an
 * utterance at half a second of silence (pocketsphinx's VAD). Its last pass over an utterance takes
 * longer the longer the utterance is (4.8 s after a 70 s answer spoken without a pause), and that
 * pass is what a person waits for after Stop. So a pause is looked for once an utterance grows: the
 * longer it is, the shorter the pause that will do, and past MAX_UTTERANCE_S it is cut wherever it is.
 * At each cut 0.6 s of silence is put in, which ends the recogniser's utterance there.
 *
 * Everything depends only on the samples, never on how they were split into chunks, so a recording
 * streamed while it is made and the same recording sent as a whole are cut, and transcribed, alike.
 */

export const PCM_SAMPLE_RATE = 16_000;
const BYTES_PER_SAMPLE = 2;
const FRAME_SAMPLES = 160; // 10 ms
const FRAME_BYTES = FRAME_SAMPLES * BYTES_PER_SAMPLE;
const FRAMES_PER_SECOND = PCM_SAMPLE_RATE / FRAME_SAMPLES;
/** Silence put in at a cut: more than the recogniser's 0.5 s end-of-utterance wait. */
export const CUT_SILENCE_SAMPLES = Math.round(0.6 * PCM_SAMPLE_RATE);
const CUT_SILENCE = Buffer.alloc(CUT_SILENCE_SAMPLES * BYTES_PER_SAMPLE);
/** Frames of energy history behind the silence threshold (3 s). */
const HISTORY_FRAMES = 300;
/** Quiet and loud closer than this (dB) cannot be told apart. */
const MIN_RANGE_DB = 12;
/** Frame energy (dB of mean square) below which a frame is silence whatever the room: about -60 dBFS. */
const SILENCE_DB = 30;
/** Past this many seconds an utterance is cut without waiting for a pause. */
export const MAX_UTTERANCE_S = 12;

/** How long a pause must be (frames) to cut an utterance of `seconds`: none short enough yet, 30 (0.3 s), 15, 8. */
function pauseNeeded(seconds: number): number {
  if (seconds >= MAX_UTTERANCE_S) return 0;
  if (seconds >= 9) return 8;
  if (seconds >= 6) return 15;
  if (seconds >= 3) return 30;
  // A pause the recogniser ends an utterance at by itself: start counting afresh after it.
  return seconds >= 1 ? 50 : Number.POSITIVE_INFINITY;
}

/** The value at a fraction of a sorted copy of `values`. */
function quantile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

export class UtteranceCutter {
  private pending: Buffer = Buffer.alloc(0);
  private readonly energies: number[] = [];
  private threshold = Number.POSITIVE_INFINITY;
  private framesSeen = 0;
  private utteranceFrames = 0;
  private quietRun = 0;
  private cutCount = 0;
  /** Samples given to the recogniser so far, silence put in included. */
  private samplesOut = 0;
  /** Where each cut's silence starts in what the recogniser got (samples), in order. */
  private readonly cutsAt: number[] = [];

  /** Seconds of the recording heard so far (the silence put in is not counted). */
  get heardSeconds(): number {
    return (this.framesSeen * FRAME_SAMPLES + Math.floor(this.pending.length / BYTES_PER_SAMPLE)) / PCM_SAMPLE_RATE;
  }

  get cuts(): number {
    return this.cutCount;
  }

  /** Where each cut is in what the recogniser got (samples; its put-in silence follows). */
  get cutSamples(): readonly number[] {
    return this.cutsAt;
  }

  /**
   * A time in what the recogniser got (seconds, the silence put in at cuts included) as a time in
   * the recording: the silence before it taken out; a time inside a put-in silence is its cut.
   */
  recordingSecondsAt(recogniserSeconds: number): number {
    const at = recogniserSeconds * PCM_SAMPLE_RATE;
    let removed = 0;
    for (const cut of this.cutsAt) {
      if (at <= cut) break;
      removed += Math.min(at - cut, CUT_SILENCE_SAMPLES);
    }
    return Math.max(0, (at - removed) / PCM_SAMPLE_RATE);
  }

  /** Takes any number of PCM bytes; returns what the recogniser gets now (whole frames, with silence at cuts). */
  push(pcm: Buffer): Buffer {
    const data = this.pending.length > 0 ? Buffer.concat([this.pending, pcm]) : pcm;
    const whole = data.length - (data.length % FRAME_BYTES);
    this.pending = Buffer.from(data.subarray(whole));
    const out: Buffer[] = [];
    let from = 0;
    for (let offset = 0; offset < whole; offset += FRAME_BYTES) {
      if (this.frame(data, offset)) {
        out.push(data.subarray(from, offset + FRAME_BYTES));
        this.samplesOut += (offset + FRAME_BYTES - from) / BYTES_PER_SAMPLE;
        this.cutsAt.push(this.samplesOut);
        out.push(CUT_SILENCE);
        this.samplesOut += CUT_SILENCE_SAMPLES;
        from = offset + FRAME_BYTES;
      }
    }
    out.push(data.subarray(from, whole));
    this.samplesOut += (whole - from) / BYTES_PER_SAMPLE;
    return Buffer.concat(out);
  }

  /** The rest, at the end of the recording. */
  flush(): Buffer {
    const rest = this.pending;
    this.pending = Buffer.alloc(0);
    this.samplesOut += Math.floor(rest.length / BYTES_PER_SAMPLE);
    return rest;
  }

  /** Looks at one frame; true when the utterance is cut after it. */
  private frame(data: Buffer, offset: number): boolean {
    let sum = 0;
    for (let i = 0; i < FRAME_SAMPLES; i++) {
      const sample = data.readInt16LE(offset + i * BYTES_PER_SAMPLE);
      sum += sample * sample;
    }
    const energy = 10 * Math.log10(sum / FRAME_SAMPLES + 1);
    this.energies.push(energy);
    if (this.energies.length > HISTORY_FRAMES) this.energies.shift();
    // The threshold follows the room: a third of the way from its quiet to its loud. Without quiet
    // in the last 3 s (all speech) only near-digital silence counts as a pause.
    if (this.framesSeen % 10 === 0) {
      const floor = quantile(this.energies, 0.1);
      const loud = quantile(this.energies, 0.9);
      this.threshold = loud - floor >= MIN_RANGE_DB ? floor + (loud - floor) / 3 : SILENCE_DB;
    }
    this.framesSeen += 1;
    this.utteranceFrames += 1;
    this.quietRun = energy < this.threshold ? this.quietRun + 1 : 0;
    if (this.quietRun < pauseNeeded(this.utteranceFrames / FRAMES_PER_SECOND)) return false;
    this.utteranceFrames = 0;
    this.quietRun = 0;
    this.cutCount += 1;
    return true;
  }
}
