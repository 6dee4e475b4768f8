/**
 * Reads a person's own words for the parts of a STAR story (situation, task, action, result) plus
 * what they learned, how they felt and who was involved. Plain patterns, no model: deterministic,
 * fast (well under a millisecond per turn) and easy to pin in tests.
 */

import { admitsNotHaving } from './admissions.ts';
import { expressesFeeling } from './story-feelings.ts';
import { hasNumber, statesMeasuredResult, withoutSettingChanges } from './story-figures.ts';

export type StoryElement = 'situation' | 'task' | 'action' | 'teamAction' | 'result' | 'learning' | 'feeling' | 'people';

const ADVERB = String.raw`(?:(?:then|also|first|finally|personally|quickly|eventually|immediately|just|even|actually|basically|really|initially|later|soon|ultimately|carefully|gradually|still)\s+)?`;
// prettier-ignore
const NOT_ACTIONS = new Set([
  'needed', 'wanted', 'liked', 'loved', 'hated', 'felt', 'learned', 'learnt', 'realised', 'realized', 'noticed', 'worked', 'used', 'joined',
  'started', 'believed', 'hoped', 'expected', 'assumed', 'wondered', 'was', 'were', 'had', 'supposed', 'enjoyed', 'preferred', 'seemed', 'appeared',
  'struggled', 'failed', 'panicked', 'worried', 'tired', 'moved', 'lived', 'burned', 'stressed', 'exhausted', 'overwhelmed', 'frustrated', 'suffered',
  'crashed', 'collapsed', 'cried', 'froze', 'stayed',
]);
// prettier-ignore
const IRREGULAR_ACTIONS = [
  'built', 'led', 'made', 'wrote', 'rewrote', 'took', 'ran', 'set', 'spoke', 'told', 'went', 'began', 'drove', 'chose', 'sent', 'brought', 'taught',
  'found', 'gave', 'got', 'kept', 'held', 'met', 'paid', 'put', 'sold', 'thought', 'did', 'broke', 'caught', 'fought', 'sought', 'won', 'dug', 'cut',
  'shut', 'split', 'spent', 'stood', 'sat', 'read', 'rebuilt', 'overcame', 'undertook', 'withdrew', 'hung', 'let', 'knew', 'came', 'saw', 'fixed',
  'took over', 'stepped up',
];

const PATTERN_ELEMENTS = ['situation', 'task', 'result', 'learning', 'people'] as const;

/** Verbs of an outcome, whoever did it ("I reduced the build time", "sign-ups increased"). */
const OUTCOME_VERBS =
  /\b(?:reduced|increased|improved|saved|doubled|tripled|halved|grew(?!\s+up\b)|boosted|lowered|decreased|won|achieved|succeeded|exceeded|became|landed)\b/i;
/**
 * Verbs of doing that tell an outcome only when someone or something else did them, or they were
 * done to it: "I fixed the flaky tests" is a step, "that fixed the leak", "the outage was resolved",
 * "the team adopted it" and "she agreed" are how it turned out.
 */
const DONE_VERBS =
  /\b(?:cut|raised|shipped|launched|delivered|completed|finished|released|fixed|resolved|solved|passed|signed(?: off)?|promoted|praised|recognised|recognized|adopted|thanked|came back|agreed|approved|accepted|bought in|went ahead|started (?:using|selling|buying|to use|to sell)|kept using|renewed|stayed)\b/gi;
/** Said after a step, these make it an outcome even when the person did it ("we shipped on time"). */
const OUTCOME_QUALIFIER =
  /\b(?:on time|on schedule|ahead of (?:schedule|time|the deadline)|early|under budget|on budget|in time|for good|without (?:a hitch|any issues|issues|downtime|incident))\b/i;
/** Words a list of steps may put between its subject and a verb. */
const STEP_ADVERBS = new Set(
  'then also first finally personally quickly eventually immediately just even actually basically really initially later soon ultimately carefully gradually still together successfully jointly'.split(
    ' ',
  ),
);
/** Whoever did a step, read back from the verb: the person ("I", "we"), or someone or something else. */
const SUBJECT_PRONOUNS = new Set(['i', 'we', 'it', 'this', 'that', 'which', 'they', 'he', 'she', 'who']);
const CLAUSE_JOINS = new Set(['and', 'or', 'then', 'but', 'so', ',']);

