import { createHash } from 'node:crypto';
import { extractRequirements, type Requirement } from '@story/language';
import { REQUIREMENT_FRAME_WORDS, contentTerms, contentWords, type ContentTerm } from './question-words.ts';
import { termSimilarity } from './word-similarity.ts';

/**
 * A question's identity (issue 19, 2): which requirement it asks about and which question it is
 * (the first example, another one, the strongest, a hard one, what was learned, how one would go
 * about it), not its wording. The coach's whole turn comes with an answer: its leads ("Great, let’s
 * begin.", "Sure — here it is again.") and an intro's list of requirements are no part of the
 * question, and neither are the words of the interview frame ("tell me about a time", "can you share
 * an example of when", "walk me through a situation where").
 */

/** Which question about a requirement is asked; one requirement asked in two ways is two questions. */
export const QUESTION_FRAMES = ['first', 'another', 'strongest', 'hard', 'learned', 'approach'] as const;
export type QuestionFrame = (typeof QUESTION_FRAMES)[number];

/** What a question is, read from the coach's turn against the practised requirements. */
export interface QuestionSignature {
  /** The question sentence the turn asked, without leads. */
  asked: string;
  /** Index into the practised requirements of the one asked about; null when it names none of them. */
  requirement: number | null;
  /** The words that set this requirement apart from the others (stable across edits of the list's order). */
  requirementWords: string;
  frame: QuestionFrame;
  /** The question's own content words (canonical, frame words left out), for questions about no requirement. */
  content: string[];
}

// ---- the question sentence ------------------------------------------------------------------------

