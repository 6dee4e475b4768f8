import type OpenAI from 'openai';
import { DurationMeter } from '../audio-duration.ts';
import { decodeDeadlineMs, type SpokenAudio, type TextToSpeech } from '../speech-engines.ts';
import { estimateWordTimings } from '@story/proto';

export interface OpenAiTextToSpeechOptions {
  client: OpenAI;
  model: string;
  voice: string;
}

/** No reply is spoken for longer than this (OpenAI's speech input is 4096 characters, a few minutes). */
const LONGEST_REPLY_SECONDS = 3600;

/**
 * Text to speech by OpenAI (or a compatible server). Its audio carries no word times, so they are
 * estimated from the text and the MP3's length (measured by decoding it).
 */
export class OpenAiTextToSpeech implements TextToSpeech {
  readonly name = 'openai';

  constructor(private readonly options: OpenAiTextToSpeechOptions) {}

  async synthesize(text: string): Promise<SpokenAudio> {
    const response = await this.options.client.audio.speech.create({
      model: this.options.model,
      voice: this.options.voice,
      input: text,
      response_format: 'mp3',
    });
    const mp3 = Buffer.from(await response.arrayBuffer());
    const meter = new DurationMeter('live', 'mp3', LONGEST_REPLY_SECONDS, LONGEST_REPLY_SECONDS, decodeDeadlineMs(LONGEST_REPLY_SECONDS, 30));
    meter.write(mp3);
    const durationSeconds = await meter.finish();
    return { mp3, durationSeconds, wordTimings: estimateWordTimings(text, durationSeconds) };
  }

  async warmUp(): Promise<void> {
    // Nothing to load.
  }

  async close(): Promise<void> {
    // Nothing kept warm.
  }
}
