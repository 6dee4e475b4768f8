import type { ChatModel, ChatRequest } from '../chat-model.ts';
import { extractRequirements, type Requirement } from './interview-requirements.ts';
import { classify, feelingWord, firstNumber, hasNumber, isMeasurable, quotable, quoteFor, clauses, topicOf, words, type StoryElement } from './story-signals.ts';

/** The parts of a story the coach asks for, in the order it asks for them. */
// The goal (STAR's task) is asked together with the situation: on its own it rarely reads naturally.
type Slot = 'situation' | 'action' | 'personal' | 'result' | 'quantify' | 'learning';
const SLOT_ORDER: readonly Slot[] = ['situation', 'action', 'personal', 'result', 'quantify', 'learning'];

const QUESTIONS: Record<Slot, readonly string[]> = {
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

const OPENING_QUESTIONS = [
  'What is a moment from your work or life that you would like to tell me about?',
  'Think of a time you were proud of something you did at work: what was going on?',
  'Is there a recent challenge at work that stuck with you — what happened?',
  'Which experience would you like to capture today: a success, a setback, or a turning point?',
  'What is a story from your career that you find yourself telling friends?',
];

const HELP_QUESTIONS = [
  'Which of those brings a story to mind?',
  'Does one of those remind you of something that happened to you?',
  'Which of those would you like to start with?',
];

const THEMES = [
  'a time you disagreed with someone and worked it out',
  'a time something went wrong and you recovered',
  'a time you learned a new skill quickly',
  'a time you helped someone else grow',
  'a decision you made with incomplete information',
  'a time you went beyond what was asked of you',
  'a time you changed someone’s mind',
];

const THEME_PROMPTS = [(theme: string) => `Shall we try ${theme}?`, (theme: string) => `Could you tell me about ${theme}?`, (theme: string) => `What comes to mind for ${theme}?`];

const SUMMARY_OPENERS = ['Here is the story as I heard it.', 'Let me play that back to you.', 'That is a complete story — here it is in short.'];
const SUMMARY_CLOSERS = [
  (theme: string) => `Is there a part of this you would like to dig into further, or shall we move on to another story — maybe ${theme}?`,
  (theme: string) => `Would you like to sharpen any part of it, or tell me about ${theme} next?`,
  (theme: string) => `What would you like to explore next: more detail here, or ${theme}?`,
];

const INTERVIEW_FOLLOW_UPS: Record<'situation' | 'action' | 'result' | 'learning', readonly string[]> = {
  situation: ['Set the scene briefly: where were you, and what was at stake?', 'What was the context — the team, the project, the pressure?'],
  action: [
    'What exactly did you do yourself — which steps were yours?',
    'What was the key decision you made there, and why?',
    'How did you approach it, step by step?',
  ],
  result: [
    'What was the measurable outcome?',
    'How did it end, and how did you know it had worked?',
    'What changed because of what you did?',
  ],
  learning: ['What did you take from it that you would bring to this role?', 'What would you do differently if it happened in this new role?'],
};
const INTERVIEW_WRAP_UPS = [
  'Which of them would you like to practise again with a different example?',
  'Which answer felt weakest to you, so we can try it once more?',
  'Shall we go round again — which requirement would you like first?',
];

const GREETING = /^(?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening|day)|greetings|yo|hola|what's up|whats up)\b/i;
const DECLINE =
  /^(?:next|move on|let's move on|skip it|another one|no|nope|nah|not really|nothing|none|i don't know|i dont know|idk|not sure|i'm not sure|can't remember|cannot remember|i don't remember|i can't remember|skip|pass|rather not|i'd rather not|no idea|dunno)\b/i;
const HELP = /\b(?:what (?:should|can|do) i (?:talk|say|share|tell)|don't know what to (?:say|talk|share|tell)|dont know what to|give me (?:an idea|ideas|a topic|a prompt)|any ideas|where (?:do|should) i (?:start|begin)|help me (?:start|think|get started))\b/i;
const META = /\b(?:who are you|what are you|what can you do|how does this work|what is this|are you (?:a bot|human|an ai|real))\b/i;
const OFF_TOPIC =
  /\b(?:weather|joke|recipe|cook(?:ing)?|football|soccer|basketball|baseball|cricket|movie|film|song|lyrics|capital of|president of|bitcoin|crypto|stock price|horoscope|score|translate|poem|riddle|news|celebrity|lottery)\b/i;
const FIRST_PERSON = /\b(?:i|i'm|i've|i'd|i'll|my|me|mine|myself|we|we're|we've|our|us)\b/i;

/** FNV-1a: a small stable hash, so the same conversation always gets the same phrasing. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const normalize = (text: string): string => words(text).join(' ');

/** The item at `index` (wrapping), for lists known not to be empty. */
function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[((index % items.length) + items.length) % items.length];
  if (item === undefined) throw new Error('no items to choose from');
  return item;
}
const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

/** What the coach knows about one reply it is writing: the thread, and how to vary and not repeat. */
class Turnwriter {
  readonly asked: string[];

  constructor(
    readonly text: string,
    readonly history: readonly Turn[],
    readonly seed: number,
  ) {
    this.asked = history.filter((turn) => turn.role === 'assistant').map((turn) => normalize(turn.content));
  }

  /** True when this question (or one worded the same) was already asked in the thread. */
  wasAsked(question: string): boolean {
    const key = normalize(question);
    return key.length > 0 && this.asked.some((turn) => turn.includes(key));
  }

  /**
   * A phrasing chosen by the seed (so replies vary, yet are reproducible), avoiding one whose fixed
   * words the coach used in its last two turns.
   */
  pick(options: readonly string[], salt = 0): string {
    if (options.length === 0) throw new Error('no options to pick from');
    const recent = this.asked.slice(-2);
    for (let i = 0; i < options.length; i++) {
      const option = itemAt(options, this.seed + salt + i);
      const fragments = option.split(/“[^”]*”/).map(normalize).filter((fragment) => fragment.split(' ').length >= 3);
      if (!fragments.some((fragment) => recent.some((turn) => turn.includes(fragment)))) return option;
    }
    return itemAt(options, this.seed + salt);
  }

  /** The first question not asked yet, starting at a seeded position; undefined when all were. */
  fresh(questions: readonly string[], salt = 0): string | undefined {
    for (let i = 0; i < questions.length; i++) {
      const question = itemAt(questions, this.seed + salt + i);
      if (!this.wasAsked(question)) return question;
    }
    return undefined;
  }
}

function slotOfQuestion(content: string): Slot | undefined {
  const key = normalize(content);
  for (const slot of SLOT_ORDER) {
    if (QUESTIONS[slot].some((question) => key.includes(normalize(question)))) return slot;
  }
  return undefined;
}

const isSummary = (content: string) => SUMMARY_OPENERS.some((opener) => content.startsWith(opener));
const isDecline = (text: string) => DECLINE.test(text.trim()) && words(text).length <= 6;
const isSubstantive = (text: string) => words(text).length >= 5;

const isStoryElement = (element: StoryElement) => element !== 'people' && element !== 'feeling';

interface StoryState {
  /** User turns of the story being told now (after the last summary), the new text last. */
  userTurns: string[];
  elements: Set<StoryElement>;
  covered: Set<Slot>;
  numbers: boolean;
  /** The slot the coach asked about in its last turn, if any. */
  lastAskedSlot: Slot | undefined;
}

/** Reads the story being told now: what it has, and which questions the person already answered. */
function readStory(text: string, history: readonly Turn[]): StoryState {
  let start = 0;
  history.forEach((turn, index) => {
    if (turn.role === 'assistant' && isSummary(turn.content)) start = index + 1;
  });
  const segment: Turn[] = [...history.slice(start), { role: 'user', content: text }];
  const userTurns = segment.filter((turn) => turn.role === 'user').map((turn) => turn.content);
  const elements = new Set<StoryElement>();
  for (const turn of userTurns) for (const element of classify(turn)) elements.add(element);
  const covered = new Set<Slot>();
  const asks = new Map<Slot, number>();
  // An answer given right after a question counts for what was asked, even in words the patterns miss.
  let pending: Slot | undefined;
  for (const turn of segment) {
    if (turn.role === 'assistant') {
      pending = slotOfQuestion(turn.content);
      if (pending) asks.set(pending, (asks.get(pending) ?? 0) + 1);
      // Asked twice without an answer: let it go rather than nag.
      if (pending && (asks.get(pending) ?? 0) >= 2) covered.add(pending);
      continue;
    }
    // …unless the answer plainly told something else, which the patterns below pick up instead.
    const told = [...classify(turn.content)].some(isStoryElement);
    // (An answer to "what was the situation" that tells events is still the situation.)
    if (pending && ((isSubstantive(turn.content) && (!told || pending === 'situation')) || isDecline(turn.content))) covered.add(pending);
    pending = undefined;
  }
  const lastAssistant = [...history].reverse().find((turn) => turn.role === 'assistant');
  const numbers = userTurns.some(hasNumber);
  const measurable = userTurns.some((turn) => classify(turn).has('result') && isMeasurable(turn));
  if (elements.has('situation')) covered.add('situation');
  if (elements.has('action')) covered.add('action').add('personal');
  if (elements.has('result')) covered.add('result');
  // A figure is only worth asking for when the result is the kind that has one.
  if (numbers || !measurable) covered.add('quantify');
  if (elements.has('learning')) covered.add('learning');
  return { userTurns, elements, covered, numbers, lastAskedSlot: lastAssistant ? slotOfQuestion(lastAssistant.content) : undefined };
}

/** The slots still worth asking about, most important first. */
function missingSlots(story: StoryState): Slot[] {
  const { covered, elements } = story;
  return SLOT_ORDER.filter((slot) => {
    if (covered.has(slot)) return false;
    switch (slot) {
      case 'action':
        return !elements.has('teamAction');
      case 'personal':
        return elements.has('teamAction') && !covered.has('action');
      case 'quantify':
        return covered.has('result');
      default:
        return true;
    }
  });
}

/** A story has its spine when it has a situation, the person's actions, a result and a lesson. */
const isComplete = (story: StoryState) =>
  (['situation', 'result', 'learning'] as const).every((slot) => story.covered.has(slot)) && (story.covered.has('action') || story.covered.has('personal'));

/** One sentence that gives the person's own words back, chosen by what the new text added. */
function reflection(writer: Turnwriter, text: string): string | undefined {
  const found = classify(text);
  const number = firstNumber(text);
  if (found.has('result')) {
    const quote = quoteFor(text, 'result');
    if (quote && number && hasNumber(quote)) {
      return writer.pick([
        `“${quote}” — a figure like ${number} makes the result concrete.`,
        `${capitalize(number)} is exactly the kind of detail people remember: “${quote}”.`,
        `“${quote}” — that is a measurable outcome, and it shows.`,
      ]);
    }
    if (quote) return writer.pick([`“${quote}” — so that is how it landed.`, `So the outcome was “${quote}”.`, `“${quote}” — good, now I know where it ended up.`]);
  }
  const order: StoryElement[] = ['action', 'learning', 'teamAction', 'task', 'situation'];
  for (const element of order) {
    if (!found.has(element)) continue;
    const quote = quoteFor(text, element);
    if (!quote) continue;
    switch (element) {
      case 'action':
        return writer.pick([
          `You said “${quote}” — that is the part that shows what you bring.`,
          `“${quote}” — I like how concrete that is.`,
          `“${quote}” — that is a real step you took, not just something that happened to you.`,
        ]);
      case 'learning':
        return writer.pick([`“${quote}” — that is a real insight to carry forward.`, `“${quote}” — that kind of reflection is what makes a story yours.`]);
      case 'teamAction':
        return writer.pick([`“${quote}” — it sounds like a real team effort.`, `“${quote}” — so the team moved on it together.`]);
      case 'task':
        return writer.pick([`“${quote}” — so that was what was at stake.`, `Got it: “${quote}”.`]);
      default:
        return writer.pick([`So the scene is: “${quote}”.`, `“${quote}” — that sets the scene well.`, `Thanks, that gives me the picture: “${quote}”.`]);
    }
  }
  const first = clauses(text)[0];
  const quote = first ? quotable(first) : '';
  if (words(quote).length >= 3) return writer.pick([`“${quote}” — thank you for telling me that.`, `I hear you: “${quote}”.`]);
  return undefined;
}

function feelingLine(writer: Turnwriter, text: string): string | undefined {
  const feeling = feelingWord(text);
  if (!feeling) return undefined;
  return writer.pick([`It sounds like you felt ${feeling}.`, `Feeling ${feeling} in a moment like that makes sense.`], 1);
}

/** The next question about the story being told, or undefined when every useful one was asked. */
function nextStoryQuestion(writer: Turnwriter, story: StoryState): string | undefined {
  for (const slot of missingSlots(story)) {
    // When the last question got a thin answer, ask the same thing in other words.
    const question = writer.fresh(QUESTIONS[slot], SLOT_ORDER.indexOf(slot));
    if (question) return question;
  }
  return undefined;
}

function summary(writer: Turnwriter, story: StoryState): string {
  const quoteOf = (element: StoryElement) => {
    for (const turn of story.userTurns) {
      const quote = quoteFor(turn, element, 9);
      if (quote) return quote;
    }
    return undefined;
  };
  const parts: string[] = [];
  const situation = quoteOf('situation');
  const task = quoteOf('task');
  const action = quoteOf('action') ?? quoteOf('teamAction');
  const result = quoteOf('result');
  const learning = quoteOf('learning');
  if (situation) parts.push(`It started with “${situation}”.`);
  if (task) parts.push(`The goal: “${task}”.`);
  if (action) parts.push(`What you did: “${action}”.`);
  if (result) parts.push(`The result: “${result}”.`);
  if (learning) parts.push(`And what you took from it: “${learning}”.`);
  if (parts.length === 0) parts.push('You have walked me through what happened, step by step.');
  const usedThemes = new Set(writer.asked);
  const theme =
    THEMES.map((_, i) => itemAt(THEMES, writer.seed + i)).find((candidate) => ![...usedThemes].some((turn) => turn.includes(normalize(candidate)))) ??
    writer.pick(THEMES);
  const closers = SUMMARY_CLOSERS.map((closer) => closer(theme));
  const closer =
    writer.fresh(closers) ??
    writer.fresh(THEMES.flatMap((other) => SUMMARY_CLOSERS.map((closerFor) => closerFor(other)))) ??
    'Which part of your career shall we look at next, now that this story is told?';
  return `${writer.pick(SUMMARY_OPENERS)} ${parts.join(' ')} ${closer}`;
}

/** Three story themes not offered yet, and a question to pick one. */
function themesReply(writer: Turnwriter, lead: string): string {
  const offered = THEMES.filter((theme) => !writer.asked.some((turn) => turn.includes(normalize(theme))));
  const pool = offered.length >= 3 ? offered : THEMES.map((_, i) => itemAt(THEMES, writer.seed + i));
  const [a, b, c] = pool;
  const question =
    writer.fresh(HELP_QUESTIONS) ??
    writer.fresh(OPENING_QUESTIONS) ??
    writer.fresh(THEME_PROMPTS.flatMap((prompt) => THEMES.map(prompt))) ??
    'What is one small moment from this week that you could tell me about?';
  return `${lead} ${a}, ${b}, or ${c}. ${question}`;
}

/** The acknowledgement of a story's first words. */
function storyOpening(writer: Turnwriter, text: string): string | undefined {
  const first = topicOf(text) ?? clauses(text)[0];
  const quote = first ? quotable(first, 9) : '';
  if (words(quote).length < 3) return reflection(writer, text);
  return writer.pick([`“${quote}” — good, let's capture that one.`, `“${quote}” — that sounds like a story worth telling.`, `“${quote}” — I would love to hear more.`]);
}

function openingReply(writer: Turnwriter, lead: string): string {
  const question =
    writer.fresh(OPENING_QUESTIONS) ??
    writer.fresh(THEME_PROMPTS.flatMap((prompt) => THEMES.map(prompt))) ??
    'What would you like to talk about next?';
  return `${lead} ${question}`;
}

function coachReply(writer: Turnwriter): string {
  const { text, history } = writer;
  const story = readStory(text, history);
  const found = classify(text);
  const hasSignals = [...found].some(isStoryElement);
  // A story is under way once earlier turns of this segment told part of one.
  const storyStarted = story.userTurns.slice(0, -1).some((turn) => [...classify(turn)].some(isStoryElement));
  const firstTurn = !history.some((turn) => turn.role === 'user');

  if (META.test(text) && !hasSignals) {
    const lead =
      'I am your story coach: I ask one question at a time to help you tell your experiences clearly — what happened, what you did, how it turned out and what you learned.';
    const question = storyStarted ? nextStoryQuestion(writer, story) : undefined;
    return question ? `${lead} ${question}` : openingReply(writer, lead);
  }
  if (HELP.test(text)) return themesReply(writer, writer.pick(['Here are a few places to start:', 'A few ideas to get going:']));
  if (GREETING.test(text) && words(text).length <= 6 && !hasSignals) {
    if (firstTurn) {
      return openingReply(writer, `${writer.pick(['Hello!', 'Hi, good to meet you!', 'Hello, and welcome!'])} I am here to help you tell your career and life stories, one question at a time.`);
    }
    const question = storyStarted ? nextStoryQuestion(writer, story) : undefined;
    return question ? `Welcome back! Let's pick up where we left off. ${question}` : openingReply(writer, 'Welcome back!');
  }
  const offTopic = FIRST_PERSON.test(text) ? OFF_TOPIC.test(text) && !hasSignals : OFF_TOPIC.test(text) || (!hasSignals && text.trim().endsWith('?'));
  if (offTopic) {
    const lead = writer.pick([
      'That is outside what I can help with here — I am your story coach, so let me bring us back to your experiences.',
      'I will leave that one aside: my job is to help you tell your own stories.',
    ]);
    const question = storyStarted ? nextStoryQuestion(writer, story) : undefined;
    return question ? `${lead} ${question}` : openingReply(writer, lead);
  }
  if (isDecline(text) && !hasSignals) {
    if (!storyStarted) return themesReply(writer, writer.pick(['No problem — stories often start small. You could pick', "That's fine. Some ideas that often work:"]));
    if (isComplete(story)) return summary(writer, story);
    const question = nextStoryQuestion(writer, story);
    if (!question) return summary(writer, story);
    const lead = writer.pick(['That is fine — we can leave that part.', "No problem, let's look at it from another angle.", "Fair enough, let's move on."]);
    return `${lead} ${question}`;
  }
  if (words(text).length <= 3 && !hasSignals) {
    if (!storyStarted) return openingReply(writer, writer.pick(['Great.', "Let's begin.", 'Good.']));
    const question = nextStoryQuestion(writer, story);
    if (!question) return summary(writer, story);
    return `${writer.pick(['Take your time — a rough answer is fine.', 'Even a few words help.'])} ${question}`;
  }

  if (isComplete(story)) return summary(writer, story);
  const question = nextStoryQuestion(writer, story);
  if (!question) return summary(writer, story);
  const telling = (['result', 'action', 'learning'] as const).some((element) => found.has(element));
  const lead = storyStarted || telling ? reflection(writer, text) : storyOpening(writer, text);
  const lines = [lead, found.has('feeling') ? feelingLine(writer, text) : undefined].filter((line): line is string => Boolean(line));
  if (lines.length === 0) lines.push(writer.pick(['Thank you for sharing that.', 'I appreciate you telling me this.']));
  return `${lines.join(' ')} ${question}`;
}

// ---- interview practice ------------------------------------------------------------------------------

/** How often each requirement has been asked about, and which one the conversation is on now. */
function readInterview(writer: Turnwriter, requirements: readonly Requirement[]) {
  const counts = requirements.map((requirement) => writer.asked.filter((turn) => turn.includes(normalize(requirement.core))).length);
  let current: number | undefined;
  let askedAt = -1;
  writer.history.forEach((turn, index) => {
    if (turn.role !== 'assistant') return;
    const key = normalize(turn.content);
    // The last requirement named in a turn is the one its question is about (intros list them all first).
    let last: number | undefined;
    let lastPos = -1;
    requirements.forEach((requirement, i) => {
      const pos = key.lastIndexOf(normalize(requirement.core));
      if (pos > lastPos) {
        lastPos = pos;
        last = i;
      }
    });
    if (last !== undefined) {
      current = last;
      askedAt = index;
    }
  });
  const since = askedAt >= 0 ? writer.history.slice(askedAt + 1) : [];
  const answers = [...since.filter((turn) => turn.role === 'user').map((turn) => turn.content), writer.text];
  const followUpQuestions = Object.values(INTERVIEW_FOLLOW_UPS).flat();
  const followUps = since.filter((turn) => turn.role === 'assistant' && followUpQuestions.some((q) => normalize(turn.content).includes(normalize(q)))).length;
  return { counts, current, answers, followUps };
}

const ORDINALS: Record<string, number> = { first: 0, '1': 0, one: 0, second: 1, '2': 1, two: 1, third: 2, '3': 2, three: 2, fourth: 3, '4': 3, four: 3, fifth: 4, '5': 4 };

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
  if (said.includes('last')) return requirements.length - 1;
  for (const word of said) {
    const index = ORDINALS[word];
    if (index !== undefined && index < requirements.length) return index;
  }
  return counts.indexOf(Math.min(...counts));
}

function listLabels(requirements: readonly Requirement[]): string {
  const labels = requirements.slice(0, 4).map((requirement) => `“${requirement.label}”`);
  const more = requirements.length > 4 ? `, and ${requirements.length - 4} more` : '';
  return `${labels.join('; ')}${more}`;
}

function interviewReply(writer: Turnwriter, requirements: readonly Requirement[]): string {
  const { text } = writer;
  const state = readInterview(writer, requirements);
  const lowerFirst = (question: string) => question.charAt(0).toLowerCase() + question.slice(1);

  const lastAssistant = [...writer.history].reverse().find((turn) => turn.role === 'assistant');
  if (lastAssistant && INTERVIEW_WRAP_UPS.some((question) => normalize(lastAssistant.content).includes(normalize(question)))) {
    const chosen = chosenRequirement(text, requirements, state.counts);
    const again = itemAt(requirements, chosen);
    if (!writer.wasAsked(again.again)) return `${writer.pick(['Good choice.', "Let's do it.", 'Great.'])} ${again.again}`;
  }

  if (state.current === undefined) {
    const first = itemAt(requirements, 0);
    const lead = writer.pick(["Let's practise for this role.", "Good, let's get you ready for this interview.", "Let's do a practice interview."]);
    return `${lead} I will ask about the requirements you selected, one at a time: ${listLabels(requirements)}. First, ${lowerFirst(first.question)}`;
  }

  const current = itemAt(requirements, state.current);
  const answer = state.answers.join(' ');
  const found = classify(answer);
  const declined = isDecline(text) && !classify(text).size;
  const thin = words(text).length <= 3 && !declined;

  if (thin && state.answers.length <= 2) {
    const followUp = writer.fresh([
      'What is one example that comes to mind, even a small one?',
      'Think of any project or job — when did something like that come up?',
      'It can be from work, study or volunteering: when have you done something close to this?',
    ]);
    if (followUp) return `${writer.pick(['Take your time.', 'Whenever you are ready.'])} ${followUp}`;
  }

  if (!declined && state.followUps < 2) {
    const missing = (['action', 'result', 'situation'] as const).find((slot) =>
      // An answer with actions and a result is enough; the scene is only asked for when it is very short.
      slot === 'action' ? !found.has('action') && !found.has('teamAction') : slot === 'result' ? !found.has('result') : !found.has('situation') && words(answer).length < 12,
    );
    if (missing && words(answer).length >= 4) {
      const followUp = writer.fresh(INTERVIEW_FOLLOW_UPS[missing], state.followUps);
      if (followUp) {
        const lead = reflection(writer, text) ?? writer.pick(['Good start.', 'Thanks, that helps.']);
        return `${lead} ${followUp}`;
      }
    }
  }

  const quote = isSubstantive(text) ? (quoteFor(text, 'result') ?? quoteFor(text, 'action') ?? quotable(clauses(text)[0] ?? '')) : '';
  const praise =
    declined || words(quote).length < 2
      ? writer.pick(["That is fine — let's try another requirement.", 'No problem, we can come back to that one.'])
      : writer.pick([`Thank you — “${quote}” is a solid example for “${current.label}”.`, `“${quote}” — that answers “${current.label}” well.`, `Good: “${quote}” gives an interviewer something concrete.`]);

  const nextIndex = state.counts.findIndex((count) => count === 0);
  if (nextIndex >= 0) {
    const next = itemAt(requirements, nextIndex);
    return `${praise} ${writer.pick(['Next:', "Let's move on.", 'Now the next requirement.'])} ${next.question}`;
  }

  // Every requirement asked once: offer another round, then ask again with "another time" questions.
  const wrappedUp = INTERVIEW_WRAP_UPS.some((question) => writer.wasAsked(question));
  const wrapUp = writer.fresh(INTERVIEW_WRAP_UPS);
  if (!wrappedUp && wrapUp) return `${praise} That covers every requirement you selected: ${listLabels(requirements)}. ${wrapUp}`;
  // Least practised first, not the one just answered; the first question of theirs not asked yet.
  const order = requirements.map((_, i) => i).sort((a, b) => (state.counts[a] ?? 0) - (state.counts[b] ?? 0) || a - b);
  const rotation = [...order.filter((i) => i !== state.current), state.current];
  for (const index of rotation) {
    const question = practiceQuestions(itemAt(requirements, index)).find((candidate) => !writer.wasAsked(candidate));
    if (question) return `${praise} ${question}`;
  }
  const fallback =
    writer.fresh([
      'Which requirement would you like to practise next?',
      'Is there a requirement you feel least ready for?',
      'Which of your answers would you like to make stronger?',
      'What else from your experience fits this role that we have not covered yet?',
    ]) ??
    (quote
      ? writer.fresh([`What else about “${quote}” would you want the interviewer to hear?`, `What is one more detail about “${quote}” that would impress an interviewer?`])
      : undefined);
  // Every interview question is spent: carry on as the story coach on what they just told.
  return fallback ? `${praise} ${fallback}` : coachReply(writer);
}

/** Questions for practising a requirement again, in the order they are asked. */
function practiceQuestions(requirement: Requirement): string[] {
  const { core } = requirement;
  return [
    requirement.again,
    `Tell me about one more time you ${core}.`,
    `What is your strongest example of a time you ${core}?`,
    `Describe a time it was hard for you when you ${core} — what happened?`,
    `What did you learn the last time you ${core}?`,
  ];
}

/**
 * The offline coach: a deterministic, STAR-guided interviewer. It reads what the person has told
 * across the thread, reflects a short phrase of their own words back, asks for the most important
 * missing part (never a question it already asked in the thread), and summarises a finished story.
 * With interview context it asks behavioural questions built from the selected requirements.
 */
export class OfflineCoachModel implements ChatModel {
  readonly name = 'offline-coach';

  async reply(request: ChatRequest): Promise<string> {
    return coachTurn(request);
  }
}

/** The offline coach's reply, synchronously (the model wraps it). */
export function coachTurn(request: ChatRequest): string {
  const text = request.text.trim();
  const history: Turn[] = request.history.filter((turn) => turn.content.trim().length > 0).map((turn) => ({ role: turn.role, content: turn.content.trim() }));
  const writer = new Turnwriter(text, history, hash(`${text}|${history.length}|${request.context ?? ''}`));
  const requirements = request.context ? extractRequirements(request.context) : [];
  const reply = requirements.length > 0 ? interviewReply(writer, requirements) : coachReply(writer);
  return reply.replace(/\s+/g, ' ').trim();
}
