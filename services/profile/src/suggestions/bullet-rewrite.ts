import { statesMeasuredResult, words } from '@story/language';
import { BUZZWORDS } from './bullet-phrases.ts';
import { BULLET_LIMITS, hasFigure, hasResult } from './bullet-weaknesses.ts';
import { topicWordVectors } from './topic-overlap.ts';
import { baseOfGerund, capitalised, ingOfPast, pastOf, pastOfGerund } from './verb-forms.ts';

/**
 * The offline rewrite of a bullet: what can be fixed without knowing more (a strong verb for the
 * vague one, active voice, no buzzwords, trimmed), and a result from the person's own words joined on.
 * It never adds a figure of its own: every number in a rewrite is one the bullet or the quote holds.
 */

/**
 * Vague openers, and the verb that stands for them before a noun: `noun` when a plain verb fits any
 * object ("Responsible for the payroll" → "Managed the payroll": it fits arrears, rotas and programmes alike, where
 * "Ran rent arrears" would not), null when none does ("Worked on database
 * issues" is not "Developed database issues"): then only an object that says which verb fits gets one
 * (see `verbForObject`), else the opener stays. `shared` ones did the work with others.
 */
const OPENERS: readonly { pattern: RegExp; noun: string | null; shared: boolean }[] = [
  { pattern: /^(?:was |were )?(?:responsible for|in charge of|tasked with|charged with)\s+/i, noun: 'Managed', shared: false },
  { pattern: /^duties included\s+/i, noun: 'Managed', shared: false },
  { pattern: /^(?:worked|working) with\s+/i, noun: null, shared: false },
  { pattern: /^(?:worked|working) on\s+/i, noun: null, shared: false },
  { pattern: /^(?:handled|dealt with)\s+/i, noun: null, shared: false },
  { pattern: /^(?:was |were )?(?:involved in|participated in|took part in|(?:a )?(?:part|member) of)\s+/i, noun: null, shared: true },
  { pattern: /^(?:helped|assisted)(?: to| with| in)?\s+/i, noun: null, shared: true },
];

/** Objects that are trouble to be dealt with: "Resolved" fits them ("customer complaints", "stock discrepancies", "database issues"). */
const TROUBLE =
  /^(?:(?!(?:with|for|of|on|in|to|at|from|and|or|customers|clients|people|patients|users|staff|students|pupils|guests|members|families|callers|tenants)\b)(?:the|a|an|our|all|any|various|several|many|daily|recurring|customer|client|technical|production|\w+)\s+){0,3}(?:issues?|problems?|bugs?|errors?|complaints?|discrepanc(?:y|ies)|incidents?|outages?|defects?|faults?|failures?|escalations?|disputes?|queries|query|tickets?|backlogs?)\b/i;

/**
 * Objects that are people: nobody "improved the customers", nor "improved clients fill roles faster". A plural
 * ("clients fill roles") is the people themselves; a singular before a noun ("patient handovers") names a thing.
 */
