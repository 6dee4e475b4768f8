/**
 * The words that make a résumé bullet weak, each with what it costs the reader: vague verbs,
 * buzzwords, and the outcome words whose absence leaves an action without a result.
 */

/** A vague opener or verb, and why it reads weakly. */
export interface VaguePhrase {
  pattern: RegExp;
  /** The phrase as a person would quote it. */
  label: string;
  message: string;
}

const vague = (source: string, label: string, message: string): VaguePhrase => ({ pattern: new RegExp(String.raw`\b(?:${source})\b`, 'i'), label, message });

/** Vague verbs, most specific first (the first match is the one reported). */
export const VAGUE_PHRASES: readonly VaguePhrase[] = [
  vague('(?:was |were )?responsible for', 'responsible for', "'Responsible for' says what you owned, not what you did. Start with the action."),
  vague('duties included', 'duties included', "'Duties included' reads like a job description. Say what you did and what came of it."),
  vague('(?:was |were )?tasked with', 'tasked with', "'Tasked with' says what you were asked to do, not what you did. Start with the action."),
  vague('(?:was |were )?involved in', 'involved in', "'Involved in' hides your part. Say what you did yourself."),
  vague('participated in|took part in', 'participated in', "'Participated in' hides your part. Say what you did yourself."),
  vague('worked on|worked with|working on', 'worked on', "'Worked on' doesn't say what you did. Use a verb that shows it: built, cut, launched, fixed."),
  vague('helped(?: to)?|helping(?: to)?', 'helped', "'Helped' hides what you did yourself. Start with the action you took."),
  vague('assisted(?: with| in)?|assisting(?: with| in)?', 'assisted', "'Assisted' hides what you did yourself. Start with the action you took."),
  vague('was part of|were part of|member of', 'part of', "'Part of' says where you were, not what you did. Say what you did there."),
  vague('in charge of', 'in charge of', "'In charge of' says what you owned, not what you did. Start with the action."),
  vague('handled|handling', 'handled', "'Handled' says the work came to you, not what you did with it. Say what you did and how it turned out."),
  vague('dealt with|exposure to|familiar with', 'dealt with', 'This says you were near the work, not what you did. Start with the action you took.'),
];

/** A buzzword and the plain word that can stand for it: '' drops it (an adjective), null leaves it for the person to rephrase. */
export interface Buzzword {
  pattern: RegExp;
  label: string;
  plain: string | null;
}

const buzz = (source: string, label: string, plain: string | null): Buzzword => ({ pattern: new RegExp(String.raw`\b(?:${source})\b`, 'i'), label, plain });

/** Buzzwords recruiters skim past; `plain` is what the offline rewrite puts instead. */
export const BUZZWORDS: readonly Buzzword[] = [
  buzz('synerg(?:y|ies|istic)', 'synergy', null),
  buzz('leverag(?:ed|ing|e)', 'leveraged', 'used'),
  buzz('utiliz(?:ed|ing|e)|utilis(?:ed|ing|e)', 'utilized', 'used'),
  buzz('best[- ]of[- ]breed', 'best-of-breed', ''),
  buzz('best[- ]in[- ]class', 'best-in-class', ''),
  buzz('world[- ]class', 'world-class', ''),
  buzz('go[- ]getter', 'go-getter', null),
  buzz('results?[- ]driven|results?[- ]oriented', 'results-driven', null),
  buzz('detail[- ]oriented', 'detail-oriented', null),
  buzz('self[- ]starter', 'self-starter', null),
  buzz('team player', 'team player', null),
  buzz('think(?:ing)? outside (?:of )?the box', 'think outside the box', null),
  buzz('dynamic', 'dynamic', ''),
  buzz('cutting[- ]edge', 'cutting-edge', ''),
  buzz('bleeding[- ]edge', 'bleeding-edge', ''),
  buzz('state[- ]of[- ]the[- ]art', 'state-of-the-art', ''),
  buzz('game[- ]chang(?:er|ing)', 'game-changing', ''),
  buzz('paradigm shift', 'paradigm shift', null),
  buzz('move the needle|moved the needle', 'move the needle', null),
  buzz('value[- ]add(?:ed)?', 'value-add', null),
  buzz('holistic', 'holistic', ''),
  buzz('seamless(?:ly)?', 'seamless', ''),
  buzz('robust', 'robust', ''),
  buzz('innovative', 'innovative', ''),
  buzz('proactive(?:ly)?', 'proactive', ''),
  buzz('hard[- ]working', 'hard-working', ''),
  buzz('passionate', 'passionate', ''),
  buzz('thought leader(?:ship)?', 'thought leadership', null),
  buzz('circle back', 'circle back', null),
  buzz('low[- ]hanging fruit', 'low-hanging fruit', null),
  buzz('end[- ]to[- ]end solutions?', 'end-to-end solution', 'solution'),
];

