/**
 * How well pocketsphinx's word confidence marks the words it got wrong (issue 19, point 4).
 *
 * A labelled set: synthetic voices read interview sentences; the speech service's own pipeline
 * (OfflineSpeechToText: ffmpeg, the utterance cutter, pocketsphinx) transcribes them; each heard
 * word is aligned with the sentence read (word-level Levenshtein) and labelled right or wrong, with
 * what pocketsphinx told of it (its evidence). The set has two parts with different voices and
 * different sentences: the rule is fitted and its threshold chosen on the tuning part only, and
 * the held-out part says how it does on voices and sentences it has not seen.
 *
 *   node --import tsx services/speech/evaluation/word-confidence.eval.ts collect   # decode (minutes), writes the labelled set
 *   node --import tsx services/speech/evaluation/word-confidence.eval.ts fit       # fits the weights on the tuning part
 *   node --import tsx services/speech/evaluation/word-confidence.eval.ts           # precision and recall of the rule in word-confidence.ts
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempDataDir } from '@story/testing/service-under-test';
import { OfflineSpeechToText } from '../src/engines/pocketsphinx/offline-speech-to-text.ts';
import { DEBIAN_MODEL_DIR } from '../src/engines/pocketsphinx/pocketsphinx-recognizer.ts';
import { CONFIDENCE_WEIGHTS, UNSURE_BELOW, confidenceFeatures, wordConfidences, type WordEvidence } from '../src/engines/pocketsphinx/word-confidence.ts';

const HERE = new URL('.', import.meta.url).pathname;
const SENTENCES: string[] = JSON.parse(readFileSync(join(HERE, 'confidence-sentences.json'), 'utf8')) as string[];
const LABELLED = join(HERE, 'word-confidence.labelled.json');

interface Voice {
  name: string;
  speak: (text: string, wav: string) => void;
}
const flite = (voice: string): Voice => ({ name: `flite ${voice}`, speak: (text, wav) => execFileSync('flite', ['-voice', voice, '-t', text, '-o', wav]) });
const festival = (voice: string): Voice => ({ name: `festival ${voice}`, speak: (text, wav) => execFileSync('text2wave', ['-eval', `(voice_${voice})`, '-o', wav], { input: text }) });
const espeak = (voice: string): Voice => ({ name: `espeak-ng ${voice}`, speak: (text, wav) => execFileSync('espeak-ng', ['-v', voice, '-w', wav, text]) });

/** Two parts with no voice and no sentence in common. */
const PARTS = {
  tuning: { voices: [flite('awb'), flite('kal16'), espeak('en-us'), festival('kal_diphone')], sentences: SENTENCES.slice(0, 24) },
  heldOut: { voices: [flite('rms'), flite('slt'), espeak('en-gb-scotland+f3'), festival('cmu_us_slt_arctic_hts')], sentences: SENTENCES.slice(24) },
} as const;
type PartName = keyof typeof PARTS;

/** One decoded sentence: the words heard, each labelled right or wrong, with pocketsphinx's evidence. */
interface LabelledUtterance {
  part: PartName;
  voice: string;
  sentence: string;
  heard: string;
  right: boolean[];
  evidence: WordEvidence[];
}