const NOUN_STARTS_PEOPLE =
  /^(?:(?:the|our|my|new|senior|junior|local|elderly|young|bereaved)\s+)?(?:(?:customers|clients|students|pupils|children|patients|users|colleagues|guests|members|teams|managers|people|stakeholders|volunteers|interns|families|residents|tenants|callers|visitors|drivers|learners|candidates)\b(?!')|(?:customer|client|staff|student|pupil|patient|user|guest|member|team|manager|hiring managers?|stakeholder|volunteer|intern)(?=\s*$|[,;.]|\s+(?:with|to|in|on|for|at|through|across|from|and|who|that)\b))/i;
/** Work counted one by one ("employee relations cases", "billing calls"): handled, not "improved". */
const COUNTED_WORK =
  /\b(?:cases|calls|visits|claims|reports|tickets|queries|accounts|orders|shipments|deliveries|applications|requests|records|documents|contracts|bookings|appointments|enquiries|inquiries)$/i;

/** What the rewrite knows beyond the bullet: whether the person's story tells a measured improvement. */
export interface RewriteContext {
  improved: boolean;
}

/** The verb that fits an object after a vague opener: "Resolved" for trouble, "Improved" when the story measures an improvement, else none. */
export function verbForObject(object: string, context: RewriteContext): string | undefined {
  if (TROUBLE.test(object)) return 'Resolved';
  if (context.improved && !NOUN_STARTS_PEOPLE.test(object) && !COUNTED_WORK.test(object.replace(/[.;,\s]+$/, ''))) return 'Improved';
  return undefined;
}

/** Words that start a noun phrase, not a verb ("helped the team", "helped customers"). */
const NOUN_STARTS =
  /^(?:the|a|an|our|my|their|his|her|its|all|every|each|new|senior|junior|other|several|customers?|clients?|staff|students?|patients?|users?|colleagues|guests|members|teams?|managers?|people)\b/i;

/**
 * -ing words that name a kind of work before a noun ("reading interventions", "picking accuracy", "billing
 * calls"): the work's name, not a verb to put in the past ("Readed interventions", "Picked accuracy").
 */
const NOUN_GERUND =
  /^(?:during|morning|evening|training|building|meeting|marketing|planning|engineering|accounting|pricing|hiring|reading|picking|packing|billing|booking|cleaning|nursing|teaching|learning|testing|funding|catering|printing|recruiting|recruitment|shipping|parking|housing|banking|lending|licensing|sourcing|staffing|ticketing|invoicing|onboarding|offboarding|safeguarding|tutoring|coaching|mentoring|fundraising|lettings?|listing|landscaping|lighting|plumbing|roofing|wiring|welding|machining|milling|casting|farming|breeding|lambing|calving|milking|dispensing|prescribing|screening|counselling|counseling|caring|dining|seating|opening|closing|returning|routing|scheduling|rostering|ordering|purchasing|receiving|retail|trading|clearing|settling|filing)$/i;

/** Outcomes a bullet may only aim at ("tasked with reducing"): rewritten as the aim, never as done. */
const OUTCOME_GERUND =
  /^(?:improving|reducing|increasing|cutting|saving|growing|boosting|raising|lowering|doubling|speeding|shortening|eliminating|preventing)$/i;
const GUIDED =
  /^((?:the |our |my )?(?:customers|clients|guests|students|patients|users|colleagues|staff|team|new hires|volunteers|members))\s+(?=(?:choose|find|plan|build|make|learn|improve|get|prepare|understand|reach|grow|move|set|run|think|use|buy|pick|settle|cut|reduce|navigate|complete|apply)\b)/i;

// prettier-ignore
const PARTICIPLE_PAST: Readonly<Record<string, string>> = {
  given: 'gave', written: 'wrote', taken: 'took', shown: 'showed', done: 'did', run: 'ran', set: 'set up', put: 'put', built: 'built',
  made: 'made', led: 'led', held: 'held', kept: 'kept', sent: 'sent', brought: 'brought',
};
const PASSIVE_CLAUSE =
  /^(.+?)\s+(?:was|were|is|are|got)\s+(?:\w+ly\s+)?(\w{3,}ed|given|written|taken|shown|done|run|set|put|built|made|led|held|kept|sent|brought)\b(?:\s+by\s+(me|us|myself|(?:the|my|our) team))?(.*)$/i;
const DETERMINERS = /^(?:The|A|An|Our|My|All|Each|Every|New|Some|Customer|Client|Staff)\b/;
const TEAM_AT_END = /\s+by\s+(?:the|my|our)\s+team$/i;
/** Words this common are everyday words, not names: the first of a sentence loses its capital. */
const COMMON_WORD_RANK = 20_000;

/** "The new rota was implemented across wards" → "Implemented the new rota across wards" (who did it kept when it was a team). */
export function activeVoice(text: string): string {
  const match = PASSIVE_CLAUSE.exec(text);
  if (!match) return text;
  const [, subject = '', participle = '', by, said = ''] = match;
  if (words(subject).length > 8 || /\b(?:which|that|who)$/i.test(subject)) return text;
  const byAtEnd = TEAM_AT_END.exec(said);
  const rest = byAtEnd ? said.slice(0, byAtEnd.index) : said;
  const verb = PARTICIPLE_PAST[participle.toLowerCase()] ?? participle.toLowerCase();
  const first = subject.split(/\s/)[0] ?? '';
  // "Reports were prepared" → "Prepared reports"; a name ("Salesforce data was…") keeps its capital.
  const rank = topicWordVectors().rank(first.toLowerCase());
  const common = DETERMINERS.test(subject) || (/^[A-Z][a-z]+$/.test(first) && rank !== undefined && rank < COMMON_WORD_RANK);
  const object = common ? subject.charAt(0).toLowerCase() + subject.slice(1) : subject;
  const team = (by && /team|us/i.test(by)) || byAtEnd ? ' with the team' : '';
  return `${capitalised(verb)} ${object}${rest}${team}`;
}

/** The bullet with a strong verb for its vague opener ("Responsible for managing a team" → "Managed a team"), or as it is when no verb fits. */
export function strongOpener(text: string, context: RewriteContext = { improved: false }): string {
  for (const opener of OPENERS) {
    const match = opener.pattern.exec(text);
    if (!match) continue;
    const rest = text.slice(match[0].length);
    // "managing a team" is an action; "invoicing", "scheduling for 3 clinics" name the work (a noun).
    const gerund = /^(\w+ing)\b(?!\s*(?:$|,|and\b|for\b|of\b|at\b|in\b|across\b|on\b))\s*/.exec(rest);
    const team = opener.shared && !/\b(?:team|with)\b/i.test(rest) ? ' with the team' : '';
    if (gerund?.[1] && OUTCOME_GERUND.test(gerund[1])) {
      // "Working on reducing scrap" with the story's measured result joined on: it was done.
      if (context.improved) return `${capitalised(pastOfGerund(gerund[1]))} ${rest.slice(gerund[0].length)}`.trim();
      // "Tasked with reducing turnover": the aim, not the result; the result is for the person to add.
      return `Set out to ${baseOfGerund(gerund[1])} ${rest.slice(gerund[0].length)}`.trim();
    }
    if (gerund?.[1] && !NOUN_GERUND.test(gerund[1])) {
      return `${capitalised(pastOfGerund(gerund[1]))} ${rest.slice(gerund[0].length)}${team}`.trim();
    }
    const planning = /^the (\w+ing) of\s+/i.exec(rest);
    if (planning?.[1]) return `${capitalised(pastOfGerund(planning[1]))} ${rest.slice(planning[0].length)}${team}`;
    // "helped customers choose products": who was helped, then what they did.
    const guided = GUIDED.exec(rest);
    if (guided && /^help|^assist/i.test(match[0])) return `Guided ${guided[1]} to ${rest.slice(guided[1]?.length ?? 0).trim()}`;
    // "helped launch the app": a verb after a shared opener.
    const verb = /^(\w+)\s+/.exec(rest);
    if (opener.shared && verb?.[1] && !NOUN_STARTS.test(rest) && /^(?:helped|assisted)(?: to)?\s+$/i.test(match[0]) && !/s$/.test(verb[1])) {
      return `${capitalised(pastOf(verb[1]))} ${rest.slice(verb[0].length)}${team}`;
    }
    // "Responsible for the payroll" → "Managed the payroll"; trouble is resolved; else a verb only when the object says which.
    const fitting = TROUBLE.test(rest) ? 'Resolved' : (opener.noun ?? verbForObject(rest, context));
    if (fitting) return `${fitting} ${rest}${fitting === 'Improved' ? team : ''}`;
    return text;
  }
  return text;
}

/** The bullet without its buzzwords (or with their plain word), its punctuation tidied. */
export function withoutJargon(text: string): string {
  const plain = BUZZWORDS.reduce((rest, word) => (word.plain === null ? rest : rest.replace(new RegExp(word.pattern.source, 'gi'), word.plain)), text);
  return tidy(plain);
}

/** Spaces and commas left in order after words were taken out. */
function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,;.])/g, '$1')
    .replace(/([,;])(?:\s*[,;])+/g, '$1')
    .replace(/\b(a|an)\s*(?:and\b|,)\s*/gi, '$1 ')
    .replace(/\band\s+(?=and\b)/gi, '')
    .replace(
      /\b(a|an) ([a-z])/gi,
      (_all, article: string, next: string) => `${/^[aeiou]/i.test(next) ? (article[0] === 'A' ? 'An' : 'an') : article[0] === 'A' ? 'A' : 'a'} ${next}`,
    )
    .replace(/^[\s,;]+|[\s,;]+$/g, '')
    .trim();
}

