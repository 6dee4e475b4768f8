import { isDecline, isSubstantive, isThin, namedPosition } from './coach-intents.ts';
import {
  INTERVIEW_ADMISSION_FOLLOW_UP,
  INTERVIEW_CHOICE_LEADS,
  INTERVIEW_DETAIL_QUESTIONS,
  INTERVIEW_EXAMPLE_PROMPTS,
  INTERVIEW_FOLLOW_UP_LEADS,
  INTERVIEW_FOLLOW_UPS,
  INTERVIEW_INTRO_LEADS,
  INTERVIEW_NEXT_LEADS,
  INTERVIEW_OPEN_QUESTIONS,
  INTERVIEW_PATIENCE,
  INTERVIEW_PRAISE,
  INTERVIEW_RELEVANCE_FOLLOW_UPS,
  INTERVIEW_SKIPS,
  INTERVIEW_WRAP_UPS,
  PRACTICE_AGAIN_QUESTIONS,
  RELEVANCE_MARKERS,
  INTERVIEW_CLARIFY_LEADS,
  INTERVIEW_GOODBYES,
  INTERVIEW_IDEAS_LEADS,
  INTERVIEW_INTRODUCTION,
  INTERVIEW_OFF_TOPIC_LEADS,
  INTERVIEW_THANKS_LEADS,
  READY_LEADS,
  REPEAT_LEADS,
  WAIT_REPLIES,
  quoting,
} from './coach-phrases.ts';
import {
  admitsNotHaving,
  classify,
  clauses,
  hasNumber,
  isNonAnswer,
  quotable,
  quoteFor,
  type NonAnswerKind,
  type Requirement,
  showsRequirement,
  words,
} from '@story/language';
import { reflection, storyReply } from './story-coach.ts';
import { itemAt, normalize, type Turn, type TurnWriter } from './turn-writer.ts';

interface InterviewState {
  /** How often each requirement has been asked about. */
  counts: number[];
  /** The requirement the conversation is on now, if one was asked yet. */
  current: number | undefined;
  /** The person's answers since that requirement was asked, the new text last. */
  answers: string[];
  /** How many follow-up questions the coach asked about it. */
  followUps: number;
  /** True when the new text gives a figure right after the coach asked for the outcome ("about 30 percent"). */
  figureForResult: boolean;
}

const FOLLOW_UP_QUESTIONS = [...Object.values(INTERVIEW_FOLLOW_UPS).flat().map(normalize), ...RELEVANCE_MARKERS];
const RESULT_FOLLOW_UPS = INTERVIEW_FOLLOW_UPS.result.map(normalize);
const asks = (turn: Turn | undefined, questions: readonly string[]) =>
  turn?.role === 'assistant' && questions.some((question) => normalize(turn.content).includes(question));

/**
 * The requirement a coach's turn asks about: of those it names, the one whose words end last (an
 * intro lists them all before its first question), the longer of two that end together ("Python
 * scripting and SQL" over "SQL"); undefined when it names none.
 */
function askedAbout(turn: string, requirements: readonly Requirement[]): number | undefined {
  const key = normalize(turn);
  let found: number | undefined;
  let end = -1;
  let length = 0;
  requirements.forEach((requirement, i) => {
    const core = normalize(requirement.core);
    const pos = core ? key.lastIndexOf(core) : -1;
    if (pos < 0) return;
    if (pos + core.length > end || (pos + core.length === end && core.length > length)) {
      found = i;
      end = pos + core.length;
      length = core.length;
    }
  });
  return found;
}

/**
 * How often each requirement has been asked about, and which one the conversation is on now. A turn
 * counts for the one requirement its question is about, so "every requirement" is covered only once
 * each was asked (issue 38, 6): an intro that lists them, or a requirement whose words another
 * holds, asks none of the others.
 */
function readInterview(writer: TurnWriter, requirements: readonly Requirement[]): InterviewState {
  const counts = requirements.map(() => 0);
  let current: number | undefined;
  let askedAt = -1;
  writer.history.forEach((turn, index) => {
    if (turn.role !== 'assistant') return;
    const about = askedAbout(turn.content, requirements);
    if (about === undefined) return;
    counts[about] = (counts[about] ?? 0) + 1;
    current = about;
    askedAt = index;
  });
  const since = askedAt >= 0 ? writer.history.slice(askedAt + 1) : [];
  // What was not an answer ("Can you repeat that?") is no part of the answer, and the question asked again after it no new follow-up.
  const notAnswers = new Set(
    since.filter((turn, i) => turn.role === 'user' && isNonAnswer(turn.content, since[i - 1]?.content ?? writer.history[askedAt]?.content ?? '')),
  );
  const answers = [...since.filter((turn) => turn.role === 'user' && !notAnswers.has(turn)).map((turn) => turn.content), writer.text];
  const followUps = since.filter((turn, i) => asks(turn, FOLLOW_UP_QUESTIONS) && !notAnswers.has(since[i - 1] ?? turn)).length;
  const figureForResult = asks(since.at(-1), RESULT_FOLLOW_UPS) && hasNumber(writer.text);
  return { counts, current, answers, followUps, figureForResult };
}