/** Openings of a sentence that asks, though it may end with a full stop ("Tell me about a time you…"). */
const ASKING =
  /^(?:tell me|tell us|describe|walk me through|talk me through|take me through|give me|share|think (?:of|about|back)|i'?d (?:like|love) to hear|i would (?:like|love) to hear|i want to hear|i'm curious|let'?s (?:talk|hear) about|please|recall|what|how|which|when|where|why|who|can you|could you|would you|will you|did|do|does|was|were|is|are|have|has)\b/i;
/** Leads in front of a question ("First,", "Next:", "Now, ", "Okay so"). */
const QUESTION_LEAD = /^(?:(?:first|next|now|then|so|and|finally|also|okay|ok|alright|right|well|great|good|sure|perfect|thanks|thank you)\b[,:!—–-]?\s+)+/i;
/** Sentence ends: after . ! ? (and a closing quote), before the next sentence's capital, quote or lead. */
const SENTENCE_END = /(?<=[.!?…]["”’)]?)\s+(?=["“‘(]?[A-Z0-9])/;

/** The sentences of a coach's turn, a lead-in before a colon dropped ("Here is my first question: …"). */
function sentencesOf(turn: string): string[] {
  return turn
    .replace(/\s+/g, ' ')
    .trim()
    .split(SENTENCE_END)
    .map((sentence) => sentence.replace(QUESTION_LEAD, '').trim())
    .filter((sentence) => sentence.length > 0)
    .map((sentence) => {
      // "Let's start with this one: tell me about…" asks after the colon; an intro's list ("one at a time: “A”; “B”.") does not.
      const afterColon = /^[^:“"]{3,80}:\s+(.+)$/.exec(sentence)?.[1]?.replace(QUESTION_LEAD, '');
      return afterColon && ASKING.test(afterColon) ? afterColon : sentence;
    });
}

const asks = (sentence: string): boolean => sentence.endsWith('?') || ASKING.test(sentence);

/** Fewer content words than this, and an asking sentence is a tail of the question before it ("What was your role?"). */
const TAIL_QUESTION_WORDS = 3;

/**
 * The question a coach's turn asks: its last asking sentence, or the one before when the last is a
 * short tail of it ("Tell me about a time you … What happened?"); the whole turn when none asks.
 */
export function askedQuestion(turn: string): string {
  const sentences = sentencesOf(turn.replace(/[‘’]/g, "'"));
  const last = sentences.findLastIndex(asks);
  if (last < 0) return turn.replace(/\s+/g, ' ').trim();
  const question = sentences[last] ?? '';
  const before = sentences[last - 1];
  if (before && asks(before) && contentWords(question).length < TAIL_QUESTION_WORDS && contentWords(before).length >= TAIL_QUESTION_WORDS) return before;
  return question;
}

// ---- the signature --------------------------------------------------------------------------------

/** Marker words of the question's frame, strongest first: "What did you learn the last time…" is about learning, not "last". */
const FRAME_MARKERS: readonly (readonly [string, QuestionFrame])[] = [
  ['learn', 'learned'],
  ['approach', 'approach'],
  ['hard', 'hard'],
  ['strongest', 'strongest'],
  ['another', 'another'],
];

const FRAME_MARKER_WORDS: ReadonlySet<string> = new Set(FRAME_MARKERS.map(([marker]) => marker));

/** Removes one occurrence of each of `taken` from `words` (a multiset difference). */
function without(words: readonly string[], taken: readonly string[]): string[] {
  const left = [...words];
  for (const word of taken) {
    const at = left.indexOf(word);
    if (at >= 0) left.splice(at, 1);
  }
  return left;
}

/** The requirements practised: the selected text read as the coach reads it, each with its canonical words. */
export interface PractisedRequirements {
  requirements: Requirement[];
  words: string[][];
  /** The same words, each with the word as written (one term a word). */
  terms: ContentTerm[][];
  /** How much each word tells one requirement from the others (rarer among them: more). */
  weight: (word: string) => number;
}

/** A requirement label's terms that say what it asks for: no "strong … skills", no numbers, each word once. */
function requirementTerms(label: string): ContentTerm[] {
  const terms = contentTerms(label).filter((term) => !REQUIREMENT_FRAME_WORDS.has(term.word) && !/^\d+$/.test(term.word));
  return terms.filter((term, at) => terms.findIndex((other) => other.word === term.word) === at);
}

/** Reads the selected requirements once per answer (`extractRequirements`, as the offline coach does). */
export function practisedRequirements(text: string | undefined): PractisedRequirements {
  const requirements = text?.trim() ? extractRequirements(text) : [];
  const terms = requirements.map((requirement) => requirementTerms(requirement.label));
  const words = terms.map((list) => list.map((term) => term.word));
  const counts = new Map<string, number>();
  for (const list of words) for (const word of list) counts.set(word, (counts.get(word) ?? 0) + 1);
  const weight = (word: string) => Math.log(1 + (words.length + 1) / (counts.get(word) ?? 1));
  return { requirements, words, terms, weight };
}

/**
 * Below this cosine a question word says nothing of a requirement word; from it, it covers a share of
 * it ("transactions" for "payments", "complicated" for "complex"). Chosen on the tuning pairs only.
 */
export const SOFT_MATCH_FLOOR = 0.45;
/** A near word covers this share of its cosine: near is not the same ("transactions", 0.62 near "payments", counts 0.5). */
export const SOFT_MATCH_SHARE = 0.8;

/** How much a question covers one requirement word: 1 when it says it, else its closest word's cosine (from SOFT_MATCH_FLOOR), else 0. */
function termCoverage(question: readonly ContentTerm[], wanted: ContentTerm): number {
  if (question.some((term) => term.word === wanted.word)) return 1;
  let closest = 0;
  for (const term of question) if (!FRAME_MARKER_WORDS.has(term.word)) closest = Math.max(closest, termSimilarity(term, wanted));
  return closest >= SOFT_MATCH_FLOOR ? closest * SOFT_MATCH_SHARE : 0;
}

/** How much of a requirement's words a question carries, weighed (0 to 1); its own words soften into near ones. */
function coverage(question: readonly ContentTerm[], requirement: readonly ContentTerm[], weight: (word: string) => number): number {
  const total = requirement.reduce((sum, term) => sum + weight(term.word), 0);
  if (total === 0) return 0;
  return requirement.reduce((sum, term) => sum + weight(term.word) * termCoverage(question, term), 0) / total;
}

/** The least share of a requirement's (weighed) words a question must carry to be about it. */
export const REQUIREMENT_COVERAGE = 0.34;

/** What a coach's turn asks, read against the practised requirements. */
export function questionSignature(turn: string, practised: PractisedRequirements): QuestionSignature {
  const asked = askedQuestion(turn);
  const terms = contentTerms(asked);
  const words = terms.map((term) => term.word);
  let requirement: number | null = null;
  let bestScore = REQUIREMENT_COVERAGE;
  practised.terms.forEach((requirementTerms, index) => {
    const score = coverage(terms, requirementTerms, practised.weight);
    if (score > bestScore) {
      bestScore = score;
      requirement = index;
    }
  });
  const found: number | null = requirement;
  const ownWords = found === null ? [] : (practised.words[found] ?? []);
  // The frame is read from what is left once the requirement's own words are taken out ("Learn new tools quickly" is no "what did you learn").
  const rest = without(words, ownWords);
  const frame = FRAME_MARKERS.find(([marker]) => rest.includes(marker))?.[1] ?? 'first';
  return {
    asked,
    requirement: found,
    requirementWords: [...ownWords].sort().join(' '),
    frame,
    content: [...new Set(rest.filter((word) => !FRAME_MARKER_WORDS.has(word)))],
  };
}

/** The least similarity of two questions about no requirement for them to be one question. */
export const SAME_QUESTION_SIMILARITY = 0.5;

/**
 * How alike two questions are, 0 to 1: about the same requirement, in the same frame, they are one
 * question (1), in another frame or about another requirement two (0); questions about no requirement
 * compare their content words (Jaccard), in the same frame only.
 */
export function questionSimilarity(a: QuestionSignature, b: QuestionSignature): number {
  if (a.frame !== b.frame) return 0;
  if (a.requirement !== null || b.requirement !== null) return a.requirement === b.requirement ? 1 : 0;
  const left = new Set(a.content);
  const right = new Set(b.content);
  if (left.size === 0 && right.size === 0) return 1;
  const shared = [...left].filter((word) => right.has(word)).length;
  return shared / (left.size + right.size - shared);
}

/** One question the person has practised in a scope: its key, and the coach's turn that first asked it. */
export interface QuestionGroup {
  questionKey: string;
  question: string;
}

const shortHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The scope attempts are counted in: one snippet's practice, or (practising without a snippet) the same requirements. */
export function practiceScope(event: { snippetId?: number | undefined; requirements?: string | undefined }): string | undefined {
  if (event.snippetId !== undefined) return `snippet:${event.snippetId}`;
  const requirements = event.requirements?.trim();
  return requirements ? `requirements:${shortHash(requirements)}` : undefined;
}

/** The key of a question no earlier attempt shares: its requirement and frame, else its content words. */
export function newQuestionKey(scope: string, signature: QuestionSignature): string {
  if (signature.requirement !== null) return `${scope}|req:${shortHash(signature.requirementWords)}|${signature.frame}`;
  return `${scope}|ask:${signature.frame}:${[...signature.content].sort().join(' ')}`;
}

/**
 * The key a new attempt is counted under: the key of the person's question in this scope it is most
 * alike (at least SAME_QUESTION_SIMILARITY; a key of before issue 19 is joined as well), else a new one.
 */
export function questionKeyIn(scope: string, question: string, requirementsText: string | undefined, groups: readonly QuestionGroup[]): string {
  const practised = practisedRequirements(requirementsText);
  const signature = questionSignature(question, practised);
  let best: { key: string; similarity: number } | undefined;
  for (const group of groups) {
    if (!group.questionKey.startsWith(`${scope}|`)) continue;
    const similarity = questionSimilarity(signature, questionSignature(group.question, practised));
    if (similarity >= SAME_QUESTION_SIMILARITY && (!best || similarity > best.similarity)) best = { key: group.questionKey, similarity };
  }
  return best?.key ?? newQuestionKey(scope, signature);
}
