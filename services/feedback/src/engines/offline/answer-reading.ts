import type { AnswerKind, AnswerQuote, StoryQuote } from '@story/proto';
import { classify, continuesAction, extractRequirements, requirementEvidence, words, type StoryElement } from '@story/language';
import type { AnswerToAssess } from '../feedback-engine.ts';
import { certainStretch, clauseSpans, wordsOf, type Span } from './answer-spans.ts';
import { withDigits } from './spelled-numbers.ts';
import { placeInStory, type OrderedClause } from './story-order.ts';

/** A clause and the parts of a story it speaks to. */
export interface ReadSpan extends Span {
  elements: ReadonlySet<StoryElement>;
  /**
   * What of the clause may be quoted: the clause itself, or, when the recogniser was unsure of some
   * of its words, its longest stretch without them (undefined when no stretch of two words is left).
   * The clause is still read whole for what it tells; only its quotes keep to words that were heard.
   */
  quotable: Span | undefined;
}

/** What the answer is measured against: a requirement of the snippet, or the question's own subject. */
export interface AnswerTarget {
  kind: 'requirement' | 'question';
  /** How comments name it: the requirement as written, or the question's subject ("dealt with a difficult customer"). */
  name: string;
  /** The evidence cues the answer shows, or undefined when there is nothing to look for. */
  shown: string[] | undefined;
}

/** One turn of a story read as one text: where it stands in that text, and the question it answered. */
export interface ReadTurn {
  question: string;
  start: number;
  end: number;
}

/**
 * An answer read once for every dimension: its clauses, what each tells, and what it answers. In a
 * story thread the text read is the story told so far, its turns one after another (`turns`, the
 * answer last); offsets of spans and quotes are into that text until `inAnswer`/`inEarlierTurn`.
 */
export interface AnswerReading {
  kind: AnswerKind;
  /** The text read: the answer, or the turns it goes on with and the answer, joined (see `turns`). */
  answer: string;
  turns: ReadTurn[];
  spans: ReadSpan[];
  wordCount: number;
  target: AnswerTarget | undefined;
  /** What the person would do or usually does, not what they did. */
  hypothetical: boolean;
  /** The question asks for a past event ("Tell me about a time…"). */
  asksForEvent: boolean;
}