/** The requirement a person picked after the wrap-up: by its words, its position ("the second"), else the least practised. */
function chosenRequirement(text: string, requirements: readonly Requirement[], counts: readonly number[]): number {
  const said = words(text);
  let best = -1;
  let bestOverlap = 0;
  requirements.forEach((requirement, i) => {
    const key = new Set(words(requirement.label).filter((word) => word.length > 3));
    const overlap = said.filter((word) => key.has(word)).length;
    if (overlap > bestOverlap) {
      best = i;
      bestOverlap = overlap;
    }
  });
  if (best >= 0) return best;
  return namedPosition(text, requirements.length) ?? counts.indexOf(Math.min(...counts));
}

function listLabels(requirements: readonly Requirement[]): string {
  const labels = requirements.slice(0, 4).map((requirement) => `“${requirement.label}”`);
  const more = requirements.length > 4 ? `, and ${requirements.length - 4} more` : '';
  return `${labels.join('; ')}${more}`;
}

/** Questions for practising a requirement again, in the order they are asked. */
function practiceQuestions(requirement: Requirement): string[] {
  return [requirement.again, ...quoting(PRACTICE_AGAIN_QUESTIONS, requirement.core)];
}

/**
 * The follow-up for what the answer still lacks, one at a time: what the person did (or their own
 * part, when they only told what "we" did), the result, how it shows the requirement, and the
 * scene when the answer is very short.
 */
function followUp(writer: TurnWriter, state: InterviewState, requirement: Requirement): string | undefined {
  const answer = state.answers.join(' ');
  const found = classify(answer);
  const acted = found.has('action') || found.has('teamAction');
  const resulted = found.has('result') || state.figureForResult;
  const missing = (['action', 'personal', 'result', 'relevance', 'situation'] as const).find((slot) => {
    if (slot === 'action') return !acted;
    if (slot === 'personal') return !found.has('action');
    if (slot === 'result') return !resulted;
    // An answer with actions and a result is enough once it speaks to the requirement; the scene is only asked for when it is very short.
    if (slot === 'relevance') return words(answer).length >= 8 && !showsRequirement(answer, requirement);
    return !found.has('situation') && words(answer).length < 12;
  });
  if (!missing || words(answer).length < 4) return undefined;
  const questions = missing === 'relevance' ? quoting(INTERVIEW_RELEVANCE_FOLLOW_UPS, requirement.label) : INTERVIEW_FOLLOW_UPS[missing];
  const question = writer.fresh(questions, state.followUps);
  if (!question) return undefined;
  const lead = reflection(writer, writer.text) ?? writer.pick(INTERVIEW_FOLLOW_UP_LEADS);
  return `${lead} ${question}`;
}

/** What the coach says back to an answer: praise (or a kind skip) and the quote it was built on. */
interface Acknowledgement {
  praise: string;
  quote: string;
}

/** Once every requirement was asked: a wrap-up, then the least practised requirement again in new words. */
function anotherRound(
  writer: TurnWriter,
  requirements: readonly Requirement[],
  counts: readonly number[],
  current: number,
  { praise, quote }: Acknowledgement,
): string {
  const wrappedUp = INTERVIEW_WRAP_UPS.some((question) => writer.wasAsked(question));
  const wrapUp = writer.fresh(INTERVIEW_WRAP_UPS);
  if (!wrappedUp && wrapUp) return `${praise} That covers every requirement you selected: ${listLabels(requirements)}. ${wrapUp}`;
  // Least practised first, not the one just answered; the first question of theirs not asked yet.
  const order = requirements.map((_, i) => i).sort((a, b) => (counts[a] ?? 0) - (counts[b] ?? 0) || a - b);
  const rotation = [...order.filter((i) => i !== current), current];
  for (const index of rotation) {
    const question = practiceQuestions(itemAt(requirements, index)).find((candidate) => !writer.wasAsked(candidate));
    if (question) return `${praise} ${question}`;
  }
  const fallback = writer.fresh(INTERVIEW_OPEN_QUESTIONS) ?? (quote ? writer.fresh(quoting(INTERVIEW_DETAIL_QUESTIONS, quote)) : undefined);
  // Every interview question is spent: carry on as the story coach on what they just told.
  return fallback ? `${praise} ${fallback}` : storyReply(writer);
}

/** Kinds of non-answer that get their own reply, even right after the wrap-up question. */
const ANSWERED_AT_ONCE: ReadonlySet<NonAnswerKind> = new Set(['repeat', 'wait', 'clarify', 'ideas', 'meta', 'off-topic', 'thanks', 'goodbye']);

/**
 * The reply to what is not an answer, once a question was asked: the question again for "Can you
 * repeat that?", a kind wait for "Give me a second", the question after a hello or "I'm ready".
 * Undefined for a "no"/"skip" or a filler word, which the coach answers as before.
 */
