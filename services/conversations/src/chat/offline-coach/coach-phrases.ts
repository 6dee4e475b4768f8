/**
 * What the offline coach says: the questions it asks and the phrases it answers with, apart from
 * when it says them. The order inside each table matters: a seed picks an index, so reordering
 * changes which phrasing a conversation gets.
 */

import type { StoryElement } from '@story/language';

export * from './interview-phrases.ts';

/** A phrase built around a short quote of the person's own words. */
export type QuoteLine = (quote: string) => string;

/** The phrases of a table, each built around the same quote. */
export const quoting = (lines: readonly QuoteLine[], quote: string): string[] => lines.map((line) => line(quote));

/** The parts of a story the coach asks for, in the order it asks for them. */
// The goal (STAR's task) is asked together with the situation: on its own it rarely reads naturally.
export const STORY_SLOTS = ['situation', 'action', 'personal', 'result', 'quantify', 'learning'] as const;
export type StorySlot = (typeof STORY_SLOTS)[number];

export const SLOT_QUESTIONS: Record<StorySlot, readonly string[]> = {
  situation: [
    'Where were you working at the time, and what was going on around you?',
    'What was the situation when this started — and what was at stake for you?',
    'Can you set the scene for me: what was going on, and what did you need to achieve?',
    'What was the backdrop to this — the people, the place, the moment?',
  ],
  action: [
    'What did you do first?',
    'Walk me through the steps you took — what did you actually do?',
    'How did you respond — what did you actually do?',
    'How did you go about it, step by step?',
  ],
  personal: [
    'You mention what the team did — what was your own part in it?',
    'What did you personally do, as opposed to the group?',
    'Which part of that was yours — what would not have happened without you?',
  ],
  result: [
    'How did it turn out in the end?',
    'What was the outcome — what changed because of what you did?',
    'What happened as a result?',
    'How did you know it had worked?',
  ],
  quantify: [
    'Can you put a number on that — time saved, money, people, anything measurable?',
    'How big was the difference, roughly, in numbers?',
    'If you had to measure that result, what would the figure be?',
  ],
  learning: [
    'What did you learn from it?',
    'Looking back, what would you do differently?',
    'How did this change the way you work today?',
    'What did this experience teach you about yourself?',
  ],
};

export const OPENING_QUESTIONS = [
  'What is a moment from your work or life that you would like to tell me about?',
  'Think of a time you were proud of something you did at work: what was going on?',
  'Is there a recent challenge at work that stuck with you — what happened?',
  'Which experience would you like to capture today: a success, a setback, or a turning point?',
  'What is a story from your career that you find yourself telling friends?',
];

export const HELP_QUESTIONS = [
  'Which of those brings a story to mind?',
  'Does one of those remind you of something that happened to you?',
  'Which of those would you like to start with?',
];

/** Kinds of story to suggest, each worded to follow "Could you tell me about …". */
export const THEMES = [
  'a time you disagreed with someone and worked it out',
  'a time something went wrong and you recovered',
  'a time you learned a new skill quickly',
  'a time you helped someone else grow',
  'a decision you made with incomplete information',
  'a time you went beyond what was asked of you',
  'a time you changed someone’s mind',
];

const THEME_PROMPTS: readonly QuoteLine[] = [
  (theme) => `Shall we try ${theme}?`,
  (theme) => `Could you tell me about ${theme}?`,
  (theme) => `What comes to mind for ${theme}?`,
];
/** Every theme asked about in every way, prompt by prompt. */
export const THEME_QUESTIONS = THEME_PROMPTS.flatMap((prompt) => THEMES.map((theme) => prompt(theme)));