/** Where one clause of a bullet ends and another starts (not the commas of a list). */
const CLAUSE_BOUNDARY =
  /,\s+(?=(?:which|while|and then|so|working|keeping|using|including|leading|resulting|saving|cutting|reducing|increasing|helping|making|bringing)\b)|\s+while\s+|;\s+|\s+\(|\)\s*/i;

/** At most `limit` words: the first clause, then the clauses with a figure or a result that still fit. */
export function trimmed(text: string, limit: number = BULLET_LIMITS.words): string {
  if (words(text).length <= limit && text.length <= BULLET_LIMITS.characters) return text;
  const parts = text.split(CLAUSE_BOUNDARY).filter((part) => part.trim().length > 0);
  const kept = [parts[0] ?? text];
  for (const part of parts.slice(1)) {
    if (!hasFigure(part) && !hasResult(part)) continue;
    if (words([...kept, part].join(', ')).length > limit) break;
    kept.push(part);
  }
  const joined = kept.join(', ');
  if (words(joined).length <= limit) return joined;
  const cut = joined.split(/\s+/).slice(0, limit);
  // Never ended on a word that wants its noun ("…with no", "…for our").
  while (
    cut.length > 3 &&
    /^(?:a|an|the|and|or|of|to|in|on|for|with|by|at|from|no|our|their|its|my|his|her|this|that|these|those|any|some|every|each|more|less|than|as|into|over|under|about)$/i.test(
      cut.at(-1) ?? '',
    )
  )
    cut.pop();
  return cut.join(' ').replace(/[,;:]$/, '');
}

