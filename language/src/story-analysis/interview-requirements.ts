import { isSectionHeading } from './section-headings.ts';
import { words } from './story-signals.ts';

/** One requirement read from the selected part of a job description, with the behavioural question built from it. */
export interface Requirement {
  /** The requirement as written, cleaned of bullets (a label for lists). */
  label: string;
  /** The part that every question about it contains, so the coach can tell what it already asked. */
  core: string;
  /** The first behavioural question about it. */
  question: string;
  /** The question asked when the person practises it again. */
  again: string;
}

const BULLET = /^\s*(?:[-*•·▪●◦–—>]+|\(?\d{1,2}[.)]|[a-z][.)])\s+/i;
const BOILERPLATE =
  /\b(equal opportunit\w*|benefits|salary|compensation|we offer|perks|about us|apply now|how to apply|visa|sponsorship|pto|paid time off|401k|health insurance|dental|location:|hybrid|remote-first|our mission|who we are|diversity)\b/i;
/** A company describing itself ("We are a fast-growing startup"), unless it goes on to say whom it seeks. */
const SELF_DESCRIPTION = /^(?:we are|we're|our company|the company|our team is|join us)\b(?!.*\b(?:looking|seeking|hiring|need)\b)/i;
const TRAILING_NOISE =
  /\s*(?:,\s*)?(?:is|are|would be)?\s*(?:a (?:big |huge )?(?:plus|bonus)|preferred|nice to have|desirable|required|essential|a must|an advantage)$/i;
/** Personal qualities ("Detail-oriented and organised", "Self-starter"). */
const QUALITY = /^(?:[a-z-]+(?:ed|ive|ous|ful|able|ible|ic|al|ent|ant|oriented|minded|starter|player)(?:,?\s+(?:and\s+)?)?){1,3}$/i;
const LEADING_NOISE =
  /^(?:(?:we(?:'re| are) (?:looking for|seeking|hiring) (?:a|an|someone)\b[^,]*?\b(?:who (?:can|will)|to)|you will|you'll|you would|you can|you should|you must|you are able to|you have the ability to|we are looking for someone (?:who can|to|with)|we're looking for someone (?:who can|to|with)|we need someone (?:who can|to)|the candidate will|the ideal candidate will|must be able to|should be able to|must|should|able to|ability to|proven ability to|demonstrated ability to|a proven ability to|an ability to|capable of|willingness to|willing to|be able to)\s+)+/i;
const ACTION_VERBS = new Set(
  (
    'lead build design manage develop drive own collaborate communicate work mentor deliver create analyze analyse write present negotiate ' +
    'prioritize prioritise coordinate support improve implement define partner influence solve handle translate ensure maintain plan run ' +
    'establish champion facilitate identify advocate adapt learn coach deploy test debug optimize optimise scale architect contribute engage ' +
    'operate execute organize organise review research evaluate troubleshoot resolve navigate balance juggle motivate train hire recruit sell ' +
    'grow launch ship automate monitor measure report track document explain teach guide inspire resolve mediate persuade streamline refactor ' +
    'migrate integrate configure secure audit forecast budget deal respond serve care assist onboard oversee supervise set make take'
  ).split(' '),
);
const EXPERIENCE =
  /^(?:(?:\d+\s*\+?\s*(?:years?|yrs)\s*(?:of\s+)?)|(?:several|many|some|a few)\s+years\s+of\s+)?(?:(?:professional|hands-on|proven|solid|strong|extensive|deep|demonstrated|practical|relevant|working|good|excellent|advanced|expert|prior|previous|commercial|industry)\s+)*(?:experience|expertise|background|track record|proficiency|familiarity|knowledge|understanding|fluency|command)\s+(?:with|in|of|using|on|for|at|building|leading|managing|working)\s+(.+)$/i;
const PROFICIENT = /^(?:proficient|skilled|experienced|fluent|expert|familiar|comfortable|confident)\s+(?:in|with|at|using)\s+(.+)$/i;
const SKILLS =
  /^(?:(?:strong|excellent|great|good|outstanding|exceptional|effective|superb|solid|clear|proven|first-class|top-notch)\s+)+(.+?)\s+(?:skills?|abilities)((?:\s+(?:with|for|in|across|when)\s+.+)?)$/i;
const RESPONSIBLE = /^(?:responsible for|accountable for|in charge of|owning)\s+(.+)$/i;

function clean(line: string): string {
  return (
    line
      // Markdown of a snippet copied from the review screen's editor: escapes and bold marks are not words.
      .replace(/\\([!-/:-@[-`{-~])/g, '$1')
      .replace(/\*\*|__/g, '')
      .replace(BULLET, '')
      .replace(/\s+/g, ' ')
      .replace(/[.;:,!]+$/, '')
      .trim()
  );
}

/** Lower-cases the first word unless it is an acronym or a name-like word (APIs, AWS, TypeScript). */
function lowerFirst(phrase: string): string {
  const [first = '', ...rest] = phrase.split(' ');
  const keep = /[A-Z].*[A-Z]/.test(first) || /^[A-Z]{2,}/.test(first);
  return [keep ? first : first.toLowerCase(), ...rest].join(' ');
}

/** Keeps a requirement to its first clause when it runs long: a question should be one breath. */
function shorten(phrase: string, maxWords = 14): string {
  const parts = phrase.split(' ');
  if (parts.length <= maxWords) return phrase;
  const firstClause = phrase.split(/[,;(]| - /)[0]?.trim() ?? phrase;
  if (firstClause.split(' ').length <= maxWords && firstClause.split(' ').length >= 3) return firstClause;
  return parts.slice(0, maxWords).join(' ');
}

function toRequirement(raw: string): Requirement | undefined {
  const body = shorten(clean(raw).replace(LEADING_NOISE, '').replace(TRAILING_NOISE, '').trim());
  if (words(body).length < 1) return undefined;
  const label = body.charAt(0).toUpperCase() + body.slice(1);

  const experience = EXPERIENCE.exec(body) ?? PROFICIENT.exec(body);
  if (experience?.[1]) {
    const subject = experience[1].replace(/[.]+$/, '');
    const core = `drew on your experience with ${subject}`;
    return { label, core, question: `Tell me about a project where you ${core}.`, again: `Give me another example of a time you ${core}.` };
  }
  const skills = SKILLS.exec(body);
  if (skills?.[1]) {
    const core = `relied on your ${skills[1].toLowerCase()} skills${skills[2] ?? ''}`;
    return { label, core, question: `Tell me about a time you ${core}.`, again: `Tell me about another time you ${core}.` };
  }
  const responsible = RESPONSIBLE.exec(body);
  if (responsible?.[1]) {
    const core = `were responsible for ${responsible[1]}`;
    return { label, core, question: `Tell me about a time you ${core}.`, again: `Tell me about another time you ${core}.` };
  }
  const firstWord = body.split(' ')[0]?.toLowerCase() ?? '';
  if (ACTION_VERBS.has(firstWord)) {
    const core = `had to ${lowerFirst(body)}`;
    return { label, core, question: `Tell me about a time you ${core}.`, again: `Tell me about another time you ${core}.` };
  }
  if (QUALITY.test(body)) {
    const core = `showed you are ${lowerFirst(body)}`;
    return { label, core, question: `Tell me about a time you ${core}.`, again: `Tell me about another time you ${core}.` };
  }
  const core = `met this requirement: “${body}”`;
  return { label, core, question: `Tell me about a time you ${core}.`, again: `Give me another example of a time you ${core}.` };
}

/**
 * The requirements in the selected text of a job description: bullets or lines first, sentences
 * when a line holds several; headings, boilerplate (benefits, equal opportunity) and duplicates out.
 */
export function extractRequirements(context: string, max = 8): Requirement[] {
  const pieces: { text: string; bullet: boolean }[] = [];
  for (const line of context.split(/\r?\n/)) {
    const trimmed = line.trim();
    // A markdown heading ("## Requirements") names a section; it is no requirement.
    if (!trimmed || /^#{1,6}\s/.test(trimmed)) continue;
    const bullet = BULLET.test(trimmed);
    const sentences = bullet ? [trimmed] : trimmed.split(/(?<=[.!?;])\s+(?=[A-Z•*-])/);
    for (const sentence of sentences) {
      // "Requirements: A, B and C." style lines: a heading followed by a list on one line.
      const afterHeading = /^[^:]{2,40}:\s+(.+)$/.exec(sentence);
      pieces.push({ text: afterHeading?.[1] ?? sentence, bullet });
    }
  }
  const hasBullets = pieces.some((piece) => piece.bullet);
  const seen = new Set<string>();
  const requirements: Requirement[] = [];
  for (const piece of pieces) {
    const cleaned = clean(piece.text);
    if (!cleaned || /:$/.test(piece.text.trim()) || BOILERPLATE.test(cleaned) || SELF_DESCRIPTION.test(cleaned) || words(cleaned).length < 2) continue;
    // "What You Bring" on a line of its own names a section, bulleted or not (issue 38, 4).
    if (isSectionHeading(cleaned)) continue;
    // Among bullets, a short line without one is a heading ("About the role"), not a requirement.
    if (hasBullets && !piece.bullet && words(cleaned).length <= 4) continue;
    const requirement = toRequirement(cleaned);
    if (!requirement) continue;
    const key = words(requirement.core).join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    requirements.push(requirement);
    if (requirements.length >= max) break;
  }
  return requirements;
}
