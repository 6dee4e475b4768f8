/**
 * The words of interview questions in canonical form (issue 19, 2): phrases and synonyms of
 * interview talk folded into one word each, light stems, and the frame words that tell nothing of
 * what is asked, so two wordings of one question read alike (`question-identity.ts`).
 */

/** Workplace abbreviations, spelt out before the words are read ("a tight SLA" asks about service levels). */
const ABBREVIATIONS: Record<string, string> = {
  sla: 'service level agreement',
  slas: 'service level agreements',
  kpi: 'key performance indicator',
  kpis: 'key performance indicators',
  okr: 'objective key result',
  okrs: 'objectives key results',
  qa: 'quality assurance',
  crm: 'customer relationship management',
  ux: 'user experience',
  ui: 'user interface',
  roi: 'return on investment',
  sop: 'standard operating procedure',
  sops: 'standard operating procedures',
  hr: 'human resources',
  seo: 'search engine optimisation',
  etl: 'extract transform load',
  mvp: 'minimum viable product',
  csat: 'customer satisfaction',
  nps: 'net promoter score',
};
const ABBREVIATION = new RegExp(`\\b(?:${Object.keys(ABBREVIATIONS).join('|')})\\b`, 'g');

/** Phrases that say the same thing in interview talk, replaced before the words are read. */
const PHRASES: readonly (readonly [RegExp, string])[] = [
  [/\b(?:one more|a different|a second|a further|an additional|yet another)\b/g, ' another '],
  [/\bother (?=example|time|instance|occasion|situation|story)/g, ' another '],
  [/\b(?:less experienced|more junior|new (?:hires?|starters?|joiners?))\b/g, ' junior '],
  [/\b(?:on (?:your|my) own|without (?:supervision|guidance)|self-directed|self directed)\b/g, ' independent '],
  [/\b(?:fast-paced|fast paced|high-pressure|high pressure|time pressure|tight (?:deadlines?|timelines?))\b/g, ' pressure '],
  [/\b(?:went wrong|go wrong|did not go well|didn't go well|fell apart)\b/g, ' hard '],
  [/\b(?:looking back|in hindsight|do differently|done differently|take away|took away)\b/g, ' learn '],
  [/\b(?:most proud|proudest|most impressive|best example|strongest example|best story|strongest story)\b/g, ' strongest '],
  [
    /\b(?:how (?:do|would|should) you (?:usually |typically |generally )?(?:go about|approach|handle|deal with)|how (?:do|would) you|what would you do|what is your approach to|what's your approach to|suppose|imagine)\b/g,
    ' approach ',
  ],
  [/\b(?:change (?:someone'?s|their|his|her|a person'?s) mind|win (?:people|someone|them) over)\b/g, ' influence '],
  [/\b(?:above and beyond|extra mile)\b/g, ' initiative '],
  [/\b(?:incomplete information|not enough information|unclear (?:requirements|information))\b/g, ' ambiguity '],
];

/** Words of one meaning in interview talk, by a canonical one (after the phrases above). */
const SYNONYMS: Record<string, string> = Object.fromEntries(
  (
    [
      ['another', 'another'],
      ['junior', 'junior juniors newer'],
      [
        'mentor',
        'mentor mentored mentoring mentors coach coached coaching guide guided guiding train trained training teach teaching onboard onboarded onboarding',
      ],
      ['engineer', 'engineer engineers developer developers programmer programmers devs dev'],
      ['customer', 'customer customers client clients user users'],
      ['colleague', 'colleague colleagues coworker coworkers co-worker co-workers peer peers teammate teammates'],
      ['lead', 'lead leads led leading manage managed managing management oversee oversaw overseeing supervise supervised head headed run ran running'],
      ['team', 'team teams group groups squad squads'],
      ['conflict', 'conflict conflicts disagreement disagreements disagree disagreed dispute disputes clash clashed argument arguments'],
      [
        'improve',
        'improve improved improving improvement improvements optimise optimised optimize optimized optimizing optimising streamline streamlined enhance enhanced better',
      ],
      ['process', 'process processes workflow workflows procedure procedures'],
      ['deadline', 'deadline deadlines timeline timelines'],
      ['prioritise', 'prioritise prioritised prioritize prioritized prioritizing prioritising priority priorities juggle juggled juggling'],
      ['communicate', 'communicate communicated communicating communication communications explain explained explaining'],
      ['write', 'write wrote written writing'],
      ['data', 'data metrics analytics numbers'],
      ['decide', 'decide decided deciding decision decisions'],
      ['problem', 'problem problems issue issues bug bugs incident incidents'],
      ['solve', 'solve solved solving resolve resolved resolving fix fixed fixing troubleshoot troubleshooting troubleshot debug debugged debugging'],
      ['build', 'build built building create created creating'],
      ['deliver', 'deliver delivered delivering ship shipped shipping launch launched launching release released'],
      ['independent', 'independent independently autonomously autonomous alone'],
      ['fast', 'fast quick quickly rapid rapidly speed'],
      ['need', 'need needs requirement requirements'],
      ['handle', 'handle handled handling deal dealt dealing cope coped navigate navigated'],
      [
        'hard',
        'hard difficult challenging challenge challenges tough tricky struggle struggled struggling setback setbacks fail failed failure mistake mistakes miss missed',
      ],
      ['learn', 'learn learned learnt learning lesson lessons takeaway takeaways reflect reflected'],
      ['strongest', 'strongest proudest'],
      ['influence', 'influence influenced influencing persuade persuaded persuading convince convinced convincing'],
      ['adapt', 'adapt adapted adapting adjust adjusted pivot pivoted flexible flexibility'],
      ['feedback', 'feedback critique criticism'],
      ['goal', 'goal goals target targets objective objectives'],
      ['budget', 'budget budgets cost costs spend spending money'],
      ['sell', 'sell sold selling sale sales revenue'],
      ['organise', 'organise organised organize organized organizing organising plan planned planning coordinate coordinated coordinating'],
      ['stakeholder', 'stakeholder stakeholders'],
      ['pressure', 'pressure stress stressful'],
      ['ambiguity', 'ambiguity ambiguous uncertain uncertainty unclear'],
      ['collaborate', 'collaborate collaborated collaborating collaboration partner partnered partnering cooperate'],
    ] as const
  ).flatMap(([canonical, surfaces]) => surfaces.split(' ').map((surface) => [surface, canonical] as const)),
);

/** The words of the interview frame and other words that tell nothing of what is asked. */
const FRAME_WORDS = new Set(
  (
    'a an the of in on at for to from by with about and or but as so if than then that this these those it its into over through ' +
    'tell told telling me us describe described walk talk take share give show think recall hear like love want let lets curious please ' +
    'can could would will should may might must shall do did does done doing have has had having be been being is are was were am ' +
    'i you your yours yourself we our my mine they them their he she his her someone something anything any some one ever ' +
    'time times example examples instance instances occasion occasions situation situations moment moments case cases story stories experience experiences ' +
    'when where which what who whom whose why how while during once happened happen go went got get make made ' +
    'particular specific specifically recent recently past previous last just really also again question answer here there now ' +
    'role job work worked working career life professional previously actually exactly kind sort bit little relied rely drew met showed'
  ).split(' '),
);

/** Words of a requirement's label that say how much, not what ("Strong … skills", "3+ years of"). */
export const REQUIREMENT_FRAME_WORDS = new Set('skill skills ability able proven strong excellent good great year years plus'.split(' '));

/** A light stem: plural and verb endings off, so "reviewed", "reviews" and "reviewing" are one word. */
function stem(word: string): string {
  if (word.length <= 4) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ations')) return `${word.slice(0, -4)}e`;
  if (word.endsWith('ation')) return `${word.slice(0, -3)}e`;
  if (word.endsWith('ing') && word.length > 6) return word.slice(0, -3).replace(/(.)\1$/, '$1');
  if (word.endsWith('ed') && word.length > 5) return word.slice(0, -2).replace(/(.)\1$/, '$1');
  if (word.endsWith('es') && /(?:ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

/** One content word of a text: its canonical form, and the word as written (for its word vector). */
export interface ContentTerm {
  word: string;
  surface: string;
}

/** A text's words in canonical form: abbreviations spelt out, phrases and synonyms folded, stems, frame words kept. */
function canonicalTerms(text: string): ContentTerm[] {
  let folded = ` ${text
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[^a-z0-9' -]+/g, ' ')} `.replace(ABBREVIATION, (abbreviation) => ABBREVIATIONS[abbreviation] ?? abbreviation);
  for (const [phrase, canonical] of PHRASES) folded = folded.replace(phrase, canonical);
  return (folded.match(/[a-z0-9]+(?:['-][a-z0-9]+)*/g) ?? []).map((word) => {
    const surface = word.replace(/'s$/, '');
    return { word: SYNONYMS[surface] ?? SYNONYMS[stem(surface)] ?? stem(surface), surface };
  });
}

/** The content words of a text (no frame words), each canonical and as written. */
export const contentTerms = (text: string): ContentTerm[] => canonicalTerms(text).filter((term) => !FRAME_WORDS.has(term.word));

/** The canonical words of a text that say what it is about (no frame words). */
export const contentWords = (text: string): string[] => contentTerms(text).map((term) => term.word);
