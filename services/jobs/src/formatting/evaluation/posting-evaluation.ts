/**
 * Scores a formatter on the evaluation set of pasted postings (`services/jobs/evaluation/postings/`):
 * for each case, how many of the posting's words come out in order, how many lines of page
 * furniture are gone, how many words were added, and how many of the expected headings and list
 * items were recovered. `make bench` prints the figures; a test keeps the offline formatter's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ALL_POSTINGS } from '@story/testing/fixtures/long-job-posting';
import * as fixtures from '@story/testing/fixtures/job-postings';
import { comparableWords, headingsOf, listItemsOf, renderedWords, wordsMissing } from '../offline/rendered-words.ts';

/** The evaluation set in the repository. */
const POSTINGS_DIR = new URL('../../../evaluation/postings/', import.meta.url);

/** One pasted posting and what a careful person makes of it. */
export interface PostingCase {
  id: string;
  pasted: string;
  /** The posting's words, in order (everything else in `pasted` is furniture). */
  expectedWords: string[];
  /** The clean markdown, when the case says which headings and list items it has. */
  expectedMarkdown?: string;
}

/** The hand-written cases: `<id>.pasted.txt` with its `<id>.expected.md`. */
export function readPostingCases(): PostingCase[] {
  const dir = fileURLToPath(POSTINGS_DIR);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.pasted.txt'))
    .sort()
    .map((file) => {
      const id = file.replace(/\.pasted\.txt$/u, '');
      const expectedMarkdown = readFileSync(`${dir}/${id}.expected.md`, 'utf8');
      return { id, pasted: readFileSync(`${dir}/${file}`, 'utf8'), expectedWords: renderedWords(expectedMarkdown), expectedMarkdown };
    });
}

/** The formatter's test postings (`@story/testing/fixtures/job-postings`), junk marked, as cases without expected structure. */
export function fixturePostingCases(): PostingCase[] {
  return ALL_POSTINGS.map((posting) => ({ id: posting.name, pasted: fixtures.pasted(posting), expectedWords: comparableWords(fixtures.contentOf(posting)) }));
}

/** Matched over expected and over found (a multiset: the same heading twice counts twice). */
export interface Recovered {
  expected: number;
  found: number;
  matched: number;
}

export interface PostingScore {
  id: string;
  /** The posting's words. */
  words: number;
  /** Of those, the ones the output renders in order. */
  wordsKept: number;
  /** The output renders exactly the posting's words. */
  exact: boolean;
  /** Pasted lines with furniture words in them, and how many of those lines left no word in the output. */
  furnitureLines: number;
  furnitureRemoved: number;
  /** The furniture lines that left words in the output. */
  furnitureLeft: string[];
  /** Words in the output that are neither the posting's nor the furniture's (there should be none). */
  wordsAdded: number;
  headings?: Recovered;
  listItems?: Recovered;
}

const normalized = (text: string): string => comparableWords(text).join(' ').toLowerCase();

function recovered(expected: readonly string[], found: readonly string[]): Recovered {
  const left = new Map<string, number>();
  for (const text of expected.map(normalized)) left.set(text, (left.get(text) ?? 0) + 1);
  let matched = 0;
  for (const text of found.map(normalized)) {
    const count = left.get(text) ?? 0;
    if (count > 0) {
      matched++;
      left.set(text, count - 1);
    }
  }
  return { expected: expected.length, found: found.length, matched };
}

interface Token {
  word: string;
  line: number;
  furniture: boolean;
}

/** The pasted words, each marked as the posting's or furniture by aligning them with the expected words. */
function labelledTokens(postingCase: PostingCase): Token[] {
  const tokens = postingCase.pasted.split('\n').flatMap((line, index) => comparableWords(line).map((word) => ({ word, line: index, furniture: true })));
  const edge = (j: number) => (tokens[j - 1]?.line !== tokens[j]?.line ? RUN_BONUS : 0) + (tokens[j + 1]?.line !== tokens[j]?.line ? RUN_BONUS : 0);
  const kept = alignment(
    postingCase.expectedWords,
    tokens.map((token) => token.word),
    (j) => 1 + edge(j),
    (j) => tokens[j - 1]?.line === tokens[j]?.line,
  );
  if (kept.length !== postingCase.expectedWords.length) throw new Error(`${postingCase.id}: the expected words are not all in the pasted text, in order`);
  for (const [, at] of kept) {
    const token = tokens[at];
    if (token) token.furniture = false;
  }
  return tokens;
}

/** What a matched word of `b` is worth: 1, more for a word of the posting over furniture, a little more at a line's start or end. */
type Weight = (j: number) => number;

/** A match that continues the one before it (in both lists, on the same pasted line) is worth this much more, so an alignment keeps lines whole. */
const RUN_BONUS = 1e-5;

/**
 * The pairs (index in `a`, index in `b`) of a heaviest common subsequence of two word lists. Two
 * tables: the best from (i, j) on, and the same when (i-1, j-1) was a match (a run goes on).
 */
