/**
 * What a person says that is not an answer: "Hi", "I'm ready", "Can you repeat the question?",
 * "Give me a second", "What do you mean by stakeholders?", "I don't know", "Thanks, bye". Such a
 * message gets a fitting reply from the coach and is never graded: the conversations service does
 * not publish it as an answer, and the feedback service ignores one that comes anyway.
 *
 * A message is a non-answer only when every part of it is a known non-answer phrase (or a filler
 * word between them), so "Hi, I led the migration and cut costs by 30%" stays an answer, and so do
 * short real answers ("Three months.", "Python and Go, mostly.") that no phrase covers. A message of
 * questions only, that tells nothing of a story, is a question back to the coach.
 */

import { tellsStory, words } from './story-signals.ts';
import { NON_ANSWER_KINDS, PHRASES, type NonAnswerKind, type Phrase } from './non-answer-phrases.ts';

export { NON_ANSWER_KINDS, type NonAnswerKind } from './non-answer-phrases.ts';

/** When several kinds are said ("Hi, can you repeat that?"), the one the reply should answer, first first. */
const PRIORITY: readonly NonAnswerKind[] = NON_ANSWER_KINDS;

/** Parts of a message: sentences and clauses, in lower case, with only letters, digits and apostrophes. */
function partsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .split(/[.!?;:,…()\n]+|\s[-–—]+\s|[–—]/)
    .map((part) =>
      part
        .replace(/[^a-z0-9'\s]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((part) => part.length > 0);
}

/** The longest phrase at `at` in `part`, and where it ends; undefined when none starts there. */
function longestPhrase(part: string, at: number): { phrase: Phrase; end: number } | undefined {
  let best: { phrase: Phrase; end: number } | undefined;
  for (const candidate of PHRASES) {
    candidate.pattern.lastIndex = at;
    const match = candidate.pattern.exec(part);
    if (!match) continue;
    let end = at + match[0].length;
    // An open question takes the rest of the part, when the rest tells no story ("what do you mean by stakeholders").
    if (candidate.open) {
      const rest = part.slice(end).trim();
      if (rest && (tellsStory(rest) || words(rest).length > 12)) continue;
      end = part.length;
    }
    if (!best || end > best.end) best = { phrase: candidate, end };
  }
  return best;
}

/** The phrases that cover a part from start to end, or undefined when some words are not a non-answer. */
function cover(part: string): Phrase[] | undefined {
  const found: Phrase[] = [];
  let at = 0;
  while (at < part.length) {
    const next = longestPhrase(part, at);
    if (!next || next.end === at) return undefined;
    found.push(next.phrase);
    at = next.end;
    while (part[at] === ' ') at++;
  }
  return found;
}

/** True when the coach's question (its last one) can be answered with a plain yes or no ("Did the fix hold?"). */
function asksYesOrNo(question: string): boolean {
  const asked = question
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => sentence.includes('?'))
    .at(-1)
    ?.replace(/^[^a-z]+/i, '')
    .toLowerCase();
  return asked !== undefined && /^(?:did|do|does|was|were|is|are|has|have|had|will|would|is there|was there|were there)\b/.test(asked);
}

/** True when the coach asked how something went ("How did it turn out?"): "Really well" answers it. */
function asksHowItWent(question: string): boolean {
  return /\bhow (?:did|do|does|was|were|is|are|has|have) (?:it|that|this|things|they|he|she|you|everyone|people|the \w+)(?: \w+)? ?(?:go|goes|going|went|turn(?:ed)? out|end|ended|work(?:ed)? out|land|landed|feel|felt|react|reacted|take|took|respond|responded|received|do|doing)?\b|\bhow was (?:it|that|the)\b|\bhow did you feel\b/i.test(
    question,
  );
}

/** A question back to the coach: only questions, short, telling nothing of a story. */
function asksBack(text: string): boolean {
  const sentences = text
    .trim()
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => words(sentence).length > 0);
  return sentences.length > 0 && sentences.every((sentence) => sentence.trim().endsWith('?')) && words(text).length <= 20 && !tellsStory(text);
}

/**
 * What kind of non-answer the message is, or undefined when it is (part of) an answer. `question` is
 * the coach's turn it replies to: after a closed question ("Did the fix hold?") a bare "yes" or
 * "no" is an answer.
 */
export function nonAnswerKind(text: string, question = ''): NonAnswerKind | undefined {
  const parts = partsOf(text);
  if (parts.length === 0) return words(text).length === 0 ? 'filler' : undefined;
  const said: Phrase[] = [];
  for (const part of parts) {
    const phrases = cover(part);
    if (!phrases) return asksBack(text) ? 'clarify' : undefined;
    said.push(...phrases);
  }
  const meaningful = said.filter((entry) => entry.kind !== 'filler' || entry.yesNo || entry.verdict);
  if (meaningful.length > 0 && meaningful.every((entry) => entry.yesNo) && asksYesOrNo(question)) return undefined;
  if (
    meaningful.length > 0 &&
    meaningful.every((entry) => entry.verdict || entry.yesNo) &&
    meaningful.some((entry) => entry.verdict) &&
    asksHowItWent(question)
  )
    return undefined;
  const strong = said.filter((entry) => !entry.alone);
  const kinds = strong.some((entry) => entry.kind !== 'filler') ? strong : said;
  return PRIORITY.find((kind) => kinds.some((entry) => entry.kind === kind));
}

/** True when the message is not an answer: it gets a reply, never a grade. */
export const isNonAnswer = (text: string, question = ''): boolean => nonAnswerKind(text, question) !== undefined;