function nonAnswerReply(writer: TurnWriter, kind: NonAnswerKind | undefined, question: string): string | undefined {
  switch (kind) {
    case 'repeat':
      return `${writer.pick(REPEAT_LEADS)} ${question}`;
    case 'wait':
      return writer.pick(WAIT_REPLIES);
    case 'greeting':
    case 'ready':
      return `${writer.pick(READY_LEADS)} ${question}`;
    case 'clarify':
      return `${writer.pick(INTERVIEW_CLARIFY_LEADS)} ${question}`;
    case 'ideas':
      return `${writer.pick(INTERVIEW_IDEAS_LEADS)} ${question}`;
    case 'meta':
      return `${INTERVIEW_INTRODUCTION} ${question}`;
    case 'off-topic':
      return `${writer.pick(INTERVIEW_OFF_TOPIC_LEADS)} ${question}`;
    case 'thanks':
      return `${writer.pick(INTERVIEW_THANKS_LEADS)} ${question}`;
    case 'goodbye':
      return writer.pick(INTERVIEW_GOODBYES);
    default:
      return undefined;
  }
}

/** The interviewer's first words: the requirements it will ask about, and the first question. */
export function interviewOpening(writer: TurnWriter, requirements: readonly Requirement[]): string {
  const first = itemAt(requirements, 0);
  const question = first.question.charAt(0).toLowerCase() + first.question.slice(1);
  return `${writer.pick(INTERVIEW_INTRO_LEADS)} I will ask about the requirements you selected, one at a time: ${listLabels(requirements)}. First, ${question}`;
}

/**
 * The interview coach's reply: behavioural questions built from the selected requirements, one at a
 * time, with a follow-up while an answer lacks actions or a result, then another round. What is not
 * an answer gets a fitting reply and the same question again (see nonAnswerReply).
 */
export function interviewReply(writer: TurnWriter, requirements: readonly Requirement[]): string {
  const { text } = writer;
  const state = readInterview(writer, requirements);

  const lastAssistant = [...writer.history].reverse().find((turn) => turn.role === 'assistant');
  const nonAnswer = writer.nonAnswer();
  const asked = state.current === undefined ? undefined : (writer.lastQuestion() ?? itemAt(requirements, state.current).question);
  if (asked && nonAnswer && ANSWERED_AT_ONCE.has(nonAnswer)) return nonAnswerReply(writer, nonAnswer, asked) ?? asked;
  if (lastAssistant && INTERVIEW_WRAP_UPS.some((question) => normalize(lastAssistant.content).includes(normalize(question)))) {
    const again = itemAt(requirements, chosenRequirement(text, requirements, state.counts));
    if (!writer.wasAsked(again.again)) return `${writer.pick(INTERVIEW_CHOICE_LEADS)} ${again.again}`;
  }

  if (state.current === undefined) return interviewOpening(writer, requirements);

  const current = itemAt(requirements, state.current);
  // A hello or "I'm ready" before any answer to the question: the question again.
  const greeted = nonAnswerReply(writer, nonAnswer === 'greeting' || nonAnswer === 'ready' ? nonAnswer : undefined, asked ?? current.question);
  if (greeted && state.answers.length <= 1) return greeted;
  const declined = (isDecline(text) || nonAnswer === 'decline') && !classify(text).size;
  if (isThin(text) && !declined && state.answers.length <= 2) {
    const prompt = writer.fresh(INTERVIEW_EXAMPLE_PROMPTS);
    if (prompt) return `${writer.pick(INTERVIEW_PATIENCE)} ${prompt}`;
  }
  // "I have not done that myself" is heard as said (issue 38, 4): once per requirement, the nearest thing done instead.
  const nearest = INTERVIEW_ADMISSION_FOLLOW_UP(current.label);
  if (!declined && admitsNotHaving(text, asked ?? '') && !writer.wasAsked(nearest)) return nearest;
  if (!declined && state.followUps < 2) {
    const question = followUp(writer, state, current);
    if (question) return question;
  }

  const quote = isSubstantive(text) ? (quoteFor(text, 'result') ?? quoteFor(text, 'action') ?? quotable(clauses(text)[0] ?? '')) : '';
  const praise = declined || words(quote).length < 2 ? writer.pick(INTERVIEW_SKIPS) : writer.pick(INTERVIEW_PRAISE.map((line) => line(quote, current.label)));
  const nextIndex = state.counts.findIndex((count) => count === 0);
  if (nextIndex < 0) return anotherRound(writer, requirements, state.counts, state.current, { praise, quote });
  // A skip already says another requirement comes ("let's try another requirement"): the question follows it directly.
  const lead = declined ? '' : `${writer.pick(INTERVIEW_NEXT_LEADS)} `;
  return `${praise} ${lead}${itemAt(requirements, nextIndex).question}`;
}