const wordsOf = (text: string) => text.toLowerCase().replace(/[^a-z' ]/g, ' ').split(/\s+/).filter(Boolean);

/** Which heard words are right: aligned with the reference by word-level Levenshtein, a word is right when it matches its reference word. */
export function labelHeardWords(reference: readonly string[], heard: readonly string[]): boolean[] {
  const rows = reference.length + 1;
  const cols = heard.length + 1;
  const cost: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => cost[i]?.[j] ?? 0;
  for (let i = 1; i < rows; i++) for (let j = 1; j < cols; j++) cost[i]![j] = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (reference[i - 1] === heard[j - 1] ? 0 : 1));
  const right = heard.map(() => false);
  let i = reference.length;
  let j = heard.length;
  while (i > 0 && j > 0) {
    const same = reference[i - 1] === heard[j - 1];
    if (at(i, j) === at(i - 1, j - 1) + (same ? 0 : 1)) {
      right[j - 1] = same;
      i--;
      j--;
    } else if (at(i, j) === at(i - 1, j) + 1) i--;
    else j--;
  }
  return right;
}

async function collect(): Promise<void> {
  const dir = tempDataDir('word-confidence-');
  const stt = new OfflineSpeechToText({ modelDir: DEBIAN_MODEL_DIR, toleranceSeconds: 3, deadlineMarginSeconds: 60 });
  const labelled: LabelledUtterance[] = [];
  try {
    for (const [part, { voices, sentences }] of Object.entries(PARTS) as [PartName, (typeof PARTS)[PartName]][]) {
      for (const voice of voices) {
        const jobs = sentences.map((sentence, index) => async () => {
          const wav = join(dir, `${part}-${voice.name.replace(/\W+/g, '_')}-${index}.wav`);
          voice.speak(sentence, wav);
          const heard = await stt.transcribeFile(wav, 'wav', 600);
          const evidence = heard.evidence ?? [];
          return { part, voice: voice.name, sentence, heard: heard.text, right: labelHeardWords(wordsOf(sentence), evidence.map((word) => word.word)), evidence };
        });
        // Two at a time: the machine has two cores.
        for (let index = 0; index < jobs.length; index += 2) labelled.push(...(await Promise.all(jobs.slice(index, index + 2).map((job) => job()))));
        const mine = labelled.filter((entry) => entry.voice === voice.name);
        const words = mine.flatMap((entry) => entry.right);
        console.log(`${part} ${voice.name}: ${words.filter((right) => !right).length} of ${words.length} heard words wrong`);
      }
    }
    writeFileSync(LABELLED, `${JSON.stringify(labelled)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Scored {
  wrong: boolean;
  marked: boolean;
}

/** Precision (of the marked words, how many are wrong) and recall (of the wrong words, how many are marked); and how many right words are marked. */
function figures(scored: readonly Scored[]): { precision: number; recall: number; rightMarked: number; wrong: number; words: number; marked: number } {
  const marked = scored.filter((word) => word.marked);
  const wrong = scored.filter((word) => word.wrong);
  const hits = marked.filter((word) => word.wrong).length;
  const right = scored.length - wrong.length;
  return { precision: marked.length ? hits / marked.length : 0, recall: wrong.length ? hits / wrong.length : 0, rightMarked: right ? (marked.length - hits) / right : 0, wrong: wrong.length, words: scored.length, marked: marked.length };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const line = (name: string, scored: readonly Scored[]) => {
  const f = figures(scored);
  return `${name}: precision ${percent(f.precision)}, recall ${percent(f.recall)}, right words marked ${percent(f.rightMarked)} (${f.marked} marked of ${f.words} words, ${f.wrong} wrong)`;
};

function load(): LabelledUtterance[] {
  if (!existsSync(LABELLED)) throw new Error(`no labelled set yet: run with "collect" first (${LABELLED})`);
  return JSON.parse(readFileSync(LABELLED, 'utf8')) as LabelledUtterance[];
}

/** Each heard word of a part as (wrong, the rule's confidence, the posterior). */
function scoredWords(labelled: readonly LabelledUtterance[], part: PartName): { wrong: boolean; confidence: number; posterior: number }[] {
  return labelled
    .filter((entry) => entry.part === part)
    .flatMap((entry) => {
      const confidences = wordConfidences(entry.evidence);
      return entry.evidence.map((word, index) => ({ wrong: !entry.right[index], confidence: confidences[index]?.confidence ?? 1, posterior: word.posterior }));
    });
}

/**
 * espeak-ng's voices are robotic enough that pocketsphinx gets most of their words wrong (78% and
 * 94% here): a rule tuned on them learns "mark everything". The weights and the threshold are fitted
 * on the other voices of the tuning part; the report gives every figure with and without espeak.
 */
const isHumanLike = (entry: LabelledUtterance) => !entry.voice.startsWith('espeak');

/** Logistic regression by gradient descent on the tuning part (voices other than espeak): the weights of confidenceFeatures (bias first), and the threshold of best F1. */
function fit(): void {
  const labelled = load().filter((entry) => entry.part === 'tuning' && isHumanLike(entry));
  const rows = labelled.flatMap((entry) => confidenceFeatures(entry.evidence).map((features, index) => ({ x: [1, ...features], y: entry.right[index] ? 1 : 0 })));
  const size = rows[0]?.x.length ?? 1;
  const weights = new Array<number>(size).fill(0);
  const l2 = 0.01;
  for (let step = 0; step < 3000; step++) {
    const gradient = new Array<number>(size).fill(0);
    for (const row of rows) {
      const z = row.x.reduce((sum, value, k) => sum + value * (weights[k] ?? 0), 0);
      const error = 1 / (1 + Math.exp(-z)) - row.y;
      row.x.forEach((value, k) => (gradient[k] = (gradient[k] ?? 0) + error * value));
    }
    for (let k = 0; k < size; k++) weights[k] = (weights[k] ?? 0) - 0.5 * ((gradient[k] ?? 0) / rows.length + (k > 0 ? l2 * (weights[k] ?? 0) : 0));
  }
  const confidences = rows.map((row) => 1 / (1 + Math.exp(-row.x.reduce((sum, value, k) => sum + value * (weights[k] ?? 0), 0))));
  let best = { threshold: 0.5, f1: 0 };
  for (let threshold = 0.3; threshold <= 0.9; threshold += 0.05) {
    const f = figures(rows.map((row, index) => ({ wrong: row.y === 0, marked: (confidences[index] ?? 1) < threshold })));
    const f1 = f.precision + f.recall > 0 ? (2 * f.precision * f.recall) / (f.precision + f.recall) : 0;
    if (f1 > best.f1) best = { threshold: Math.round(threshold * 100) / 100, f1 };
  }
  console.log(`weights (bias first), fitted on ${rows.length} tuning words: [${weights.map((weight) => weight.toFixed(3)).join(', ')}]`);
  console.log(`unsure below ${best.threshold} (best F1 on the tuning part, ${best.f1.toFixed(2)})`);
}

function report(): void {
  const labelled = load();
  console.log(`rule: weights [${CONFIDENCE_WEIGHTS.join(', ')}], unsure below ${UNSURE_BELOW}`);
  for (const part of ['tuning', 'heldOut'] as const) {
    const voices = PARTS[part].voices.map((voice) => voice.name).join(', ');
    console.log(`\n${part} (${voices}; ${PARTS[part].sentences.length} sentences)`);
    for (const [name, entries] of [
      ['voices other than espeak', labelled.filter(isHumanLike)],
      ['all voices', labelled],
    ] as const) {
      const words = scoredWords(entries, part);
      console.log(` ${name}:`);
      console.log(`  ${line(`confidence < ${UNSURE_BELOW} (the rule)`, words.map((word) => ({ wrong: word.wrong, marked: word.confidence < UNSURE_BELOW })))}`);
      for (const threshold of [0.1, 0.3, 0.5]) console.log(`  ${line(`posterior < ${threshold} alone`, words.map((word) => ({ wrong: word.wrong, marked: word.posterior < threshold })))}`);
    }
    for (const voice of PARTS[part].voices) {
      const words = scoredWords(labelled.filter((entry) => entry.voice === voice.name), part);
      console.log(`  ${line(voice.name, words.map((word) => ({ wrong: word.wrong, marked: word.confidence < UNSURE_BELOW })))}`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const command = process.argv[2] ?? 'report';
  if (command === 'collect') await collect();
  else if (command === 'fit') fit();
  else report();
}
