import { startPcmDecoder, type PcmSource } from './pcm-decoder.ts';
import { PCM_SAMPLE_RATE } from './pocketsphinx/utterance-cutter.ts';
import { AudioTooLongError, UnreadableAudioError } from './speech-engines.ts';

const BYTES_PER_SECOND = PCM_SAMPLE_RATE * 2;

/**
 * Counts a recording's seconds by decoding it (ffmpeg, as the offline recogniser does), so every
 * engine refuses the same recordings. Past `maxSeconds` it stops at once with AudioTooLongError.
 */
export class DurationMeter {
  private readonly decoder;
  private bytes = 0;
  private readonly counted: Promise<number>;

  constructor(source: PcmSource, limitSeconds: number, maxSeconds: number) {
    this.decoder = startPcmDecoder(source);
    this.counted = this.count(limitSeconds, maxSeconds);
    this.counted.catch(() => this.decoder.kill());
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
    this.decoder.kill();
  }

  private async count(limitSeconds: number, maxSeconds: number): Promise<number> {
    for await (const chunk of this.decoder.pcm as AsyncIterable<Buffer>) {
      this.bytes += chunk.length;
      if (this.seconds > maxSeconds) throw new AudioTooLongError(limitSeconds);
    }
    await this.decoder.done.catch((error: unknown) => {
      throw new UnreadableAudioError(error instanceof Error ? error.message : String(error));
    });
    return this.seconds;
  }
}
