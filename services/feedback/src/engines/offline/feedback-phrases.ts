/**
 * The sentences of the offline scorer's feedback: each quotes the answer and names what it does or
 * does not show. Phrasing lives here, apart from the scoring, as the coach keeps its phrases apart.
 */
import type { AnswerQuote, AssessmentDimension, StarPart } from '@story/proto';
import type { AnswerTarget } from './answer-reading.ts';

/**
 * What a comment points to when its evidence was said in an earlier turn (the answer a follow-up goes
 * on with): no quote from another answer (issue 38, 3), only where it was said.
 */
export const SAID_EARLIER: AnswerQuote = { start: -1, end: -1, text: 'What you said in your earlier answer' };

/** A quote as a sentence shows it; what was said earlier, by where it was said. */
export const quoted = (quote: AnswerQuote): string => (quote === SAID_EARLIER ? quote.text : `“${quote.text}”`);

/** How a sentence names what the answer is measured against. */
export function named(target: AnswerTarget | undefined): string {
  if (!target) return 'your story';
  return target.kind === 'requirement' ? `“${target.name}”` : `the question (“${target.name}”)`;
}

/** The prompt for a missing STAR part, built on the answer's own words where it has them. */
export const STAR_PROMPTS = {
  situation: (action?: AnswerQuote) =>
    action
      ? `Before ${quoted(action)}, set the scene: where were you, and what was going wrong?`
      : 'Set the scene first: where were you working, and what was the problem?',
  task: (situation?: AnswerQuote) =>
    situation
      ? `After ${quoted(situation)}, say what you were responsible for: what goal or deadline did you have?`
      : 'Say what you were responsible for: what goal or deadline did you have?',
  action: (team?: AnswerQuote) =>
    team ? `You said what the team did (${quoted(team)}); what did you do yourself?` : 'What did you do yourself? Tell the steps you took, starting with “I…”.',
  result: (action?: AnswerQuote) =>
    action
      ? `You said ${quoted(action)}; how did it turn out? Give a number if you can (time saved, errors, money, people).`
      : 'How did it end? Say what changed because of what you did, with a number if you can.',
} satisfies Record<StarPart, (quote?: AnswerQuote) => string>;

type Sentence = (quote: AnswerQuote, what: string) => string;

/** One sentence per dimension and verdict. */
export const COMMENTS = {
  relevance: {
    direct: (quote, what) => `${quoted(quote)} speaks directly to ${what}.`,
    partly: (quote, what) => `${quoted(quote)} touches on ${what}; make the link plainer, in its own words.`,
    hypothetical: (quote, what) => `${quoted(quote)} says what you would do; ${what} asks for a time you did it.`,
    elsewhere: (quote, what) => `Nothing in the answer shows ${what}: it is about ${quoted(quote)} instead.`,
    unclear: (quote, what) => `${quoted(quote)} does not plainly show ${what}; say in a sentence how this story shows it.`,
    opening: (quote, what) => `${quoted(quote)} opens ${what}; the coach's next question will draw out the rest.`,
  },
  specificity: {
    concrete: (quote, what) => `${quoted(quote)} gives names and numbers that make ${what} easy to believe.`,
    some: (quote, what) => `${quoted(quote)} has some detail; a name, a tool or a number more would make ${what} vivid.`,
    vague: (quote, what) => `${quoted(quote)} stays general: name the place, the tool or a number so the interviewer can picture ${what}.`,
  },
  ownership: {
    own: (quote, what) => `${quoted(quote)} says what you did yourself, which is what ${what} asks about.`,
    mixed: (quote, what) => `${quoted(quote)} says what the team did; say more of what you did yourself to show ${what}.`,
    team: (quote, what) => `${quoted(quote)} says what the team did, not what you did: use “I” to show ${what}.`,
    none: (quote, what) => `${quoted(quote)} never says what you did; tell your own steps to show ${what}.`,
  },
  impact: {
    measured: (quote, what) => `${quoted(quote)} measures the result, the strongest evidence for ${what}.`,
    unmeasured: (quote, what) => `${quoted(quote)} gives a result; a number (time, money, a percentage) would show ${what} more clearly.`,
    hedged: (quote, what) => `${quoted(quote)} leaves the result uncertain; say plainly what changed to show ${what}.`,
    none: (quote, what) => `The answer stops at ${quoted(quote)} without saying how it turned out, so it does not yet show ${what}.`,
  },
  structure: {
    clear: (quote, what) => `From ${quoted(quote)} to how it ended, the answer runs in order and at a good length for ${what}.`,
    order: (quote, what) => `It starts with ${quoted(quote)} before setting the scene; for ${what}, tell the situation, then your actions, then the result.`,
    short: (quote, what) => `${quoted(quote)} is too little to show ${what}: give the situation, your actions and the result.`,
    long: (quote, what) => `Asides like ${quoted(quote)} bury the answer to ${what}; keep to the situation, your actions and the result.`,
    gaps: (quote, what) => `After ${quoted(quote)}, parts of the story are missing; for ${what}, cover the situation, your actions and the result.`,
    // A story told over several turns: no length to keep to, only the parts and their order.
    story: (quote) => `From ${quoted(quote)} to how it ended, the story runs in order: the scene, what you did, and the result.`,
    storySoFar: (quote) => `From ${quoted(quote)} on, the story so far runs in order; the scene, what you did and how it ended are not all told yet.`,
  },
} satisfies Record<AssessmentDimension, Record<string, Sentence>>;
