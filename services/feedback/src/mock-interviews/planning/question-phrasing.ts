/**
 * How the offline interviewer puts a question: behavioural patterns that keep a requirement's own
 * words, a résumé line quoted as written, and the warm-up about the role. Each pattern has two
 * wordings, taken in turn, so two questions of one kind do not read alike.
 */
import type { RequirementReading, RequirementShape } from './requirement-lines.ts';

/** Past tenses a "-ing" → "-ed" rule gets wrong. */
const IRREGULAR_PAST: Readonly<Record<string, string>> = {
  leading: 'led',
  building: 'built',
  writing: 'wrote',
  running: 'ran',
  driving: 'drove',
  making: 'made',
  selling: 'sold',
  teaching: 'taught',
  taking: 'took',
  giving: 'gave',
  bringing: 'brought',
  thinking: 'thought',
  speaking: 'spoke',
  setting: 'set',
  finding: 'found',
  keeping: 'kept',
  holding: 'held',
  meeting: 'met',
  understanding: 'understood',
  troubleshooting: 'troubleshot',
  winning: 'won',
  growing: 'grew',
  getting: 'got',
  being: 'were',
  having: 'had',
  doing: 'did',
  going: 'went',
  putting: 'put',
  cutting: 'cut',
  spending: 'spent',
  dealing: 'dealt',
  overseeing: 'oversaw',
  paying: 'paid',
  telling: 'told',
  standing: 'stood',
  breaking: 'broke',
  choosing: 'chose',
  shutting: 'shut',
  seeing: 'saw',
  buying: 'bought',
  feeding: 'fed',
  reading: 'read',
};

/** A gerund in the past tense: "managing" → "managed", "leading" → "led", "planning" → "planned". */
function pastOf(gerund: string): string {
  const lower = gerund.toLowerCase();
  const irregular = IRREGULAR_PAST[lower];
  if (irregular) return irregular;
  const root = lower.slice(0, -3);
  if (/[^aeiou]y$/.test(root)) return `${root.slice(0, -1)}ied`;
  if (root.endsWith('e')) return `${root}d`;
  return `${root}ed`;
}

/** "leading and mentoring engineers" → "led and mentored engineers": the first verb and any joined to it. */
export function inPastTense(activity: string): string {
  const words = activity.split(' ');
  const converted: boolean[] = [];
  return words
    .map((word, index) => {
      const before = words[index - 1] ?? '';
      // "designing and running": a verb joined to the one before; "budgeting and forecasting" after a noun is no verb.
      const joined =
        index === 0 || (/^(?:and|or|&)$/i.test(before) && converted[index - 2] === true) || (before.endsWith(',') && converted[index - 1] === true);
      const verb = joined && /^\p{L}{3,}ing,?$/u.test(word);
      converted[index] = verb;
      if (!verb) return word;
      return word.endsWith(',') ? `${pastOf(word.slice(0, -1))},` : pastOf(word);
    })
    .join(' ');
}

/** Names the topic as it would follow "your" ("communication skills") or "being" ("detail-oriented"). */
function qualityPhrase(topic: string): string {
  if (/^(?:calm|flexible|comfortable|confident|organi[sz]ed|proactive|resilient|patient|adaptable|curious|reliable|punctual|positive)\b/i.test(topic))
    return `being ${topic}`;
  if (!/\bskills?$/i.test(topic) && /(?:-facing|-based|-savvy|ive|ful|ous|-first|-focused|-ready)$/i.test(topic)) return `being ${topic}`;
  if (
    /(?:-oriented|-minded|-driven|-motivated|organi[sz]ed|analytical|curious|patient|empathetic|flexible|adaptable|resilient|creative|proactive)$/i.test(topic)
  )
    return `being ${topic}`;
  if (/^(?:team player|self[- ]starter)/i.test(topic)) return `being a ${topic}`;
  // A kind of person ("natural communicator", "fast learner", "problem solver"): being one.
  if (/(?:[a-z]er|or|ist)$/i.test(topic) && !/^(?:an?|the)\b/i.test(topic)) return `being ${article(topic)} ${topic}`;
  return `your ${topic}`;
}

