import type { BulletWeakness } from '@story/proto/api/resumes';
import { statesMeasuredResult, words } from '@story/language';
import { BUZZWORDS, INTENDED_OUTCOME, OUTCOME_WORDS, PASSIVE, RESULT_FIGURE, SPELLED_FIGURES, VAGUE_PHRASES } from './bullet-phrases.ts';

/** One thing that makes a bullet weak, said to the person. */
export interface BulletFinding {
  kind: BulletWeakness;
  message: string;
}

/** Past these a bullet runs over two lines of a one-column résumé. */
export const BULLET_LIMITS = { words: 30, characters: 220 } as const;

/** A digit that is not a year on its own ("in 2019" dates the work, it does not measure it). */
const DIGIT_FIGURE = /[$€£¥]\s?\d|\d\s?%|\b(?!(?:19|20)\d\d\b)\d[\d,.]*/;

/** A number that names a thing rather than measures it: "line 3", "Year 11", "Ward 7", "phase 2", "Q3". */
const IDENTIFIER =
  /\b(?:line|year|ward|phase|level|grade|floor|room|building|version|stage|step|unit|bay|gate|zone|platform|route|terminal|block|class|tier|section|lane|store|branch|site|plant|key stage|q|v)\s?\d+\b/gi;

/** True when the bullet carries a figure: a count, a percentage, money, time, a multiple, spelled or in digits. */
export const hasFigure = (text: string): boolean => {
  const measured = text.replace(IDENTIFIER, ' ');
  return DIGIT_FIGURE.test(measured) || SPELLED_FIGURES.test(measured);
};

/** The text without its buzzwords ("cutting-edge" cuts nothing). */
const withoutBuzzwords = (text: string) => BUZZWORDS.reduce((rest, word) => rest.replace(word.pattern, ' '), text);

/** True when the bullet says what came of the work: an outcome word, a measured change or a figure of how well it went (not one only aimed at). */
export function hasResult(text: string): boolean {
  const said = withoutBuzzwords(text).replace(INTENDED_OUTCOME, ' ');
  return OUTCOME_WORDS.test(said) || RESULT_FIGURE.test(said) || statesMeasuredResult(said);
}

/** The vague verb the bullet leans on, if any (the first the list knows). */
export const vagueVerbOf = (text: string) => VAGUE_PHRASES.find((phrase) => phrase.pattern.test(text));

/** The buzzwords the bullet uses, as written, in the order it uses them. */
export function buzzwordsIn(text: string): string[] {
  return BUZZWORDS.flatMap((word) => {
    const match = word.pattern.exec(text);
    return match ? [{ at: match.index, said: match[0] }] : [];
  })
    .sort((a, b) => a.at - b.at)
    .map((found) => found.said);
}

const quoteList = (items: readonly string[]) => items.map((item) => `'${item}'`).join(', ');

/**
 * What is weak in a résumé bullet, each with a short message saying why and what to do: a vague verb,
 * no figure, no result, passive voice, too long, buzzwords. A strong bullet ("Cut checkout latency
 * 40% by caching prices, saving $120k a year") gets none.
 */
export function analyzeBullet(text: string): BulletFinding[] {
  const said = text.trim();
  if (!said) return [];
  const findings: BulletFinding[] = [];
  const vague = vagueVerbOf(said);
  if (vague) findings.push({ kind: 'vague-verb', message: vague.message });
  if (!hasFigure(said)) {
    findings.push({ kind: 'no-number', message: 'Add a number: how much, how many, how fast, or how often. A figure makes the line believable.' });
  }
  if (!hasResult(said)) {
    findings.push({ kind: 'no-result', message: 'This says what you did, not what came of it. Add the result: what got faster, cheaper, bigger or better.' });
  }
  const passive = PASSIVE.exec(said);
  if (passive) {
    findings.push({ kind: 'passive', message: `'${passive[0]}' hides who did it. Say it actively, starting with your verb.` });
  }
  const count = words(said).length;
  if (count > BULLET_LIMITS.words || said.length > BULLET_LIMITS.characters) {
    const size = count > BULLET_LIMITS.words ? `${count} words` : `${said.length} characters`;
    findings.push({ kind: 'too-long', message: `At ${size} this runs past two lines. Keep the action and the result; cut the rest.` });
  }
  const buzzwords = buzzwordsIn(said);
  if (buzzwords.length > 0) {
    findings.push({
      kind: 'jargon',
      message: `${quoteList(buzzwords)} ${buzzwords.length > 1 ? 'are buzzwords' : 'is a buzzword'} readers skip. Say the concrete thing instead.`,
    });
  }
  return findings;
}