/** The bullet with what can be fixed offline fixed: strong verb, active voice, no buzzwords, trimmed (its closing stop left off). */
export function fixedBullet(text: string, context: RewriteContext = { improved: false }): string {
  const said = text.trim().replace(/[.;,\s]+$/, '');
  return capitalised(trimmed(withoutJargon(strongOpener(activeVoice(said), context))));
}

/** The rewrite ended as the bullet was: with its full stop when it had one, without when it had none. */
export function endedLike(original: string, rewrite: string): string {
  const stop = /[.!]\s*$/.test(original.trim());
  const bare = rewrite.trim().replace(/[.;,:\s]+$/, '');
  return stop ? `${bare}.` : bare;
}

/** Fillers a spoken sentence starts with ("so basically", "and then", "in the end"). */
const SPOKEN_START =
  /^(?:(?:so|and|but|then|basically|honestly|actually|anyway|well|um|uh|like|yeah|okay|ok|in the end|at the end of the day|after that|eventually|finally|long story short)\b[\s,]*)+/i;
const CLAUSE_BREAK = /(?<=[.!?])\s+|,\s+(?=(?:and|so|but|which|because|then|while)\b)|;\s+|\s+[-–—]\s+|,\s+(?=(?:we|i|it|they|that)\s)/i;
/** Inside a clause, where a second one starts ("I trained the baristas and average prep time came down…"). */
const INNER_BREAK = /,\s+|\s+and\s+(?=(?:the|our|my|their|its|average|\w+\s+(?:went|came|dropped|rose|fell|grew))\b)/i;

const clean = (part: string) =>
  part
    .replace(SPOKEN_START, '')
    .replace(/^(?:and|so|but|which|because|then|while)\s+/i, '')
    .replace(/[.!?\s]+$/, '')
    .trim();
const tellsMeasured = (part: string) => hasFigure(part) && (hasResult(part) || /\b(?:down|up|from|to)\b/i.test(part));

/** A quote this short is joined whole. */
const QUOTE_WHOLE_WORDS = 30;

/** The figures of a text, as written ("45", "1.8", "3,000"). */
const figuresIn = (text: string) => text.match(/\d[\d,.]*\d|\d/g) ?? [];

/**
 * The part of a quote that tells the result, fillers taken off: every clause with a measured change
 * (the whole quote when all of them do), so no figure of the outcome is dropped; else the clause with
 * an outcome. Narrowed inside a clause only when the narrower part keeps every figure.
 */
export function resultClause(quote: string): string {
  // A quote short enough to keep whole is the person's words as they said them, contrast and all.
  if (words(clean(quote)).length <= QUOTE_WHOLE_WORDS) return clean(quote);
  const parts = quote.split(CLAUSE_BREAK).map(clean).filter(Boolean);
  const measured = parts.filter((part) => statesMeasuredResult(part) || tellsMeasured(part));
  if (measured.length > 1) return measured.length === parts.length ? clean(quote) : measured.join(', ');
  const chosen = measured[0] ?? parts.find(hasResult) ?? parts.find(hasFigure) ?? parts.at(-1) ?? quote;
  const inner = chosen
    .split(INNER_BREAK)
    .map(clean)
    .filter((part) => words(part).length >= 3);
  const narrower = inner.length > 1 ? (inner.find(statesMeasuredResult) ?? inner.find(tellsMeasured)) : undefined;
  return narrower && figuresIn(chosen).every((figure) => narrower.includes(figure)) ? narrower : chosen;
}