const article = (word: string) => (/^[aeiou]/i.test(word) && !/^(?:uni|use|eu|one)/i.test(word) ? 'an' : 'a');
/** "a current RN licence", "an MBA"; a topic that has its own article or is plural keeps as it is. */
const withArticle = (topic: string) =>
  /^(?:an?|the|any)\b/i.test(topic) || (/^\S+s\b/i.test(topic) && !/^\S+'s\b/.test(topic))
    ? topic
    : `${/^(?:MBA|MSc|MS|RN|LPN|NMC|HCPC)\b/.test(topic) ? 'an' : article(topic)} ${topic}`;

type Pattern = (topic: string) => string;

const PATTERNS: Record<Exclude<RequirementShape, 'condition'>, readonly [Pattern, Pattern]> = {
  activity: [
    (topic) => `Tell me about a time you ${inPastTense(topic)}. What was your part, and what came of it?`,
    (topic) => `Describe a situation where you ${inPastTense(topic)}. What did you do yourself, and how did it turn out?`,
  ],
  ability: [
    (topic) => `Tell me about a time you had to ${topic}. How did you go about it, and how did it turn out?`,
    (topic) => `Give me an example of when you needed to ${topic}. What did you do, and what was the result?`,
  ],
  quality: [
    (topic) => `Tell me about a time ${qualityPhrase(topic)} made the difference. What was at stake, and what did you do?`,
    (topic) => `Describe a moment when ${qualityPhrase(topic)} was put to the test. What happened, and what did you do?`,
  ],
  tool: [
    (topic) => `Tell me about a project where you used ${topic} in depth. What did you build, and what was hard about it?`,
    (topic) => `Walk me through the most demanding piece of work you have done with ${topic}. What was your part, and what came of it?`,
  ],
  field: [
    (topic) => `Tell me about your most demanding work in ${topic}. What did you do yourself, and what came of it?`,
    (topic) => `Describe a difficult situation you handled in ${topic}. What did you do, and how did it turn out?`,
  ],
  credential: [
    (topic) => `The role asks for ${withArticle(topic)}. What from it do you use most in your work, and where did it make a difference?`,
    (topic) => `The role asks for ${withArticle(topic)}. Tell me about a time it mattered in your work.`,
  ],
};

/** The question about a requirement, in the `turn`-th wording of its pattern (0 or 1). */
export function requirementQuestion(reading: RequirementReading, turn: number): string {
  const shape = reading.shape === 'condition' ? 'field' : reading.shape;
  const pattern = PATTERNS[shape][turn % 2] ?? PATTERNS[shape][0];
  return pattern(reading.topic);
}

/** The question about a résumé line: the line quoted, and the story behind it asked for. */
export function resumeQuestion(quote: string, company: string, hasFigure: boolean, turn: number): string {
  const where = company.trim() ? ` about your time at ${company.trim()}` : '';
  const ask = hasFigure
    ? 'Walk me through it: what did you do yourself, and how did you get to that figure?'
    : 'Walk me through it: what was your part, and what came of it?';
  return turn % 2 === 0 ? `You wrote '${quote}'${where}. ${ask}` : `On your résumé you wrote '${quote}'${where}. ${ask}`;
}

/** The warm-up: the person's background and why this role, at this company. */
export function roleQuestion(role: string, jobTitle: string, companyName: string): string {
  const at = companyName.trim() ? ` at ${companyName.trim()}` : '';
  if (role.trim().toLowerCase() !== jobTitle.trim().toLowerCase() || !jobTitle.trim())
    return `Walk me through your background, and why you want to be ${article(role)} ${role}${at}.`;
  return `Walk me through your background and what draws you to this ${role} role${at}.`;
}

/** A requirement's or résumé line's words as a question quotes them: shortened at a word, without closing stops. */
function quotedSource(text: string): string {
  const clean = text.replace(/^[\s\-–—•*]+/, '').replace(/[\s.;:,!]+$/u, '');
  if (clean.length <= 120) return clean;
  const cut = clean.slice(0, 120);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 60))}…`;
}

/**
 * A harder angle on a source already asked about, for when there is too little to ask about for the
 * count asked (one requirement, no résumé): what went wrong (`turn` 0), how the person would go
 * about it in this role (`turn` 1), the achievement that shows it best (`turn` 2). Each quotes the
 * source's words.
 */
export function deeperQuestion(source: { kind: string; text: string }, companyName: string, turn: number): string {
  const quoted = quotedSource(source.text);
  const here = companyName.trim() ? ` at ${companyName.trim()}` : ' here';
  const resume = [
    `About '${quoted}': what was the hardest moment of it, and what would you do differently today?`,
    `About '${quoted}': how would you do the same${here}, and what would you need to get there?`,
    `About '${quoted}': who else made it happen, and how did you work with them?`,
  ];
  const requirement = [
    `Thinking of "${quoted}": tell me about a time it did not go to plan. What went wrong, what did you do, and what would you do differently?`,
    `Thinking of "${quoted}": how would you go about it in your first three months${here}? Give an example from your own work that shows your approach.`,
    `Thinking of "${quoted}": which of your achievements shows it best, and why that one? Walk me through it.`,
  ];
  const angles = source.kind === 'resume' ? resume : requirement;
  return angles[turn % angles.length] ?? requirement[0]!;
}