/** True when the verb that starts at `at` was done by the person ("I fixed", "I rolled back…, raised the pool size"). */
function doneByThePerson(text: string, at: number): boolean {
  const sentence =
    text
      .slice(0, at)
      .split(/[.!?;:]\s|\s[-–—]\s/)
      .at(-1) ?? '';
  const before = (sentence.toLowerCase().match(/[a-z']+|,/g) ?? []).filter((word) => !STEP_ADVERBS.has(word));
  const previous = before.at(-1);
  if (previous === undefined) return true;
  if (previous === 'i' || previous === 'we') return true;
  // "was resolved", "got promoted", "has been fixed": done to it.
  if (['was', 'were', 'is', 'are', 'be', 'been', 'being', 'got', 'get', 'gets'].includes(previous)) return false;
  if (!CLAUSE_JOINS.has(previous)) return false;
  // One of a list of steps: whoever the list is about ("I rolled back the deploy, found…, raised the pool size").
  for (let i = before.length - 2; i >= 0; i--) {
    const word = before[i] ?? '';
    if (!SUBJECT_PRONOUNS.has(word)) continue;
    // "found that the pool…": a "that" after a verb joins a clause, it is not who did the step.
    if (word === 'that' && i > 0 && !CLAUSE_JOINS.has(before[i - 1] ?? '')) continue;
    return word === 'i' || word === 'we';
  }
  return true;
}

/** True when the text tells how it turned out with a verb: an outcome verb, or a step someone else took or that was done to it. */
function tellsResult(said: string): boolean {
  // A setting changed ("raised the pool size") is a step; an outcome elsewhere in the text still counts.
  const text = withoutSettingChanges(said);
  if (OUTCOME_VERBS.test(text)) return true;
  for (const match of text.matchAll(DONE_VERBS)) {
    const at = match.index ?? 0;
    if (!doneByThePerson(text, at)) return true;
    const rest = text.slice(at).split(/[.!?;]\s|,\s/)[0] ?? '';
    if (OUTCOME_QUALIFIER.test(rest)) return true;
  }
  return false;
}
/** Something that went wrong ("the launch failed", "we lost the client"): the scene the person acted in, never the outcome. */
const SETBACK =
  /\b(?:failed|didn't work|did not work|fell through|was cancell?ed|got cancell?ed|we lost|i lost|they lost|missed the deadline|stopped working|broke down|(?:cut|slashed|pulled|froze) (?:the|our|their|its) (?:budget|funding|headcount|team)|laid (?:\w+ )?off|went over budget|(?:was|were|got) delayed|(?:site|server|service|system|app|network|database|line|website) went down|crashed|ran out of)\b/i;
/**
 * What a look at the problem found ("I found that the pool was exhausted", "the test showed it slowed
 * down", "the cause was a loose guide"): a step of the work, never how it turned out.
 */
const FINDING =
  /\b(?:found (?:out )?(?:that|the|it|they|out|we|our|a|an)|(?:showed|revealed|proved|confirmed) (?:me |us )?(?:that|the|it|they|we|her|his|a|an|most|there)|turned out (?:that|the|it|they|there|to be (?!a success|the right))|(?:the|that|this|its) (?:root )?(?:cause|problem|issue|diagnosis|bug|fault|culprit) was|came from|was caused by|were caused by)\b/i;
/** Words that say the outcome outright, whatever else the clause tells ("as a result", "in the end"). */
const OUTRIGHT_RESULT =
  /\b(?:the result|the outcome|in the end|as a result|ended up|which meant|this meant|that meant|paid off|it worked|resulting in|which led to|that led to|this led to|leading to)\b/i;

/** True when the text tells what a look at the problem found: a step, not an outcome. */
export const tellsFinding = (text: string): boolean => FINDING.test(text);
/** True when the text tells something that went wrong: the scene, not an outcome. */
export const tellsSetback = (text: string): boolean => SETBACK.test(text);
/** True when the text names the outcome outright ("as a result", "in the end"). */
export const namesOutcome = (text: string): boolean => OUTRIGHT_RESULT.test(text);

const PATTERNS: Record<(typeof PATTERN_ELEMENTS)[number], RegExp[]> = {
  situation: [
    /\b(?:when|while|after|before) (?:i|we) (?:was|were|worked|joined|started|moved|had)\b/i,
    /\b(?:at|in|on) (?:my|our|the|a|an) (?:previous |last |first |old |current |new |former |small |big |large )?(?:job|company|team|role|startup|start-up|school|university|college|internship|position|department|organisation|organization|firm|agency|hospital|store|shop|restaurant|bank|project|office|client|charity|warehouse|lab)\b/i,
    /\b(?:i was|i worked|i've been|i have been|i used to|i joined|i started) (?:working|work|employed|a|an|the|at|in|on|as|for|with)\b/i,
    /\b(?:back in|in|during) (?:19|20)\d\d\b/i,
    /\b(?:years? ago|months? ago|last (?:year|summer|winter|spring|autumn|fall|month|quarter)|at the time|at that time|back then|a while ago)\b/i,
    /\b(?:the company|our company|the team|our team|the project|our project|the client|the situation|the context|the problem was|the issue was|there was|there were|we had a|we were using)\b/i,
    /\b(?:we were|it was|they were|the team was|the company was) (?:struggling|facing|dealing|running|using|stuck|losing|behind|growing|migrating|moving|short|understaffed|under pressure|about to)\b/i,
    /\bworking (?:at|for|on|as)\b/i,
    /\bi (?:work|am working|'m working) (?:in|at|for|as|on)\b/i,
    // A setback is part of the scene the person acted in, not how it turned out (issue 38, 3).
    SETBACK,
    /\b(?:i|we) (?:was|were) \w+ing (?:at|for|in|on|with|as)\b/i,
  ],
  task: [
    /\b(?:my|our|the) (?:goal|task|job was|role was|responsibility|mission|objective|aim|brief|assignment|challenge|mandate)\b/i,
    /\b(?:my|our|the) (?:deadline|target) (?:was|is|of)\b/i,
    /\b(?:i|we) (?:needed|had|wanted|was asked|were asked|was supposed|were supposed|was tasked|were tasked|set out|got asked) to\b/i,
    /\b(?:asked me to|asks? me to|tasked me|put me in charge|in charge of|responsible for|my job was|it was up to me|it was on me|it fell to me)\b/i,
    /\b(?:a|an|the|our|my) (?:hard |tight |fixed )?(?:deadline|target|budget) (?:of|was|for)\b/i,
  ],
  // Outcome language, whoever speaks; verbs of doing that can also tell an outcome are read by `tellsResult`.
  result: [
    /\b(?:the result|the outcome|in the end|as a result|ended up|turned out (?:well|fine|great|to be (?:a|the) (?:success|hit|win|right call))|which meant|this meant|that meant|the impact|it worked|paid off|we managed to|i managed to|so that|which led to|that led to|this led to|leading to|resulting in|went live|went on to)\b/i,
    /\b(?:was (?:happy|pleased|delighted)|were (?:happy|pleased|delighted)|worked out|got better|calmed down|turned around|got promoted)\b/i,
    /\bpassed (?:the |my |an |a |our |their )?(?:[\w-]+ )?(?:exam|test|audit|review|inspection|certification|assessment|probation)\b/i,
    /\b(?:hit|met|beat|reached|smashed|made) (?:our|the|my|their|its|every|each) (?:[\w-]+ ){0,2}(?:target|targets|goal|goals|deadline|quota|numbers|kpis?|okrs?|sla|budget)\b/i,
  ],
  learning: [
    /\b(?:i|we) (?:learned|learnt|realised|realized|discovered|understood|figured out) (?:that|how|to|the|a|what|why)\b/i,
    /\b(?:now|today|these days|ever since|since then),? (?:i|we) (?:always|never|make sure|try to|first)\b/i,
    /\b(?:lesson|taught me|takeaway|take-away|in hindsight|looking back|next time|i would do|i'd do|differently|since then|from then on|changed how i|changed the way i|what i took away|made me realise|made me realize|i now know|i now always)\b/i,
  ],
  people: [
    /\b(?:my|our|the|a|his|her|their) (?:manager|boss|team|teammates?|colleagues?|coworkers?|co-workers?|director|ceo|cto|cfo|lead|stakeholders?|clients?|customers?|users?|mentor|mentee|interns?|engineers?|developers?|designers?|partners?|vendors?|suppliers?|students?|teacher|professor|patients?|nurses?|doctors?|staff|employees?|reports|peers?|founders?|investors?|product owner|product manager|sales team|support team)\b/i,
    /\b(?:he|she|they) (?:said|told|asked|wanted|was|were|didn't|disagreed|agreed|pushed|refused|helped|thanked)\b/i,
    /\bwith (?:him|her|them)\b/i,
  ],
};

const ACTION_PATTERN = new RegExp(
  String.raw`\bi\s+${ADVERB}(?:(${IRREGULAR_ACTIONS.map((w) => w.replace(' ', String.raw`\s+`)).join('|')})|([a-z]{3,}ed))\b`,
  'gi',
);
const ACTION_PHRASES =
  /\b(?:i (?:started|began) (?:\w+ing|to)\b|what i did was|the first thing i did|my approach was|i decided to|i started by|i began by|i made sure|i took (?:the )?(?:lead|ownership|charge)|i reached out|i set up|i pushed for|i proposed|i suggested|i volunteered|i stayed (?:late|behind|on the (?:call|phone|line)|with (?:her|him|them))|i (?:started|founded|launched) (?:a|an|our|my) (?!job|role|position|career|internship|degree|course|first|new job))\b/i;
const TEAM_ACTION_PATTERN = new RegExp(
  String.raw`\b(?:we|(?:our|the|my) (?:team|group|squad|department))\s+${ADVERB}(?:(${IRREGULAR_ACTIONS.map((w) => w.replace(' ', String.raw`\s+`)).join('|')})|([a-z]{3,}ed))\b`,
  'gi',
);
/** A clause that starts with a step taken and no subject of its own ("grouped the SKUs…", "then built a dashboard"). */
const LEADING_ACTION = new RegExp(
  String.raw`^(?:(?:and|then|also|so|but)\s+)*${ADVERB}(?:(${IRREGULAR_ACTIONS.map((w) => w.replace(' ', String.raw`\s+`)).join('|')})|([a-z]{3,}ed))\b`,
  'i',
);
/** "I want to talk about the time I organised…": a topic, not yet an account of what was done. */
const TOPIC_INTRO = /\b(?:(?:want|like|going|wanted) to (?:talk|tell|share|speak)|(?:tell|talk to) you about|(?:a|the) time (?:when )?(?:i|we)\b)/i;

function matchesAction(text: string, pattern: RegExp): boolean {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const regular = match[2]?.toLowerCase();
    if (match[1] || (regular && !NOT_ACTIONS.has(regular))) return true;
  }
  return false;
}

// A reply classifies the same turns and clauses several times; remembering recent answers halves
// the coach's work per turn. Bounded, and the sets are never handed out for mutation.
const classified = new Map<string, ReadonlySet<StoryElement>>();
const CLASSIFY_CACHE_LIMIT = 2000;

/** The story elements a piece of text speaks to. */
export function classify(text: string): ReadonlySet<StoryElement> {
  const known = classified.get(text);
  if (known) return known;
  const found = classifyUncached(text);
  if (classified.size >= CLASSIFY_CACHE_LIMIT) classified.clear();
  classified.set(text, found);
  return found;
}

function classifyUncached(text: string): Set<StoryElement> {
  const found = new Set<StoryElement>();
  // "I have not improved processes with data myself" tells no part of a story: not what was done, not how it ended (issue 38, 4).
  if (admitsNotHaving(text)) return found;
  for (const element of PATTERN_ELEMENTS) {
    if (PATTERNS[element].some((pattern) => pattern.test(text))) found.add(element);
  }
  if (tellsResult(text)) found.add('result');
  // A figure is a result only as an outcome or a change: "a team of 200 people" sizes the situation.
  if (statesMeasuredResult(text)) found.add('result');
  // What was found, and what went wrong, are not how it turned out unless the words say so.
  if ((FINDING.test(text) || SETBACK.test(text)) && !OUTRIGHT_RESULT.test(text) && !statesMeasuredResult(text)) found.delete('result');
  if (expressesFeeling(text)) found.add('feeling');
  if (TOPIC_INTRO.test(text)) return found;
  if (matchesAction(text, ACTION_PATTERN) || ACTION_PHRASES.test(text)) found.add('action');
  if (matchesAction(text, TEAM_ACTION_PATTERN)) found.add('teamAction');
  return found;
}

/**
 * True when a clause without a subject starts with a step taken ("grouped the SKUs near the benches"):
 * it goes on with the subject of the clause before it ("I pulled the data, grouped the SKUs…").
 */
export function continuesAction(clause: string): boolean {
  const match = LEADING_ACTION.exec(clause.trim());
  const regular = match?.[2]?.toLowerCase();
  return Boolean(match?.[1] || (regular && !NOT_ACTIONS.has(regular)));
}

/** True when the text tells part of a story: more than how the person felt or who was there. */
export const tellsStory = (text: string): boolean => [...classify(text)].some((element) => element !== 'people' && element !== 'feeling');

/**
 * The subject of a topic sentence ("I want to talk about the time I organised a charity run" →
 * "I organised a charity run"), or undefined when the text is not one.
 */
export function topicOf(text: string): string | undefined {
  if (!TOPIC_INTRO.test(text)) return undefined;
  const match = /(?:\babout|\b(?:a|the) time(?: when)?)\s+(.+)$/i.exec(text.split(/(?<=[.!?])\s/)[0] ?? text);
  const rest = match?.[1]?.replace(/^(?:(?:a|the) time(?: when)?\s+)/i, '');
  return rest && words(rest).length >= 2 ? rest : undefined;
}

/** Words of a text, lower-cased. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
}

/** Sentences and clauses: the units a quote is taken from. */
export function clauses(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+|;\s*|\s+[-–—]\s+|,\s+(?=(?:and|but|so|which|because|then|while|although)\b)|\n+/i)
    .map((part) => part.trim())
    .filter((part) => words(part).length > 0);
}

const LEADING_FILLER =
  /^(?:(?:and|but|so|then|because|also|well|um|uh|basically|anyway|ok|okay|yeah|yes|sure|which|while|although|honestly|actually)\b[\s,]*)+/i;
/** Words a quote should not end on: "we were stuck on an…" reads better as "we were stuck…". */
const TRAILING_STOP_WORDS = new Set(
  'a an the of to on in at for with and or but by from into onto my our your their his her its that which who whom any some as was were is are be been than so if when while about over under up'.split(
    ' ',
  ),
);

/**
 * A short phrase of the person's own words, safe to put in quotes: at most `maxWords` words, no
 * quote marks or question marks of its own, not ending on a dangling little word.
 */
export function quotable(clause: string, maxWords = 10): string {
  const cleaned = clause
    .replace(/["“”«»?]/g, '')
    .replace(LEADING_FILLER, '')
    .trim();
  const parts = cleaned.split(/\s+/).filter(Boolean);
  if (parts.length <= maxWords) return parts.join(' ').replace(/[\s,;:.!-]+$/, '');
  const kept = parts.slice(0, maxWords);
  while (kept.length > 3 && TRAILING_STOP_WORDS.has((kept[kept.length - 1] ?? '').toLowerCase().replace(/[^a-z']/g, ''))) kept.pop();
  return `${kept.join(' ').replace(/[\s,;:.!-]+$/, '')}…`;
}

const SUB_CLAUSE = /,\s*|\s+(?:and|but|so|which|while|because|until|whereas)\s+/i;

/**
 * The best phrase of the text to quote for one element: the shortest part of the first clause that
 * speaks to it (a result with a figure preferred), starting at "I"/"we" for actions, so "I wrote a
 * migration plan, set up dual writes and ran it" quotes "I wrote a migration plan".
 */
export function quoteFor(text: string, element: StoryElement, maxWords = 10): string | undefined {
  for (const clause of clauses(text)) {
    if (!classify(clause).has(element)) continue;
    const parts = clause.split(SUB_CLAUSE).filter((part) => words(part).length >= 3 && classify(part).has(element));
    // Actions read best from their first step; other parts from their fullest mention.
    const fullest = [...parts].sort((a, b) => Math.min(words(b).length, 12) - Math.min(words(a).length, 12))[0];
    const preferred =
      (element === 'result' ? parts.find(hasNumber) : undefined) ?? (element === 'action' || element === 'teamAction' ? parts[0] : fullest) ?? clause;
    const start = element === 'action' ? preferred.search(/\bI\s/i) : element === 'teamAction' ? preferred.search(/\bwe\s/i) : -1;
    const from = start > 0 && words(preferred.slice(start)).length >= 3 ? preferred.slice(start) : preferred;
    const phrase = quotable(from, maxWords);
    if (words(phrase).length >= 2) return phrase;
  }
  return undefined;
}
