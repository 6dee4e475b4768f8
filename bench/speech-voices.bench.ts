/**
 * Which offline voice speaks the replies, and how well the offline recogniser hears people: each
 * voice that installs here reads the same sentences; pocketsphinx (through the speech service's own
 * pipeline: ffmpeg, the utterance cutter, pocketsphinx) transcribes them, and the word error rate
 * against the text says how intelligible the voice is. The replies' voice is the clearest one that
 * also gives word timings; the other voices' figures are the recogniser's error rate on voices
 * other than the replies'. Synthesis speed is given as a real-time factor beside each.
 *
 *   node --import tsx bench/speech-voices.bench.ts
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempDataDir } from '@story/testing/service-under-test';
import { OfflineSpeechToText } from '../services/speech/src/engines/pocketsphinx/offline-speech-to-text.ts';
import { DEBIAN_MODEL_DIR } from '../services/speech/src/engines/pocketsphinx/pocketsphinx-recognizer.ts';
import { wordErrorRate } from '../services/speech/evaluation/word-error-rate.ts';
import { installed } from '../services/speech/evaluation/recognition-voices.ts';

const SENTENCES = [
  'Last year I led the migration of our checkout database to a new system.',
  'We finished two weeks early and the error rate dropped by eighty percent.',
  'I started by talking to the people who used the old system every day.',
  'My manager asked me to present the work to the whole company.',
  'Before that I worked in customer support for three years.',
  'That experience taught me to explain technical changes to people outside engineering.',
  'What was the hardest decision you made during the project?',
  'Tell me about a time you had to convince your team to change direction.',
];

interface Voice {
  name: string;
  /** Whether it gives word timings for highlighting (festival's utterance structure; flite's command line gives none). */
  wordTimings: boolean;
  available: () => boolean;
  speak: (text: string, wav: string) => void;
}

const flite = (voice: string): Voice => ({
  name: `flite ${voice}`,
  wordTimings: false,
  available: () => installed('flite'),
  speak: (text, wav) => execFileSync('flite', ['-voice', voice, '-t', text, '-o', wav]),
});

const VOICES: Voice[] = [
  {
    name: 'festival cmu_us_slt_arctic_hts',
    wordTimings: true,
    available: () => installed('text2wave'),
    speak: (text, wav) => execFileSync('text2wave', ['-eval', '(voice_cmu_us_slt_arctic_hts)', '-o', wav], { input: text }),
  },
  flite('slt'),
  flite('rms'),
  flite('awb'),
  flite('kal16'),
  {
    name: 'espeak-ng en-us',
    wordTimings: true,
    available: () => installed('espeak-ng'),
    speak: (text, wav) => execFileSync('espeak-ng', ['-v', 'en-us', '-w', wav, text]),
  },
];

export interface VoiceFigures {
  voice: string;
  wordTimings: boolean;
  wordErrorRate: number;
  /** Seconds of synthesis per second of speech. */
  synthesisRealTimeFactor: number;
}

export async function runSpeechVoicesBench(log: (line: string) => void = console.log): Promise<VoiceFigures[]> {
  const dir = tempDataDir('speech-voices-');
  const stt = new OfflineSpeechToText({ modelDir: DEBIAN_MODEL_DIR, toleranceSeconds: 3, deadlineMarginSeconds: 30 });
  const figures: VoiceFigures[] = [];
  try {
    for (const voice of VOICES) {
      if (!voice.available()) {
        log(`${voice.name}: not installed, skipped`);
        continue;
      }
      let errors = 0;
      let words = 0;
      let synthesisMs = 0;
      let spokenSeconds = 0;
      for (const [index, sentence] of SENTENCES.entries()) {
        const wav = join(dir, `${index}.wav`);
        const started = performance.now();
        voice.speak(sentence, wav);
        synthesisMs += performance.now() - started;
        const heard = await stt.transcribeFile(wav, 'wav', 600);
        spokenSeconds += heard.durationSeconds;
        const score = wordErrorRate(sentence, heard.text);
        errors += score.errors;
        words += score.words;
      }
      const figure = {
        voice: voice.name,
        wordTimings: voice.wordTimings,
        wordErrorRate: errors / words,
        synthesisRealTimeFactor: synthesisMs / 1000 / spokenSeconds,
      };
      figures.push(figure);
      log(
        `${voice.name}: word error rate ${(figure.wordErrorRate * 100).toFixed(1)}% (${errors}/${words} words), synthesis ${figure.synthesisRealTimeFactor.toFixed(3)}x real time${voice.wordTimings ? ', word timings' : ''}`,
      );
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runSpeechVoicesBench();
