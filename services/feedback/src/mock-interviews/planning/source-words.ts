/**
 * The words a question, its source and a story are compared by: their content words, stemmed, with
 * the irregular past tenses a story is told in brought back to the verb a requirement names ("led" →
 * "lead"), and without the words every job description says ("experience", "strong", "skills").
 */
import { contentWords, stem } from '@story/language';

/** Past tenses and participles a light stemmer cannot meet with their verb. */
const IRREGULAR: Readonly<Record<string, string>> = {
  led: 'lead',
  built: 'build',
  ran: 'run',
  wrote: 'write',
  written: 'write',
  sold: 'sell',
  taught: 'teach',
  drove: 'drive',
  driven: 'drive',
  made: 'make',
  grew: 'grow',
  grown: 'grow',
  spoke: 'speak',
  brought: 'bring',
  won: 'win',
  thought: 'think',
  bought: 'buy',
  kept: 'keep',
  met: 'meet',
  found: 'find',
  took: 'take',
  gave: 'give',
  dealt: 'deal',
  oversaw: 'oversee',
  understood: 'understand',
  troubleshot: 'troubleshoot',
  spent: 'spend',
  held: 'hold',
  chose: 'choose',
  paid: 'pay',
};

/** Words of job descriptions and question patterns that say nothing about what is asked. */
const GENERIC = new Set(
  `experience experienced years year yrs strong excellent exceptional good great solid proven demonstrated ability able skills skill
  knowledge familiarity proficiency proficient expertise understanding plus preferred required requirement must nice bonus ideally
  preferably including include etc related relevant equivalent least minimum working work hands-on handson track record background
  comfortable passion passionate desire willingness eager time project example walk part came hard new role job position candidate
  candidates someone person team-player world-class high quality level professional environment
  day days daily week weeks weekly month months monthly quarter quarterly annual annually hour hours`
    .split(/\s+/)
    .filter(Boolean),
);

/** The stem of a word, irregular past tenses included. */
export const wordStem = (word: string): string => stem(IRREGULAR[word] ?? word);

/** A text's distinctive words (no stop words, no job-description fillers, no bare figures), with their stems. */
export function distinctiveWords(text: string): { word: string; stem: string }[] {
  const seen = new Set<string>();
  const found: { word: string; stem: string }[] = [];
  for (const word of contentWords(text.replace(/[-/]/g, ' '))) {
    if (GENERIC.has(word) || /^\d/.test(word)) continue;
    const wordStemmed = wordStem(word);
    if (seen.has(wordStemmed)) continue;
    seen.add(wordStemmed);
    found.push({ word, stem: wordStemmed });
  }
  return found;
}

/** The stems of a text's distinctive words. */
export const distinctiveStems = (text: string): Set<string> => new Set(distinctiveWords(text).map((entry) => entry.stem));

/** How much two sets of stems overlap: shared over the smaller set (0 when either is empty). */
export function stemOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const entry of a) if (b.has(entry)) shared++;
  return shared / Math.min(a.size, b.size);
}
