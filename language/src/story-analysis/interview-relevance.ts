/**
 * Whether an answer speaks to the requirement it was asked about: it shares a word with the
 * requirement, or shows the kind of thing the requirement is about in other words (a requirement
 * about communicating with stakeholders is shown by "I explained the delay to our sales director").
 */
import type { Requirement } from './interview-requirements.ts';
import { words } from './story-signals.ts';

/** Words of a requirement that say nothing about what it asks for. */
const GENERIC = new Set(
  (
    'a an the and or of to in on for with by at as from into about your you our we this that their be is are have has had ' +
    'experience experienced years year plus strong excellent good great proven solid ability able skills skill knowledge ' +
    'understanding proficiency familiarity working work time times tell me about project where drew relied had showed were ' +
    'responsible met requirement environment high level role team-player player went above beyond someone something most what ' +
    'happened dealt took take taken handled handle showed show'
  ).split(' '),
);

/**
 * Kinds of requirement, each with the words an answer shows it by. A requirement belongs to a kind
 * when one of its words starts like a cue of the kind.
 */
const THEMES: readonly { cues: readonly string[]; evidence: readonly string[] }[] = [
  {
    cues: ['communicat', 'present', 'written', 'verbal', 'writ', 'explain', 'storytell', 'influenc', 'persua', 'negotiat'],
    evidence: [
      'explain',
      'present',
      'wrote',
      'write',
      'told',
      'tell',
      'talk',
      'spoke',
      'convinc',
      'persuad',
      'pitch',
      'email',
      'document',
      'meeting',
      'demo',
      'listen',
      'clarif',
      'walked',
      'agreed',
      'negotiat',
      'deck',
      'slides',
      'memo',
      'plan',
    ],
  },
  {
    cues: ['stakeholder', 'non-technical', 'nontechnical', 'business', 'client', 'customer', 'executive', 'partner', 'user'],
    evidence: [
      'director',
      'manager',
      'client',
      'customer',
      'sales',
      'executive',
      'ceo',
      'cfo',
      'board',
      'stakeholder',
      'business',
      'partner',
      'user',
      'leadership',
      'marketing',
      'finance',
      'legal',
      'vp',
    ],
  },
  {
    cues: ['lead', 'leader', 'manag', 'mentor', 'coach', 'team', 'people', 'hire', 'hiring', 'supervis', 'delegat'],
    evidence: [
      'led',
      'lead',
      'team',
      'mentor',
      'coach',
      'managed',
      'manag',
      'delegat',
      'hired',
      'trained',
      'guided',
      'people',
      'engineers',
      'squad',
      'reports',
      'onboard',
      'supervis',
    ],
  },
  {
    cues: ['collaborat', 'cross-functional', 'partner', 'together', 'across'],
    evidence: [
      'together',
      'design',
      'designer',
      'product',
      'engineering',
      'sales',
      'marketing',
      'team',
      'partner',
      'paired',
      'aligned',
      'worked with',
      'across',
    ],
  },
  {
    cues: ['problem', 'solv', 'troubleshoot', 'debug', 'analytic', 'root', 'incident', 'reliab'],
    evidence: ['fix', 'solv', 'root', 'bug', 'incident', 'issue', 'outage', 'investigat', 'diagnos', 'debug', 'traced', 'found', 'error', 'failure', 'alert'],
  },
  {
    cues: ['deliver', 'ship', 'deadline', 'on time', 'execut', 'prioriti', 'fast-paced', 'pressure', 'independent'],
    evidence: [
      'shipped',
      'launched',
      'delivered',
      'deadline',
      'early',
      'released',
      'weeks',
      'sprint',
      'priorit',
      'on time',
      'myself',
      'alone',
      'own',
      'pressure',
    ],
  },
  {
    cues: ['difficult', 'conflict', 'disagree', 'upset', 'angry', 'complain', 'crisis', 'escalat'],
    evidence: [
      'upset',
      'angry',
      'furious',
      'shout',
      'complain',
      'apolog',
      'disagre',
      'argu',
      'calm',
      'frustrat',
      'tension',
      'escalat',
      'unhappy',
      'crisis',
      'conflict',
      'emergenc',
      'urgent',
      'outage',
      'broke',
      'died',
      'crash',
      'fire',
      'flood',
    ],
  },
  {
    cues: ['detail', 'accura', 'organi', 'careful', 'thorough', 'precis', 'record keeping'],
    evidence: ['check', 'double', 'caught', 'noticed', 'spotted', 'error', 'mistake', 'accura', 'verif', 'confirm', 'checklist', 'record', 'list', 'plan'],
  },
  {
    cues: ['feedback', 'criticis', 'difficult conversation'],
    evidence: ['feedback', 'told', 'chat', 'conversation', 'talk', 'raised', 'asked', 'showed', 'private', 'honest', 'review', 'agreed', 'listen'],
  },
  {
    cues: ['achiev', 'proud', 'success', 'accomplish'],
    evidence: ['brought in', 'launched', 'built', 'set up', 'grew', 'won', 'first', 'record', 'award', 'promoted', 'sales', 'revenue', 'saved', 'delivered'],
  },
  {
    cues: ['initiative', 'proactive', 'self-starter', 'ownership'],
    evidence: [
      'noticed',
      'proposed',
      'offered',
      'volunteer',
      'on my own',
      'myself',
      'decided',
      'suggested',
      'idea',
      'asked if',
      'asked my',
      'took it on',
      'started',
      'set up',
      'without being asked',
      'nobody asked',
      'no one asked',
    ],
  },
  {
    cues: ['improv', 'optimi', 'streamlin', 'efficien', 'process'],
    evidence: [
      'improv',
      'faster',
      'quicker',
      'fell',
      'dropped',
      'reduc',
      'cut',
      'saved',
      'instead of',
      'fewer',
      'shorter',
      'streamlin',
      'simplif',
      'automat',
      'changed',
      'rewrote',
      'moved',
    ],
  },
  {
    cues: ['automat', 'script', 'workflow', 'repetit', 'manual'],
    evidence: ['script', 'automat', 'schedul', 'python', 'macro', 'bot', 'cron', 'pipeline', 'manual', 'instead of', 'tool', 'integrat'],
  },
  {
    cues: ['mentor', 'coach', 'develop junior', 'junior', 'train', 'teach', 'grow'],
    evidence: [
      'mentor',
      'coach',
      'train',
      'teach',
      'taught',
      'pair',
      'session',
      'explain',
      'junior',
      'graduate',
      'trainee',
      'review',
      'feedback',
      'onboard',
      'showed',
      'look after',
      'guided',
    ],
  },
  {
    cues: ['learn', 'adapt', 'new skill', 'quickly', 'pick up'],
    evidence: ['course', 'learn', 'tutorial', 'practis', 'practic', 'studied', 'never', 'first time', 'taught myself', 'pick up', 'picked up', 'read up'],
  },
  {
    cues: ['fail', 'mistake', 'setback', 'wrong', 'weakness'],
    evidence: ['lost', 'fail', 'mistake', 'wrong', 'missed', 'learn', 'lesson', 'afterwards', 'since then', 'should have', 'owned'],
  },
  {
    cues: ['data', 'analy', 'metric', 'sql', 'statist', 'insight'],
    evidence: ['data', 'analy', 'sql', 'dashboard', 'metric', 'measur', 'query', 'report', 'percent', '%', 'numbers'],
  },
];

