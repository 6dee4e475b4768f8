import { displayWords, estimateWordTimings, wordWeight } from '@story/proto';
import { runProgram } from '../child-process.ts';
import type { SpokenAudio, TextToSpeech } from '../speech-engines.ts';

const SAMPLE_RATE = 16_000;
/** About festival's pace: a word of five letters in 0.36 s (2.8 words a second). */
const SECONDS_PER_WEIGHT = 0.06;
/** A quiet 220 Hz hum (-26 dBFS): audio a player plays and ffmpeg measures, with nothing to understand. */
const HUM = { hertz: 220, amplitude: 1600 };

/** `seconds` of the hum as 16 kHz mono s16le PCM. */
function hum(seconds: number): Buffer {
  const samples = Math.max(1, Math.round(seconds * SAMPLE_RATE));
  const pcm = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index++) {
    pcm.writeInt16LE(Math.round(HUM.amplitude * Math.sin((2 * Math.PI * HUM.hertz * index) / SAMPLE_RATE)), index * 2);
  }
  return pcm;
}

/**
 * Text to speech for tests of what surrounds a spoken reply (refused outside NODE_ENV=test,
 * config.ts): a real MP3 by lame, as long as festival would take to say the text, of a hum; the
 * words timed over it as for OpenAI's replies. No voice to warm up.
 */
export class ScriptedTextToSpeech implements TextToSpeech {
  readonly name = 'scripted';

  constructor(private readonly options: { timeoutMs: number }) {}

  async synthesize(text: string): Promise<SpokenAudio> {
    const weight = displayWords(text).reduce((sum, word) => sum + wordWeight(word), 0);
    const durationSeconds = Math.max(0.5, Math.round(weight * SECONDS_PER_WEIGHT * 1000) / 1000);
    const raw = ['-r', '-s', '16', '--bitwidth', '16', '--signed', '--little-endian'];
    const mp3 = await runProgram('lame', ['--silent', ...raw, '-t', '-m', 'm', '-b', '64', '-', '-'], {
      timeoutMs: this.options.timeoutMs,
      input: hum(durationSeconds),
    });
    return { mp3, durationSeconds, wordTimings: estimateWordTimings(text, durationSeconds) };
  }

  async warmUp(): Promise<void> {
    // Nothing to load.
  }

  async close(): Promise<void> {
    // Nothing kept warm.
  }
}
