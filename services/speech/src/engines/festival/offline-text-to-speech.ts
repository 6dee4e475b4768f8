import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeMp3, wavDurationSeconds } from '../mp3-encoder.ts';
import type { SpokenAudio, TextToSpeech } from '../speech-engines.ts';
import { alignWordTimings, speakableText } from '../word-timings.ts';
import { FestivalVoice } from './festival-voice.ts';

export interface OfflineTextToSpeechOptions {
  voice: string;
  /** Where the WAV of each reply is written for a moment (removed right after). */
  tmpDir: string;
  timeoutMs: number;
}

/** Text to speech on this machine: festival's HTS voice, kept warm, with word times; MP3 by lame. */
export class OfflineTextToSpeech implements TextToSpeech {
  readonly name = 'festival';
  private readonly festival: FestivalVoice;

  constructor(private readonly options: OfflineTextToSpeechOptions) {
    this.festival = new FestivalVoice(options.voice);
  }

  /** Loads the voice before the first reply needs it. */
  warmUp(): Promise<void> {
    return this.festival.warmUp(this.options.timeoutMs);
  }

  async synthesize(text: string): Promise<SpokenAudio> {
    const wavPath = join(this.options.tmpDir, `story-reply-${randomUUID()}.wav`);
    try {
      const words = await this.festival.speak(speakableText(text), wavPath, this.options.timeoutMs);
      const [wav, mp3] = await Promise.all([readFile(wavPath), encodeMp3(wavPath, this.options.timeoutMs)]);
      const durationSeconds = wavDurationSeconds(wav);
      return { mp3, durationSeconds, wordTimings: alignWordTimings(text, words, durationSeconds) };
    } finally {
      await rm(wavPath, { force: true });
    }
  }

  close(): Promise<void> {
    return this.festival.close();
  }
}