const startsLike = (word: string, prefix: string) => word.startsWith(prefix) || (prefix.length > 4 && word.startsWith(prefix.slice(0, 5)));

/** The words of a requirement worth finding in an answer: its own (stemmed to five letters), and its kinds' evidence. */
function evidenceFor(requirement: Pick<Requirement, 'label'>): string[] {
  const own = words(requirement.label).filter((word) => word.length > 2 && !GENERIC.has(word) && !/^\d+$/.test(word));
  const label = requirement.label.toLowerCase();
  const themed = THEMES.filter((theme) => theme.cues.some((cue) => own.some((word) => startsLike(word, cue)) || label.includes(cue))).flatMap(
    (theme) => theme.evidence,
  );
  return [...own.map((word) => word.slice(0, 5)), ...themed];
}

/**
 * The evidence of a requirement that the answer shows (distinct cues, in the requirement's order), or
 * undefined when the requirement has no words to look for (then nothing can be said either way).
 */
export function requirementEvidence(answer: string, requirement: Pick<Requirement, 'label'>): string[] | undefined {
  const evidence = [...new Set(evidenceFor(requirement))];
  if (evidence.length === 0) return undefined;
  const said = words(answer);
  const text = ` ${said.join(' ')} `;
  return evidence.filter((cue) => (cue.includes(' ') || cue === '%' ? text.includes(cue) || answer.includes(cue) : said.some((word) => word.startsWith(cue))));
}

/** True when the answer speaks to the requirement, in its words or in the words of the kind of thing it asks for. */
export function showsRequirement(answer: string, requirement: Pick<Requirement, 'label'>): boolean {
  const shown = requirementEvidence(answer, requirement);
  return shown === undefined || shown.length > 0;
}
