/**
 * The person's own words for a practice: the distinctive words and short names of the job-description
 * snippet being practised (tools, domain terms, products and companies, acronyms), which the speech
 * engines are told to expect (OpenAI's prompt; the offline recogniser's correction afterwards).
 * Common English words are left out: the recogniser knows them, and a list of them would only
 * invite wrong corrections.
 */
import { SPEECH_VOCABULARY_LIMITS } from '@story/proto';
import { commonWordRank, isCommonWord } from './common-words.ts';

/** A capitalised word among this many most frequent words is no name ("The", "English", "Team"). */
const NAME_MIN_RANK = 1000;
/** An acronym of three letters or fewer whose word is among this many most frequent is shouting, not a term ("IT", "OR", "US"). */
const SHOUTED_MIN_RANK = 500;
/** Lower-case words shorter than this are never terms. */
const MIN_WORD_LETTERS = 4;

/** A word of a snippet: letters and digits, with inner dots, hyphens or apostrophes ("Node.js", "follow-up"), "C++" and "C#". */
const WORD = /[A-Za-z][A-Za-z0-9]*(?:[.'’-][A-Za-z0-9]+)*(?:\+\+|#)?/g;

/** What a word of the snippet is, for the vocabulary. */
type WordKind = 'acronym' | 'name' | 'rare' | 'plain';

interface SnippetWord {
  text: string;
  kind: WordKind;
}

const isAcronym = (word: string) => /^[A-Z][A-Z0-9]{1,6}s?$/.test(word) || /\d/.test(word);
/** Inner capitals: "PostgreSQL", "HubSpot", "iOS", "LinkedIn". */
const hasInnerCapital = (word: string) => /[a-z][A-Z]|[A-Z]{2,}[a-z]/.test(word);
const rankOf = (word: string) => commonWordRank(word) ?? Number.POSITIVE_INFINITY;

/** What `word` is, given whether it opens its clause and whether its line is written in title case. */
function kindOf(word: string, opensClause: boolean, titleCase: boolean): WordKind {
  if (hasInnerCapital(word)) return 'acronym';
  if (isAcronym(word)) return word.length <= 3 && rankOf(word) < SHOUTED_MIN_RANK ? 'plain' : 'acronym';
  const bare = word.replace(/['’]s$/i, '');
  if (/^[A-Z]/.test(bare) && !opensClause && !titleCase && rankOf(bare) >= NAME_MIN_RANK) return 'name';
  if (bare.replace(/[^a-z]/gi, '').length >= MIN_WORD_LETTERS && !isCommonWord(bare)) return 'rare';
  return 'plain';
}

/** A line most of whose later words are capitalised ("Strong Communication Skills"): its capitals name nothing. */
function isTitleCase(words: readonly string[]): boolean {
  const later = words.slice(1).filter((word) => /^[a-z]/i.test(word) && word.length > 3);
  return later.length >= 2 && later.filter((word) => /^[A-Z]/.test(word)).length > later.length / 2;
}

/** The snippet's clauses (lines, then sentences and list parts), each as its words with their kinds. */
function clausesOf(snippet: string): SnippetWord[][] {
  const clauses: SnippetWord[][] = [];
  for (const line of snippet.split(/\n+/)) {
    const titleCase = isTitleCase(line.match(WORD) ?? []);
    for (const clause of line.split(/[.!?;:()[\]]\s|[,;:()[\]]|\s[-–—]\s/)) {
      const words = clause.match(WORD) ?? [];
      clauses.push(words.map((text, index) => ({ text: text.replace(/['’]s$/i, ''), kind: kindOf(text, index === 0, titleCase) })));
    }
  }
  return clauses;
}

/** Whether a word reads as part of a name: an acronym, a name, or any capitalised word inside its clause ("Google", "Power"). */
const partOfName = (word: SnippetWord | undefined, index: number) =>
  word !== undefined && (word.kind === 'acronym' || word.kind === 'name' || (index > 0 && /^[A-Z]/.test(word.text)));

/** Runs of two or three adjacent name words with at least one distinctive word ("Power BI", "Google Analytics", "Microsoft Dynamics CRM"). */
function phrasesOf(clause: readonly SnippetWord[]): string[] {
  const phrases: string[] = [];
  for (let start = 0; start < clause.length; start++) {
    let end = start;
    while (end < clause.length && end - start < 3 && partOfName(clause[end], end)) end++;
    const run = clause.slice(start, end);
    if (run.length >= 2 && run.some((word) => word.kind !== 'plain')) {
      phrases.push(run.map((word) => word.text).join(' '));
      start = end - 1;
    }
  }
  return phrases;
}

/**
 * The vocabulary of a snippet: its distinctive words first (in the order they come), then its
 * multi-word names, each once (the first spelling with a capital wins over a lower-case one), at
 * most SPEECH_VOCABULARY_LIMITS.terms of them, none longer than its limit.
 */
export function practiceVocabulary(snippet: string): string[] {
  const clauses = clausesOf(snippet);
  const words = clauses.flat().filter((word) => word.kind !== 'plain');
  const phrases = clauses.flatMap(phrasesOf);
  const chosen = new Map<string, string>();
  for (const term of [...words.map((word) => word.text), ...phrases]) {
    if (term.length > SPEECH_VOCABULARY_LIMITS.termLength) continue;
    const key = term.toLowerCase();
    const earlier = chosen.get(key);
    if (earlier === undefined || (earlier === key && term !== key)) chosen.set(key, term);
  }
  return [...chosen.values()].slice(0, SPEECH_VOCABULARY_LIMITS.terms);
}