/** The opening of a clause that sets a scene, read in the first clauses only ("At Harbor Logistics…", "As a paramedic…"). */
const SCENE_OPENING = /^(?:so\s+)?(?:at|in|on|during|when|while|as|last|back in|after|before)\s+(?:my|our|the|a|an|[A-Z0-9]|\w+ing\b|i\b|we\b)/i;
const SCENE_ANYWHERE = [
  /\bas (?:a|an|the) (?:[a-z-]+ ){0,2}(?:manager|lead|engineer|developer|designer|analyst|administrator|supervisor|coordinator|nurse|teacher|paramedic|chef|agent|rep|representative|intern|accountant|assistant|director|consultant|officer|student)\b/i,
  /\b(?:at|for) (?:a |an )?[A-Z][\w&'’-]+/,
  /\b(?:when|while) (?:i|we) (?:was|were|worked|joined|started|taught|ran|managed|led)\b/i,
  /\bi was (?:a|an|the|on|first|head|assistant|working)\b/i,
];
/** Outcomes the coach's patterns leave to the conversation: a comparison, a date kept, a budget met. */
const OUTCOME =
  /\b(?:instead of \d|(?:down|up) (?:to|from) [$€£]?\d+|from \d[\d,.]*\s*(?:%|[a-z]+)?\s+(?:to|down to|up to) \d|ahead of schedule|on schedule|under budget|on budget|first time|went live|renewed|recovered|avoided|prevented|commend\w*|award\w*|signed (?:a|the|up)|no more)\b/i;
/** Steps the coach's patterns leave out because they also tell a life event ("I moved to Leeds"): here, only with an object. */
/** A problem that stopped coming back: "we didn't run out once that summer", "it never happened again". */
const STOPPED_HAPPENING = /\b(?:didn't|did not|never|haven't|hasn't|no longer)\b[^.;]{0,40}\b(?:again|once|since)\b/i;
/** A deadline or target the person had, said as a fact of the situation ("We had a go-live date six weeks out"). */
const HAD_TARGET = /\b(?:i|we) (?:had|were given) (?:a |an |the |only |just )?(?:[\w-]+ ){0,2}(?:deadline|go-live(?: date)?|launch date|target|budget|goal)\b/i;
/**
 * A clause that goes on with the step before it names what the step was done to ("grouped the SKUs",
 * "then fixed it"); "Abandoned carts went down" opens with an adjective, not a step.
 */
const OBJECT_AFTER_VERB =
  /^(?:(?:and|then|also|so|but)\s+)*(?:\w+ly\s+)?[a-z]+\s+(?:the|a|an|our|my|their|his|her|its|it|them|him|us|all|every|each|everything|everyone|some|up|out|on|in|with|to|back|down|over|off|through|this|that|these|those|what|how|\d)\b/i;
const OBJECT_STEP = /\bi (?:then |also |quickly )?(?:moved|used|changed|switched|introduced) (?:the|our|my|it|them|all|every|each|everything|him|her|a|an)\b/i;
const HYPOTHETICAL = /\b(?:i would|i'd|i will|i'll|i always|i usually|i generally|i normally|i try to|i tend to|i like to|you always have to|you have to)\b/i;
const ASKS_FOR_EVENT =
  /\b(?:a time|an occasion|a situation|a project|an example|what happened|how did you|the most|your biggest|proudest|you (?:handled|dealt|solved|led|managed|improved|failed))\b/i;
const QUESTION_SUBJECT =
  /^(?:(?:can|could) you |please )?(?:tell me about|describe|talk me through|walk me through|share|give me an example of|what happened (?:with|when)|how (?:did|do|would) you|what (?:is|was|were))\s+(?:(?:a|an|the|one|your) )?(?:time|occasion|situation|project|example)?\s*(?:when |where |in which |that )?(?:you\s+)?(.+?)[.?!]*$/i;

/** A sentence that asks: a question, or a request to tell ("Tell me about…", "First, describe…"). */
const ASKING =
  /^(?:tell me|describe|talk me|walk me|share|give me|can you|could you|would you|what|how|why|when|where|which|who|have you|did you|do you|are you|is there|please)\b/i;
/** Words that lead into the question without being part of it ("First, ", "Now, ", "OK so "). */
const QUESTION_LEAD = /^(?:(?:so|now|next|first|then|ok(?:ay)?|great|alright|right|and|to start|to begin|let's start with this)\b[,:]?\s+)+/i;

/**
 * The interviewer's question in its turn (issue 38, 3): of a turn that greets, introduces itself and
 * then asks ("Hi, I'm Sam… Let's begin. Tell me about a time you handled an outage."), the sentence
 * that asks, without its lead-in; the whole turn when no sentence asks.
 */
export function askedQuestion(turn: string): string {
  const sentences = turn
    .trim()
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.replace(QUESTION_LEAD, '').trim())
    .filter(Boolean);
  const asking = sentences.findLast((sentence) => sentence.endsWith('?')) ?? sentences.findLast((sentence) => ASKING.test(sentence));
  const question = asking ?? turn.trim();
  return question.charAt(0).toUpperCase() + question.slice(1);
}

/** The subject of a question as comments name it: "Tell me about a time you dealt with X." → "dealt with X". */
export function questionSubject(turn: string): string | undefined {
  const clean = askedQuestion(turn);
  if (!clean) return undefined;
  const subject = QUESTION_SUBJECT.exec(clean)?.[1] ?? clean.replace(/[.?!]+$/, '');
  return words(subject).length > 0 ? subject : undefined;
}

/** Words of `a` that also stand in `b`, compared by their first five letters. */
const sharedStems = (a: string, b: string): number => {
  const stems = new Set(
    words(b)
      .filter((word) => word.length > 3)
      .map((word) => word.slice(0, 5)),
  );
  return new Set(words(a).filter((word) => word.length > 3 && stems.has(word.slice(0, 5)))).size;
};

/**
 * What the answer is measured against. In interview practice: the requirement of the snippet the
 * question asked about (most words in common with the question), or, when the question names none,
 * the requirement the answer shows best. Otherwise the question's own subject.
 */
export function targetOf(input: AnswerToAssess): AnswerTarget | undefined {
  const requirements = input.requirements ? extractRequirements(input.requirements) : [];
  if (requirements.length > 0) {
    // The question itself, not the turn's intro that lists every requirement.
    const question = askedQuestion(input.question);
    const byQuestion = [...requirements].sort((a, b) => sharedStems(b.label, question) - sharedStems(a.label, question))[0];
    const asked = byQuestion && sharedStems(byQuestion.label, question) > 0 ? byQuestion : undefined;
    const candidates = asked ? [asked] : requirements;
    const read = candidates.map((requirement): AnswerTarget => ({
      kind: 'requirement',
      name: requirement.label,
      shown: requirementEvidence(input.answer, requirement),
    }));
    return read.sort((a, b) => (b.shown?.length ?? 0) - (a.shown?.length ?? 0))[0];
  }
  const subject = questionSubject(input.question);
  return subject ? { kind: 'question', name: subject, shown: requirementEvidence(input.answer, { label: subject }) } : undefined;
}

/** Between two turns of a story read as one text: a clause never runs from one turn into the next. */
const TURN_BREAK = '\n\n';

/** The turns to read: the earlier turns this one goes on with (a story's, or the answer a follow-up follows up), then the answer. */
function turnsOf(input: AnswerToAssess): { text: string; turns: ReadTurn[] } {
  const earlier = input.earlier ?? [];
  const said = [...earlier, { question: input.question, answer: input.answer }];
  let at = 0;
  const turns = said.map((turn) => {
    const read = { question: turn.question, start: at, end: at + turn.answer.length };
    at = read.end + TURN_BREAK.length;
    return read;
  });
  return { text: said.map((turn) => turn.answer).join(TURN_BREAK), turns };
}

/** Reads the answer's clauses (in a story thread, the story's) and what it answers, once, for the STAR parts and every dimension. */
export function readAnswer(input: AnswerToAssess): AnswerReading {
  const kind = input.kind ?? 'practice';
  const { text: answer, turns } = turnsOf(input);
  // The answer is the last turn of the text read: its unsure words' offsets move with it.
  const answerStart = turns.at(-1)?.start ?? 0;
  const unsure = (input.uncertain ?? []).map((word) => ({ start: word.start + answerStart, end: word.end + answerStart }));
  // Turns are measured against the question that opened them (a follow-up names no subject); a story's only when it asked for an event ("a time you…").
  const opening = turns[0]?.question ?? input.question;
  const question = kind === 'story' && !ASKS_FOR_EVENT.test(opening) ? '' : opening;
  const spans: ReadSpan[] = [];
  const ordered: OrderedClause[] = [];
  let turnIndex = -1;
  let inTurn = 0;
  for (const span of clauseSpans(answer)) {
    const turn = turns.findLastIndex((candidate) => candidate.start <= span.start);
    inTurn = turn === turnIndex ? inTurn + 1 : 0;
    turnIndex = turn;
    const text = withDigits(span.text);
    const elements = new Set(classify(text));
    if (!elements.has('situation') && ((inTurn < 2 && SCENE_OPENING.test(span.text)) || SCENE_ANYWHERE.some((pattern) => pattern.test(span.text))))
      elements.add('situation');
    if (OUTCOME.test(text) || STOPPED_HAPPENING.test(text)) elements.add('result');
    if (HAD_TARGET.test(text)) elements.add('task');
    if (OBJECT_STEP.test(span.text)) elements.add('action');
    // "I pulled the data, grouped the SKUs…": the second step is the same person's.
    const before = spans.at(-1)?.elements;
    if (before && continuesAction(span.text) && OBJECT_AFTER_VERB.test(span.text)) {
      if (before.has('action')) elements.add('action');
      else if (before.has('teamAction')) elements.add('teamAction');
    }
    spans.push({ ...span, elements, quotable: certainStretch(answer, span, unsure) });
    ordered.push({ text, elements });
  }
  placeInStory(ordered);
  const acts = spans.some((span) => span.elements.has('action') || span.elements.has('teamAction'));
  return {
    kind,
    answer,
    turns,
    spans,
    wordCount: wordsOf(answer).length,
    target: kind === 'story' && !question ? undefined : targetOf({ question, answer, requirements: input.requirements }),
    hypothetical: !acts && HYPOTHETICAL.test(answer),
    asksForEvent: ASKS_FOR_EVENT.test(question),
  };
}

/** The turn of the story a position of the text read stands in (the answer is the last). */
const turnAt = (reading: AnswerReading, at: number): number => reading.turns.findLastIndex((turn) => turn.start <= at);

/** True when a span is the answer's own, not an earlier turn's. */
export const isInAnswer = (reading: AnswerReading, span: Span): boolean => turnAt(reading, span.start) === reading.turns.length - 1;

/** A quote of the text read as words of the answer (offsets into it); undefined when it stands in an earlier turn of the story. */
export function inAnswer(reading: AnswerReading, quote: AnswerQuote): AnswerQuote | undefined {
  const turn = reading.turns.at(-1);
  if (!turn || turnAt(reading, quote.start) !== reading.turns.length - 1) return undefined;
  return { start: quote.start - turn.start, end: quote.end - turn.start, text: quote.text };
}

/** A quote of the text read as words of an earlier turn of the story (offsets into it, the turn counted from 1); undefined for the answer's own. */
export function inEarlierTurn(reading: AnswerReading, quote: AnswerQuote): StoryQuote | undefined {
  const index = turnAt(reading, quote.start);
  const turn = reading.turns[index];
  if (!turn || index === reading.turns.length - 1) return undefined;
  return { turn: index + 1, question: turn.question, start: quote.start - turn.start, end: quote.end - turn.start, text: quote.text };
}

/** The clauses that speak to any of `elements`, in order. */
export const spansWith = (reading: AnswerReading, ...elements: StoryElement[]): ReadSpan[] =>
  reading.spans.filter((span) => elements.some((element) => span.elements.has(element)));

/** True when the answer tells what was done and how it ended: a story, whatever it is about. */
export const tellsStory = (reading: AnswerReading): boolean => spansWith(reading, 'action', 'teamAction').length > 0 && spansWith(reading, 'result').length > 0;
