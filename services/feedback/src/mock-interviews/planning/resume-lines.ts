/**
 * Which résumé lines are worth probing, and how a long one is quoted: lines with a figure and a verb
 * of the person's own come first, then lines near what the role asks for; a line is quoted as written,
 * shortened at a clause or word boundary when it runs long.
 */
import { hasNumber, statesMeasuredResult } from '@story/language';
import type { ResumeLineSource } from './interview-planner.ts';
import { distinctiveStems } from './source-words.ts';

const QUOTE_WORDS = 18;
const OWN_VERB =
  /^(?:led|built|cut|launched|owned|designed|created|drove|grew|reduced|increased|improved|managed|ran|wrote|shipped|delivered|founded|started|negotiated|closed|sold|trained|mentored|hired|taught|rebuilt|redesigned|migrated|automated|developed|implemented|introduced|established|organi[sz]ed|coordinated|raised|saved|won|halved|doubled|tripled|scaled|spearheaded|streamlined|overhauled|turned|resolved|secured|generated|achieved|exceeded|cared|triaged|planned|analy[sz]ed|produced|directed|supervised|oversaw)\b/i;

/** A résumé line without its list mark or closing full stop. */
export const cleanBullet = (text: string): string =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:[-–—•*·▪●◦>]+)\s*/, '')
    .replace(/[\s.;,]+$/u, '');

/** The line as the interviewer quotes it: whole when short, else its first clauses (or words) up to about 18 words, with "…". */
export function quotedBullet(text: string): string {
  const line = cleanBullet(text);
  const words = line.split(' ');
  if (words.length <= QUOTE_WORDS) return line;
  const clauses = line.split(/(?<=[,;:])\s|\s(?=[–—(]|- )/);
  let quote = '';
  for (const clause of clauses) {
    const next = quote ? `${quote} ${clause}` : clause;
    if (next.split(' ').length > QUOTE_WORDS) break;
    quote = next;
  }
  if (quote.split(' ').length < 6) quote = words.slice(0, QUOTE_WORDS - 4).join(' ');
  return `${quote.replace(/[\s,;:(–—-]+$/u, '')}…`;
}

/** True when the line carries a figure (a percentage, money, a count with a unit, a before and after). */
export const lineHasFigure = (text: string): boolean => hasNumber(text) || statesMeasuredResult(text);

/**
 * The résumé lines worth probing, best first: a figure, a verb of the person's own, words of the
 * requirements and a recent role count for a line; very short lines and repeated lines do not.
 */
export function rankResumeLines(lines: readonly ResumeLineSource[], requirementStems: ReadonlySet<string>): ResumeLineSource[] {
  const seen = new Set<string>();
  const roles = [...new Set(lines.map((line) => `${line.title}|${line.company}`))];
  const scored = lines.flatMap((line, index) => {
    const text = cleanBullet(line.text);
    const key = text.toLowerCase();
    if (text.split(' ').length < 4 || seen.has(key)) return [];
    seen.add(key);
    let shared = 0;
    for (const entry of distinctiveStems(text)) if (requirementStems.has(entry)) shared++;
    const roleAge = roles.indexOf(`${line.title}|${line.company}`);
    const score = (lineHasFigure(text) ? 3 : 0) + (OWN_VERB.test(text) ? 1.5 : 0) + Math.min(shared, 3) - roleAge * 0.3;
    return [{ line, score, index }];
  });
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).map((entry) => entry.line);
}
