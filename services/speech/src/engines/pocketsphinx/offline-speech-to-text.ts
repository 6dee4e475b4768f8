import { AudioTooLongError, UnreadableAudioError, type LiveTranscription, type SpeechToText, type Transcription } from '../speech-engines.ts';
import { startPcmDecoder, type PcmSource } from '../pcm-decoder.ts';
import { PocketsphinxRecognizer } from './pocketsphinx-recognizer.ts';
import { UtteranceCutter } from './utterance-cutter.ts';

export interface OfflineSpeechToTextOptions {
  /** pocketsphinx's US English model (Debian: /usr/share/pocketsphinx/model/en-us). */
  modelDir: string;
  /** Seconds past the user's limit still taken (the recorder stops a moment late). */
  toleranceSeconds: number;
}

/**
 * One recording through ffmpeg → utterance cutter → pocketsphinx. A file and a live recording go the
 * same way, so the same bytes give the same transcript whichever way they came.
 */
class RecognitionRun implements LiveTranscription {
  private readonly decoder;
  private readonly cutter = new UtteranceCutter();
  private readonly recognizer: PocketsphinxRecognizer;
  private readonly result: Promise<Transcription>;
  private refusal: Error | undefined;

  constructor(source: PcmSource, modelDir: string, private readonly limitSeconds: number, private readonly maxSeconds: number) {
    this.decoder = startPcmDecoder(source);
    this.recognizer = new PocketsphinxRecognizer(modelDir);
    this.result = this.run();
    this.result.catch(() => this.abort());
  }

  get heardSeconds(): number {
    return this.cutter.heardSeconds;
  }

  async write(chunk: Buffer): Promise<void> {
    if (this.refusal) throw this.refusal;
    if (this.decoder.input.write(chunk)) return;
    await new Promise<void>((resolve) => {
      this.decoder.input.once('drain', resolve);
      this.decoder.input.once('close', resolve);
    });
  }

  finish(): Promise<Transcription> {
    this.decoder.input.end();
    return this.result;
  }

  transcript(): Promise<Transcription> {
    return this.result;
  }

  abort(): void {
    this.decoder.kill();
    this.recognizer.abort();
  }

  private async run(): Promise<Transcription> {
    try {
      for await (const chunk of this.decoder.pcm as AsyncIterable<Buffer>) {
        await this.recognizer.write(this.cutter.push(chunk));
        if (this.cutter.heardSeconds > this.maxSeconds) throw new AudioTooLongError(this.limitSeconds);
      }
      await this.decoder.done.catch((error: unknown) => {
        throw new UnreadableAudioError(error instanceof Error ? error.message : String(error));
      });
      await this.recognizer.write(this.cutter.flush());
      const { text, words } = await this.recognizer.finish();
      // pocketsphinx times words in the PCM it was fed, which has silence put in at each cut.
      const at = (seconds: number) => Math.round(this.cutter.recordingSecondsAt(seconds) * 1000) / 1000;
      const wordTimings = words.map((word) => ({ word: word.word, start: at(word.start), end: at(word.end) }));
      return { text, durationSeconds: this.cutter.heardSeconds, wordTimings };
    } catch (error) {
      this.refusal = error instanceof Error ? error : new Error(String(error));
      throw this.refusal;
    }
  }
}

/** Speech to text on this machine: Debian's ffmpeg and pocketsphinx with its en-us model. */
export class OfflineSpeechToText implements SpeechToText {
  readonly name = 'pocketsphinx';

  constructor(private readonly options: OfflineSpeechToTextOptions) {}

  transcribeFile(path: string, limitSeconds: number): Promise<Transcription> {
    return new RecognitionRun({ file: path }, this.options.modelDir, limitSeconds, limitSeconds + this.options.toleranceSeconds).transcript();
  }

  openLive(limitSeconds: number): LiveTranscription {
    return new RecognitionRun('live', this.options.modelDir, limitSeconds, limitSeconds + this.options.toleranceSeconds);
  }
}