function alignment(a: readonly string[], b: readonly string[], weight: Weight, sameLine: (j: number) => boolean): [number, number][] {
  const cols = b.length + 1;
  const free = new Float64Array((a.length + 1) * cols);
  const inRun = new Float64Array((a.length + 1) * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const at = i * cols + j;
      const skip = Math.max(free[at + cols] ?? 0, free[at + 1] ?? 0);
      const take = a[i] === b[j] ? weight(j) + (inRun[at + cols + 1] ?? 0) : -1;
      free[at] = Math.max(skip, take);
      inRun[at] = Math.max(skip, take + (sameLine(j) ? RUN_BONUS : 0));
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  let run = false;
  while (i < a.length && j < b.length) {
    const at = i * cols + j;
    const best = (run ? inRun : free)[at] ?? 0;
    const take = a[i] === b[j] ? weight(j) + (inRun[at + cols + 1] ?? 0) + (run && sameLine(j) ? RUN_BONUS : 0) : -1;
    if (take === best) {
      pairs.push([i, j]);
      i++;
      j++;
      run = true;
      continue;
    }
    run = false;
    if ((free[at + cols] ?? 0) >= (free[at + 1] ?? 0)) i++;
    else j++;
  }
  return pairs;
}

/** How one output scores against its case. */
export function scorePosting(postingCase: PostingCase, output: string): PostingScore {
  const outputWords = renderedWords(output);
  const tokens = labelledTokens(postingCase);
  // The output's words against the pasted ones, a word of the posting preferred over the same word of furniture.
  const matched = alignment(
    outputWords,
    tokens.map((token) => token.word),
    (j) => (tokens[j]?.furniture ? 1 : 1.001),
    (j) => tokens[j - 1]?.line === tokens[j]?.line,
  );
  const leftLines = new Set(matched.map(([, j]) => tokens[j]).filter((token) => token?.furniture).map((token) => token?.line ?? -1));
  const furnitureLineNumbers = [...new Set(tokens.filter((token) => token.furniture).map((token) => token.line))];
  const pastedLines = postingCase.pasted.split('\n');
  const score: PostingScore = {
    id: postingCase.id,
    words: postingCase.expectedWords.length,
    wordsKept: postingCase.expectedWords.length - wordsMissing(outputWords, postingCase.expectedWords).length,
    exact: outputWords.join(' ') === postingCase.expectedWords.join(' '),
    furnitureLines: furnitureLineNumbers.length,
    furnitureRemoved: furnitureLineNumbers.filter((line) => !leftLines.has(line)).length,
    furnitureLeft: furnitureLineNumbers.filter((line) => leftLines.has(line)).map((line) => (pastedLines[line] ?? '').trim()),
    wordsAdded: outputWords.length - matched.length,
  };
  if (postingCase.expectedMarkdown === undefined) return score;
  return {
    ...score,
    headings: recovered(headingsOf(postingCase.expectedMarkdown), headingsOf(output)),
    listItems: recovered(listItemsOf(postingCase.expectedMarkdown), listItemsOf(output)),
  };
}

/** The figures over a set: per case and summed. */
export interface PostingFigures {
  cases: PostingScore[];
  exactCases: number;
  words: number;
  wordsKept: number;
  furnitureLines: number;
  furnitureRemoved: number;
  wordsAdded: number;
  headings: Recovered;
  listItems: Recovered;
}

const sum = (parts: readonly (Recovered | undefined)[]): Recovered =>
  parts.reduce<Recovered>((total, part) => ({ expected: total.expected + (part?.expected ?? 0), found: total.found + (part?.found ?? 0), matched: total.matched + (part?.matched ?? 0) }), {
    expected: 0,
    found: 0,
    matched: 0,
  });

/** F1 of a recovery: 1 when nothing was expected and nothing found. */
export function f1(part: Recovered): number {
  if (part.expected === 0 && part.found === 0) return 1;
  return (2 * part.matched) / (part.expected + part.found);
}

/** Formats every case with `format` and scores it. */
export function evaluatePostings(format: (text: string) => string, cases: readonly PostingCase[] = readPostingCases()): PostingFigures {
  const scores = cases.map((postingCase) => scorePosting(postingCase, format(postingCase.pasted)));
  const total = (pick: (score: PostingScore) => number) => scores.reduce((all, score) => all + pick(score), 0);
  return {
    cases: scores,
    exactCases: scores.filter((score) => score.exact).length,
    words: total((score) => score.words),
    wordsKept: total((score) => score.wordsKept),
    furnitureLines: total((score) => score.furnitureLines),
    furnitureRemoved: total((score) => score.furnitureRemoved),
    wordsAdded: total((score) => score.wordsAdded),
    headings: sum(scores.map((score) => score.headings)),
    listItems: sum(scores.map((score) => score.listItems)),
  };
}

const share = (part: number, whole: number) => `${part}/${whole} (${whole === 0 ? 100 : Math.round((part / whole) * 1000) / 10}%)`;
const recoveredText = (part: Recovered | undefined) => (part ? `${part.matched}/${part.expected} (+${part.found - part.matched} other)` : 'n/a');

/** The figures as lines of text: one per case, then the totals. */
export function describeFigures(name: string, figures: PostingFigures): string[] {
  const lines = figures.cases.map(
    (score) =>
      `  ${score.id}: words ${share(score.wordsKept, score.words)}${score.exact ? ' exact' : ''}, furniture lines removed ${share(score.furnitureRemoved, score.furnitureLines)}, ` +
      `added ${score.wordsAdded}, headings ${recoveredText(score.headings)}, list items ${recoveredText(score.listItems)}`,
  );
  const structure = figures.headings.expected + figures.listItems.expected > 0;
  lines.push(
    `${name} (${figures.cases.length} postings): words kept in order ${share(figures.wordsKept, figures.words)}, exact in ${figures.exactCases}/${figures.cases.length}; ` +
      `furniture lines removed ${share(figures.furnitureRemoved, figures.furnitureLines)}; words added ${figures.wordsAdded}` +
      (structure ? `; headings F1 ${f1(figures.headings).toFixed(2)} (${recoveredText(figures.headings)}), list items F1 ${f1(figures.listItems).toFixed(2)} (${recoveredText(figures.listItems)})` : ''),
  );
  return lines;
}