/**
 * Words of an outcome: what came of the action ("reducing", "so that", "which cut", "resulting in",
 * "used by", "adopted by"). Figures of a change are read by `statesMeasuredResult`.
 */
export const OUTCOME_WORDS = new RegExp(
  String.raw`\b(?:${[
    'reduc(?:ed|ing)',
    'increas(?:ed|ing)',
    'sav(?:ed|ing)',
    'cut(?:ting)?',
    'lower(?:ed|ing)',
    'rais(?:ed|ing)',
    'boost(?:ed|ing)',
    'improv(?:ed|ing)',
    'grew|growing',
    'doubl(?:ed|ing)',
    'tripl(?:ed|ing)',
    'halv(?:ed|ing)',
    'eliminat(?:ed|ing)',
    'prevent(?:ed|ing)',
    'shorten(?:ed|ing)',
    'speed(?:ing)? up|sped up',
    'so that',
    'resulting in',
    'which (?:cut|led|meant|let|allowed|enabled|saved|reduced|brought|gave|made)',
    'leading to',
    'led to',
    'enabl(?:ed|ing)',
    'allowing',
    'winning|won',
    'earn(?:ed|ing)',
    'generat(?:ed|ing) (?:[$€£]|\\d|over|more|revenue|sales|leads|savings|interest)',
    'achiev(?:ed|ing)',
    'exceed(?:ed|ing)',
    'beat(?:ing)?',
    '(?:now )?used by',
    'adopted by',
    'rated',
    'ranked',
    'recogni[sz]ed',
    'promoted',
    'awarded',
    'on time|ahead of schedule|under budget',
    'zero',
    'fewer|faster|cheaper|quicker',
    'caught|recovered|uncovered',
    'closed [$€£]',
    '\\d+% of (?:the |our |my )?(?:quota|target|plan|goal)',
  ].join('|')})\b`,
  'i',
);

/** A figure of how well something went ("a 96% satisfaction score", "99% accuracy"): a result in itself. */
export const RESULT_FIGURE =
  /\d[\d,.]*\s?%\s+(?:[\w-]+\s)?(?:satisfaction|accuracy|retention|uptime|on-time|conversion|pass(?: rate)?|occupancy|attendance|renewal|completion|success|csat|nps)\b/i;

/**
 * An outcome that is only aimed at: "tasked with improving", "responsible for reducing", "to cut
 * costs". Taken out before looking for a result.
 */
export const INTENDED_OUTCOME =
  /\b(?:tasked with|responsible for|in charge of|charged with|(?:worked|working|work) on|focused on|aim(?:ed|ing)? (?:at|to)|goal (?:of|was to)|to)\s+(?:\w+ing|cut|reduce|increase|improve|save|boost|raise|lower|grow|double|speed up)\b/gi;

/** Spelled numbers and multiples a bullet may give its figure in ("doubled", "a dozen", "three"). */
export const SPELLED_FIGURES =
  /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundreds?|thousands?|millions?|billions?|dozens?|half|a third|a quarter|doubl(?:ed|ing)|tripl(?:ed|ing)|quadrupl(?:ed|ing)|halv(?:ed|ing)|twice|zero)\b/i;

/** Participles a passive sentence is made of ("was implemented", "were handled by"). */
export const PASSIVE =
  /(?<!\b(?:which|that|who)\s)\b(?:was|were|been|being|is|are|got)\s+(?:\w+ly\s+)?(?:(?!(?:based|located|interested|involved|tasked|responsible|promoted|awarded|selected|named|chosen|invited|recognised|recognized|nominated|hired|required|used|able|expected)\b)\w{3,}ed|built|made|done|run|led|written|taken|given|shown|sent|held|kept|brought|set up|put)\b/i;
