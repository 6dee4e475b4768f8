import type { AudioKind } from '../transcribe/audio-format.ts';
import { startPcmDecoder, type PcmSource } from './pcm-decoder.ts';
import { PCM_SAMPLE_RATE } from './pocketsphinx/utterance-cutter.ts';
import { AudioTooLongError, DecodeTimeoutError, UnreadableAudioError, WorkCancelledError } from './speech-engines.ts';

const BYTES_PER_SECOND = PCM_SAMPLE_RATE * 2;

/**
 * Looks at each piece of the decoded PCM as it is counted (16 kHz mono s16le). The meter reads no
 * further until it resolves, so ffmpeg waits on its pipe meanwhile; `stopped` aborts when the meter
 * is stopped (deadline, cancellation), so a wait in it ends at once.
 */
export type PcmInspector = (pcm: Buffer, stopped: AbortSignal) => Promise<void> | void;

/**
 * Counts a recording's seconds by decoding it (ffmpeg, as the offline recogniser does), so every
 * engine refuses the same recordings. Past `maxSeconds` it stops at once with AudioTooLongError;
 * past `deadlineMs`, or when `signal` aborts, ffmpeg is killed.
 */
export class DurationMeter {
  private readonly decoder;
  private bytes = 0;
  private readonly counted: Promise<number>;
  private stoppedBecause: Error | undefined;
  private readonly halted = new AbortController();

  constructor(
    source: PcmSource,
    kind: AudioKind,
    limitSeconds: number,
    maxSeconds: number,
    deadlineMs: number,
    signal?: AbortSignal,
    private readonly inspect?: PcmInspector,
  ) {
    this.decoder = startPcmDecoder(source, kind);
    const deadline = setTimeout(() => this.stop(new DecodeTimeoutError(deadlineMs)), deadlineMs);
    signal?.addEventListener('abort', () => this.stop(new WorkCancelledError()), { once: true });
    if (signal?.aborted) this.stop(new WorkCancelledError());
    this.counted = this.count(limitSeconds, maxSeconds).catch((error: unknown) => {
      throw this.stoppedBecause ?? error;
    });
    this.counted.catch(() => this.decoder.kill()).finally(() => clearTimeout(deadline));
  }

  get seconds(): number {
    return this.bytes / BYTES_PER_SECOND;
  }

  /** A live recording's next bytes. */
  write(chunk: Buffer): void {
    this.decoder.input.write(chunk);
  }

  /** No more bytes: the total length, or the refusal. */
  finish(): Promise<number> {
    this.decoder.input.end();
    return this.counted;
  }

  /** The length of a file source (or the refusal). */
  result(): Promise<number> {
    return this.counted;
  }

  abort(): void {
    this.halted.abort();
    this.decoder.kill();
  }

  private stop(reason: Error): void {
    this.stoppedBecause ??= reason;
    this.halted.abort(reason);
    this.decoder.kill();
  }

  private async count(limitSeconds: number, maxSeconds: number): Promise<number> {
    for await (const chunk of this.decoder.pcm as AsyncIterable<Buffer>) {
      this.bytes += chunk.length;
      if (this.seconds > maxSeconds) throw new AudioTooLongError(limitSeconds);
      await this.inspect?.(chunk, this.halted.signal);
      if (this.stoppedBecause) throw this.stoppedBecause;
    }
    await this.decoder.done.catch((error: unknown) => {
      throw new UnreadableAudioError(error instanceof Error ? error.message : String(error));
    });
    if (this.stoppedBecause) throw this.stoppedBecause;
    return this.seconds;
  }
}