/** A sentence's leading clauses up to the last one with a figure: what follows it tells no part of the outcome. */
function upToLastFigure(sentence: string): string {
  const clauses = sentence.split(/,\s+(?=(?:and|but|so|which|because|though)\b)/i);
  const last = clauses.findLastIndex(hasFigure);
  return last < 0 ? sentence : clauses.slice(0, last + 1).join(', ');
}

/** A sentence going on after a semicolon: its first word in lower case, unless it is "I" or a name ("Python", "Google"). */
function sentenceInside(clause: string, context: string): string {
  const first = /^[A-Z][a-z]+\b/.exec(clause)?.[0];
  if (!first) return clause;
  const rank = topicWordVectors().rank(first.toLowerCase());
  // Written in lower case elsewhere in the quote ("Handovers went… handovers"), it is no name either.
  const lowerElsewhere = new RegExp(String.raw`\b${first.toLowerCase()}\b`).test(`${clause.slice(first.length)} ${context}`);
  const common = DETERMINERS.test(clause) || lowerElsewhere || (rank !== undefined && rank < COMMON_WORD_RANK);
  return common ? clause.charAt(0).toLowerCase() + clause.slice(1) : clause;
}

/** A subject and its verb inside the rest of a clause: the clause has a second one. */
const SECOND_SUBJECT = /\b(?:we|i|they|it|he|she)\s+(?:were|was|are|is|had|have|got|did|went|made)\b/i;

/** A clause led by the person ("in the first quarter I caught $45k…"): what comes before "I", the verb, and the rest. */
const LED_BY_PERSON = /^((?:[\w'-]+\s+){0,5}?)(?:we|i)\s+(?:(?:finally|eventually|actually|basically|managed to|then|also|just)\s+)*(\w+)\b\s*(.*)$/i;

/**
 * The fixed bullet with the result joined on, in the person's words: "we got checkout from 3 seconds
 * down to 800 milliseconds" becomes ", getting checkout from 3 seconds down to 800 milliseconds";
 * a result with its own subject ("sign-ups went up 30%") follows a semicolon.
 */
export function withResult(fixed: string, quote: string): string {
  // A before and an after told as two sentences ("It used to take eight days. Now we close in four.") stay both, as one
  // clause, each up to its last figure ("…we had just one, and that was a lad twisting his ankle" ends at "one").
  const told = quote.split(/(?<=[.!?])\s+(?=\S)/);
  const sentences = told.length > 1 ? told.map((sentence) => upToLastFigure(clean(sentence))) : [resultClause(quote)];
  const clause = sentences.map((sentence, index) => (index === 0 ? sentence : sentenceInside(sentence, fixed)).replace(/[.!?]+$/, '')).join(', ');
  // "By the time I sold it we were at £40,000": a clause with a second subject of its own is joined whole, never as ", selling it we were…".
  const person = sentences.length > 1 ? null : LED_BY_PERSON.exec(clause);
  const led = person && !SECOND_SUBJECT.test(person[3] ?? '') ? person : null;
  const ing = led?.[2] ? ingOfPast(led[2]) : undefined;
  const before = led?.[1]?.trim() ?? '';
  // The person's words are joined as they said them: tidying is for the bullet's part only ("half an hour" stays).
  const tail = ing ? `, ${ing} ${led?.[3] ?? ''}${before ? ` ${before.toLowerCase()}` : ''}` : `; ${sentenceInside(clause, fixed)}`;
  const joined = (head: string) => `${tidy(head)}${tail.replace(/\s+/g, ' ').trimEnd()}`;
  const result = joined(fixed);
  if (words(result).length <= BULLET_LIMITS.words + 6) return result;
  return joined(trimmed(fixed, 12));
}

/** Numbers (digits) of a text, written alike ("1,200" and "1200" are one number). */
export const numbersIn = (text: string): string[] => (text.match(/\d[\d,.]*\d|\d/g) ?? []).map((number) => number.replace(/,/g, ''));

/** The numbers of the rewrite that neither the bullet nor the quote holds: made up, and never shown. */
export function inventedNumbers(rewrite: string, sources: readonly string[]): string[] {
  const known = new Set(sources.flatMap(numbersIn));
  return numbersIn(rewrite).filter((number) => !known.has(number));
}