export const SUMMARY_OPENERS = ['Here is the story as I heard it.', 'Let me play that back to you.', 'That is a complete story — here it is in short.'];
export const SUMMARY_CLOSERS: readonly QuoteLine[] = [
  (theme) => `Is there a part of this you would like to dig into further, or shall we move on to another story — maybe ${theme}?`,
  (theme) => `Would you like to sharpen any part of it, or tell me about ${theme} next?`,
  (theme) => `What would you like to explore next: more detail here, or ${theme}?`,
];
/** The summary's sentences, in the order a story is told. */
export const SUMMARY_PARTS: readonly (readonly [StoryElement, QuoteLine])[] = [
  ['situation', (quote) => `It started with “${quote}”.`],
  ['task', (quote) => `The goal: “${quote}”.`],
  ['action', (quote) => `What you did: “${quote}”.`],
  ['result', (quote) => `The result: “${quote}”.`],
  ['learning', (quote) => `And what you took from it: “${quote}”.`],
];
/** The summary when no part of the story could be quoted. */
export const SUMMARY_WITHOUT_QUOTES = 'You have walked me through what happened, step by step.';
/** The closer once every theme was offered in every closer. */
export const LAST_SUMMARY_CLOSER = 'Which part of your career shall we look at next, now that this story is told?';

// ---- the story coach's replies ----------------------------------------------------------------------

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A result quoted with the figure that makes it concrete. */
export const MEASURED_RESULT_LINES: readonly ((quote: string, figure: string) => string)[] = [
  (quote, figure) => `“${quote}” — a figure like ${figure} makes the result concrete.`,
  (quote, figure) => `${capitalize(figure)} is exactly the kind of detail people remember: “${quote}”.`,
  (quote) => `“${quote}” — that is a measurable outcome, and it shows.`,
];

/** One sentence that gives the person's words back, by the part of the story they told. */
export const REFLECTION_LINES: Record<'result' | 'action' | 'learning' | 'teamAction' | 'task' | 'situation' | 'other', readonly QuoteLine[]> = {
  result: [
    (quote) => `“${quote}” — so that is how it landed.`,
    (quote) => `So the outcome was “${quote}”.`,
    (quote) => `“${quote}” — good, now I know where it ended up.`,
  ],
  action: [
    (quote) => `You said “${quote}” — that is the part that shows what you bring.`,
    (quote) => `“${quote}” — I like how concrete that is.`,
    (quote) => `“${quote}” — that is a real step you took, not just something that happened to you.`,
  ],
  learning: [
    (quote) => `“${quote}” — that is a real insight to carry forward.`,
    (quote) => `“${quote}” — that kind of reflection is what makes a story yours.`,
  ],
  teamAction: [(quote) => `“${quote}” — it sounds like a real team effort.`, (quote) => `“${quote}” — so the team moved on it together.`],
  task: [(quote) => `“${quote}” — so that was what was at stake.`, (quote) => `Got it: “${quote}”.`],
  situation: [
    (quote) => `So the scene is: “${quote}”.`,
    (quote) => `“${quote}” — that sets the scene well.`,
    (quote) => `Thanks, that gives me the picture: “${quote}”.`,
  ],
  other: [(quote) => `“${quote}” — thank you for telling me that.`, (quote) => `I hear you: “${quote}”.`],
};

export const STORY_OPENING_LINES: readonly QuoteLine[] = [
  (quote) => `“${quote}” — good, let's capture that one.`,
  (quote) => `“${quote}” — that sounds like a story worth telling.`,
  (quote) => `“${quote}” — I would love to hear more.`,
];
export const FEELING_LINES: readonly QuoteLine[] = [
  (feeling) => `It sounds like you felt ${feeling}.`,
  (feeling) => `Feeling ${feeling} in a moment like that makes sense.`,
];
export const THANKS = ['Thank you for sharing that.', 'I appreciate you telling me this.'];

export const COACH_INTRODUCTION =
  'I am your story coach: I ask one question at a time to help you tell your experiences clearly — what happened, what you did, how it turned out and what you learned.';
