/**
 * The recordings the offline recogniser is measured on: every English voice that installs from
 * Debian here (flite's built-in voices, festival's diphone and HTS voices, espeak-ng's accents and
 * variants), alone and changed the way real recordings differ (faster, slower, higher, lower, noisy,
 * telephone band, MP3). Like the sentences, the conditions come in two parts: TUNING chooses
 * things, HELD_OUT only measures.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface RecognitionVoice {
  name: string;
  /** The program that must be installed (checked with `command -v`), and a file when it needs one. */
  program: string;
  file?: string;
  speak: (text: string, wav: string) => void;
}

/** A change made to a voice's recording (sox, lame), as a real microphone, phone or encoder would. */
export type RecordingChange = 'none' | 'faster' | 'slower' | 'higher' | 'lower' | 'noise' | 'telephone' | 'mp3';

export interface RecognitionCondition {
  voice: RecognitionVoice;
  change: RecordingChange;
}

const flite = (voice: string): RecognitionVoice => ({
  name: `flite ${voice}`,
  program: 'flite',
  speak: (text, wav) => execFileSync('flite', ['-voice', voice, '-t', text, '-o', wav]),
});

const FESTIVAL_VOICE_FILES: Record<string, string> = {
  kal_diphone: '/usr/share/festival/voices/english/kal_diphone/festvox/kal_diphone.scm',
  ked_diphone: '/usr/share/festival/voices/english/ked_diphone/festvox/ked_diphone.scm',
  cmu_us_slt_arctic_hts: '/usr/share/festival/voices/us/cmu_us_slt_arctic_hts/festvox/cmu_us_slt_arctic_hts.scm',
};

const festival = (voice: string): RecognitionVoice => ({
  name: `festival ${voice}`,
  program: 'text2wave',
  file: FESTIVAL_VOICE_FILES[voice],
  speak: (text, wav) => execFileSync('text2wave', ['-eval', `(voice_${voice})`, '-o', wav], { input: text }),
});

const espeak = (voice: string, wordsPerMinute = 160): RecognitionVoice => ({
  name: `espeak-ng ${voice}${wordsPerMinute === 160 ? '' : ` ${wordsPerMinute} wpm`}`,
  program: 'espeak-ng',
  speak: (text, wav) => execFileSync('espeak-ng', ['-v', voice, '-s', String(wordsPerMinute), '-w', wav, text]),
});

/** Voices used to choose the model's weights and the decoder's parameters. */
export const TUNING_VOICES = [flite('rms'), flite('slt'), flite('kal'), festival('kal_diphone'), espeak('en-us+m3')] as const;

/** Voices never used to choose anything. */
export const HELD_OUT_VOICES = [flite('awb'), flite('kal16'), festival('ked_diphone'), festival('cmu_us_slt_arctic_hts'), espeak('en-gb-x-rp+f3', 150), espeak('en-us+m7', 175)] as const;

const [rms, slt, kal, kalDiphone] = TUNING_VOICES;
const [awb, kal16, ked, sltHts] = HELD_OUT_VOICES;

/** Each voice as it speaks, then some of them changed (each change on one voice, so the set stays small). */
export const TUNING_CONDITIONS: RecognitionCondition[] = [
  ...TUNING_VOICES.map((voice) => ({ voice, change: 'none' as const })),
  { voice: rms, change: 'noise' },
  { voice: slt, change: 'slower' },
  { voice: kalDiphone, change: 'telephone' },
  { voice: kal, change: 'mp3' },
  { voice: rms, change: 'higher' },
];

export const HELD_OUT_CONDITIONS: RecognitionCondition[] = [
  ...HELD_OUT_VOICES.map((voice) => ({ voice, change: 'none' as const })),
  { voice: awb, change: 'faster' },
  { voice: kal16, change: 'lower' },
  { voice: ked, change: 'noise' },
  { voice: sltHts, change: 'telephone' },
  { voice: awb, change: 'mp3' },
];

/** A short name for a condition: "flite rms", "flite rms + noise". */
export const conditionName = (condition: RecognitionCondition) => (condition.change === 'none' ? condition.voice.name : `${condition.voice.name} + ${condition.change}`);

/** Whether `program` is on this machine's PATH. */
export const installed = (program: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`]);
    return true;
  } catch {
    return false;
  }
};

/** Whether a condition can be recorded here (its voice installed, and sox/lame for its change). */
export function conditionAvailable(condition: RecognitionCondition): boolean {
  const { voice, change } = condition;
  if (!installed(voice.program) || (voice.file && !existsSync(voice.file))) return false;
  if (change === 'mp3') return installed('lame');
  return change === 'none' || installed('sox');
}

/** sox effects for each change (16 kHz mono out, as a browser's recording ends up after ffmpeg). */
const SOX_EFFECTS: Record<Exclude<RecordingChange, 'none' | 'mp3' | 'noise'>, string[]> = {
  faster: ['tempo', '1.2'],
  slower: ['tempo', '0.85'],
  higher: ['pitch', '300'],
  lower: ['pitch', '-250'],
  // A phone line: 8 kHz, 300-3400 Hz, then back up to 16 kHz.
  telephone: ['rate', '8000', 'sinc', '300-3400', 'rate', '16000'],
};

/**
 * Records `text` in `condition` at `path` (without extension); returns the file and its kind.
 * Noise is white noise at 1 % of full scale (a quiet room's hum, about 20 dB under the speech), mixed in by sox.
 */
export function recordCondition(condition: RecognitionCondition, text: string, path: string): { file: string; kind: 'wav' | 'mp3' } {
  const spoken = `${path}.voice.wav`;
  condition.voice.speak(text, spoken);
  const wav = `${path}.wav`;
  const { change } = condition;
  if (change === 'none' || change === 'mp3') {
    execFileSync('sox', [spoken, '-r', '16000', '-c', '1', '-b', '16', wav]);
  } else if (change === 'noise') {
    const clean = `${path}.clean.wav`;
    execFileSync('sox', [spoken, '-r', '16000', '-c', '1', '-b', '16', clean]);
    const noise = `${path}.noise.wav`;
    execFileSync('sox', [clean, noise, 'synth', 'whitenoise', 'vol', '0.01']);
    execFileSync('sox', ['-m', clean, noise, wav]);
  } else {
    execFileSync('sox', [spoken, '-r', '16000', '-c', '1', '-b', '16', wav, ...SOX_EFFECTS[change]]);
  }
  if (change !== 'mp3') return { file: wav, kind: 'wav' };
  const mp3 = `${path}.mp3`;
  execFileSync('lame', ['--quiet', '-b', '32', wav, mp3]);
  return { file: mp3, kind: 'mp3' };
}