export const GREETINGS = ['Hello!', 'Hi, good to meet you!', 'Hello, and welcome!'];
export const FIRST_GREETING = 'I am here to help you tell your career and life stories, one question at a time.';
export const WELCOME_BACK = 'Welcome back!';
export const PICK_UP_AGAIN = "Let's pick up where we left off.";
export const HELP_LEADS = ['Here are a few places to start:', 'A few ideas to get going:'];
export const OFF_TOPIC_LEADS = [
  'That is outside what I can help with here — I am your story coach, so let me bring us back to your experiences.',
  'I will leave that one aside: my job is to help you tell your own stories.',
];
/** Leads to a list of themes, after a "no" before any story. */
export const DECLINE_BEFORE_STORY_LEADS = ['No problem — stories often start small. You could pick', "That's fine. Some ideas that often work:"];
/** Leads to another question after a "no" in the middle of a story. */
export const DECLINE_LEADS = ['That is fine — we can leave that part.', "No problem, let's look at it from another angle.", "Fair enough, let's move on."];
/** Leads to an opening question when the first words tell nothing. */
export const OPENING_LEADS = ['Great.', "Let's begin.", 'Good.'];
/** Leads to the same question in other words after a few words that tell nothing. */
export const THIN_ANSWER_LEADS = ['Take your time — a rough answer is fine.', 'Even a few words help.'];
/** Leads to a list of themes when the opening question got only short replies. */
export const STUCK_LEADS = ['No rush — here are a few ways in:', 'Let me make it easier. You could pick'];
/** Asked once every other opening and theme question was. */
export const LAST_THEMES_QUESTION = 'What is one small moment from this week that you could tell me about?';
/** Asked once every other opening and theme question was. */
export const LAST_OPENING_QUESTION = 'What would you like to talk about next?';

// ---- what is not an answer ------------------------------------------------------------------------

/** Leads to the question asked again, word for word, when the person asks for it. */
export const REPEAT_LEADS = ['Of course.', 'Sure — here it is again.', 'No problem, here is the question again.'];
/** Said when the person asks for a moment: no new question, no hurry. */
export const WAIT_REPLIES = [
  'Of course — take your time. I am here whenever you are ready.',
  'Take all the time you need; there is no rush.',
  'Sure, take a moment to think. Start whenever you are ready.',
];
/** Leads to the question asked again when the person says hello or that they are ready. */
export const READY_LEADS = ['Great, let’s begin.', 'Hello! Whenever you are ready.', 'Good to have you here.'];
/** Said when the person asks about the story question itself, before it is asked again. */
export const STORY_CLARIFY_LEADS = [
  'Any moment from your work or life works — big or small, a success or a setback.',
  'Whatever comes to mind first is a good place to start; we can shape it together.',
];
/** Said when the person checks that the coach hears them, before the question again. */
export const STORY_HEARING = 'I am here, and I can hear you.';
/** Said when the person ends a story conversation. */
export const STORY_GOODBYES = [
  'Thank you for sharing your stories today. Come back any time to tell me another one.',
  'Good talking with you — your stories are saved whenever you want to pick them up again.',
];

/** Openings of a sentence that asks, though it ends with a full stop ("Tell me about a time you…"). */
const ASKING =
  /^(?:tell me|describe|walk me through|talk me through|give me|share|think of|what|how|which|when|where|why|who|can you|could you|would you|did|do|does|was|were|is|are|have|has)\b/i;
/** Leads in front of a question ("First,", "Next:", "Now the next requirement."). */
const QUESTION_LEAD = /^(?:(?:first|next|now|then|so|and|finally|also)[,:]?\s+)+/i;

/** The question a coach's turn asked (its last sentence that asks), without leads; undefined when it asked none. */
export function questionOf(turn: string): string | undefined {
  const sentences = turn
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z“"])/)
    .map((sentence) => sentence.trim());
  for (const sentence of [...sentences].reverse()) {
    const bare = sentence.replace(QUESTION_LEAD, '');
    if (bare.endsWith('?') || ASKING.test(bare)) return bare.charAt(0).toUpperCase() + bare.slice(1);
  }
  return undefined;
}
