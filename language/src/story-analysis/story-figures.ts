/**
 * Figures in what a person wrote, and which of them measure a result. A figure is a result only when
 * something changed or came out of it ("cut by 40%", "grew to 200 users", "saved 3 hours",
 * "from 45 to 6 minutes"); "a team of 200 people" or "about 200 people" only sizes the situation.
 */

const COUNT_UNITS =
  'hours?|days?|weeks?|months?|years?|minutes?|seconds?|ms|people|users|customers|clients|sales|dollars|euros|pounds|points|tickets|bugs|incidents|servers|stars|runners|engineer-hours|sign-?ups|downloads|orders|visitors|leads|deals|members|subscribers|errors|requests|releases|employees|hires';
/** A figure with what it counts: a percentage, money, a multiple, or a number with a unit ("200 paying customers"). */
const FIGURE = String.raw`(?:[$€£]\s?\d[\d,.]*(?:\s?(?:k|m|bn|million|billion|thousand)\b)?|\d[\d,.]*\s?(?:%|percent\b|x\b|times\b|fold\b|(?:k|m|bn|million|billion|thousand)\b|(?:[a-z-]+\s)?(?:${COUNT_UNITS})\b))`;
/** A number, with or without a unit, that is not a year ("from 2019 to 2021" is a period, not a change). */
const AMOUNT = String.raw`(?:[$€£]\s?)?(?!(?:19|20)\d\d\b)\d[\d,.]*(?:\s?(?:%|k\b|m\b|x\b|ms\b|s\b|h\b|hrs?\b|mins?\b|secs?\b|[kmgt]b\b)|\s(?:${COUNT_UNITS})\b)?`;
const ABOUT = String.raw`(?:(?:about|around|roughly|almost|nearly|over|under|more than|less than|just over|just under|some|close to|at least|a total of|an extra|another)\s+)?`;
/** Verbs of an outcome or a change that a figure can follow ("saved 3 hours", "grew the list to 10,000 users"). */
const CHANGE_VERBS = String.raw`(?:cut|cutting|reduc(?:e|ed|es|ing)|increas(?:e|ed|es|ing)|decreas(?:e|ed|es|ing)|lower(?:ed|ing)?|rais(?:ed|ing)|boost(?:ed|ing)?|sav(?:e|ed|es|ing)|improv(?:e|ed|es|ing)|grew(?!\s+up)|grow(?:n|s|ing)?(?!\s+up)|doubl(?:ed|ing)|tripl(?:ed|ing)|halv(?:ed|ing)|dropp(?:ed|ing)|drops?|fell|falls?|falling|rose|rises?|rising|climb(?:ed|ing)?|jump(?:ed|ing)?|shr[aiu]nk|shrinking|slash(?:ed|ing)?|trimm(?:ed|ing)|shav(?:ed|ing)|gain(?:ed|ing)?|generat(?:ed|ing)|earn(?:ed|ing)|won|sold|secured|negotiated|landed|signed(?:\s+up)?|onboarded|attracted|recovered|reached(?!\s+out)|hit(?!\s+by)|achieved|brought in|freed up|sped up|went (?:up|down)|came down|lost|hired|added|converted|retained)`;
/** A comparison or a change named after the figure ("3x faster", "a 30% drop", "2 weeks early"). */
const CHANGE_AFTER = String.raw`(?:faster|slower|quicker|cheaper|sooner|earlier|early|ahead|more|less|fewer|higher|lower|better|smaller|bigger|larger|shorter|longer|up|down|off|increase|decrease|reduction|drop|improvement|growth|gain|rise|uplift|boost|saving|savings|cut|jump|lift)\b`;
/** Outcomes that follow the count they measure ("200 people signed up"). */
const OUTCOME_AFTER = String.raw`(?:signed up|joined|attended|registered|subscribed|enrolled|bought|downloaded|renewed|upgraded|converted|showed up|turned up)\b`;
const TARGET = String.raw`(?:our|the|their|my)\s+(?:target|goal|forecast|plan|budget|estimate|baseline)`;

const MEASURED_RESULTS = [
  new RegExp(String.raw`\bfrom\s+${ABOUT}${AMOUNT}\s+(?:down\s+|up\s+)?to\s+${ABOUT}${AMOUNT}`, 'i'),
  new RegExp(String.raw`\bby\s+${ABOUT}(?:\d[\d,.]*\s?(?:%|percent\b|x\b|times\b|fold\b)|half\b|a (?:third|quarter|half)\b)`, 'i'),
  new RegExp(String.raw`\b${CHANGE_VERBS}\b(?:\s+[\w'’-]+){0,4}?\s+(?:by\s+|to\s+|of\s+)?${ABOUT}${FIGURE}`, 'i'),
  new RegExp(String.raw`${FIGURE}\s+${CHANGE_AFTER}`, 'i'),
  new RegExp(String.raw`${FIGURE}\s+(?:have\s+|had\s+|then\s+)?${OUTCOME_AFTER}`, 'i'),
  new RegExp(String.raw`\b(?:up|down)\s+(?:by\s+)?${ABOUT}${FIGURE}`, 'i'),
  new RegExp(String.raw`\d[\d,.]*\s?(?:x|times|%)\s+(?:of\s+|above\s+|over\s+|below\s+|under\s+)?${TARGET}`, 'i'),
];

const NUMBER_PATTERN =
  /\d+(?:[.,]\d+)?\s?(?:%|percent|x\b|times\b|k\b|m\b|million|billion|thousand|hours?|days?|weeks?|months?|minutes?|seconds?|ms\b|people|users|customers|clients|sales|dollars|euros|pounds|points|tickets|bugs|incidents|servers|stars)|[$€£]\s?\d/i;
/** Whole figures, most telling first: a percentage, money, a multiple, then a count with a unit. */
const FIGURES = [
  /\b\d+(?:[.,]\d+)?\s?(?:%|percent\b)/i,
  /[$€£]\s?\d[\d,.]*(?:\s?(?:k|m|bn|million|billion|thousand)\b)?/i,
  /\b\d+(?:[.,]\d+)?\s?(?:x|times)\b/i,
  /\b\d[\d,.]*\s?(?:k\b|m\b|million|billion|thousand|hours?|days?|weeks?|months?|minutes?|seconds?|ms\b|people|users|customers|clients|sales|dollars|euros|pounds|points|tickets|bugs|incidents|servers|stars|runners|engineer-hours)/i,
];
/** Results that can be measured, so asking for a figure makes sense. */
const MEASURABLE =
  /\b(?:reduced|increased|improved|saved|cut|doubled|tripled|halved|grew|boosted|raised|lowered|decreased|faster|slower|quicker|cheaper|more|less|fewer|revenue|costs?|sales|conversion|retention|throughput|latency|errors?|downtime|growth)\b/i;

/**
 * A setting set to another value, to the end of its clause: a step, not an outcome, whatever its
 * figures ("raised the pool size", "increased the timeout from 5 to 30 seconds").
 */
const SETTING_CHANGE = new RegExp(
  String.raw`\b(?:raised|increased|bumped|set|changed|lowered|reduced|doubled|halved|tuned|upped|decreased|tweaked|adjusted|capped|extended|shortened|cut)\s+(?:the\s+|our\s+|its\s+|their\s+|my\s+)?(?:[\w-]+\s+){0,2}?(?:pool(?:\s+size)?|size|timeouts?|time-outs?|limits?|thresholds?|replicas?|workers?|threads?|instances?|nodes?|heap|memory limit|cpu limit|retries|retry count|ttl|batch size|buffer|concurrency|interval|frequency|quota|capacity|max[\w-]*|min[\w-]*)\b[^,;.!?]*?(?=[,;.!?]|\s(?:and|but|so|which)\s|$)`,
  'gi',
);

/** The text with every setting change taken out. */
export const withoutSettingChanges = (text: string): string => text.replace(SETTING_CHANGE, ' ');

/** True when the text carries a figure (percent, money, a count with a unit), whatever it measures. */
export const hasNumber = (text: string): boolean => NUMBER_PATTERN.test(text);

/** The parts of the text that state a measured result ("dropped by 80%", "saved 3 hours"). */
const measuredParts = (text: string): string[] => {
  const said = withoutSettingChanges(text);
  return MEASURED_RESULTS.flatMap((pattern) => pattern.exec(said)?.[0] ?? []);
};

/** True when the text states a result with a figure: an outcome or a change, not a size. */
export const statesMeasuredResult = (text: string): boolean => {
  const said = withoutSettingChanges(text);
  return MEASURED_RESULTS.some((pattern) => pattern.test(said));
};

function mostTellingFigure(text: string): string | undefined {
  for (const figure of FIGURES) {
    const match = figure
      .exec(text)?.[0]
      ?.trim()
      .replace(/[.,]+$/, '');
    if (match) return match;
  }
  return undefined;
}

/** The most telling figure of the result, as written ("40%", "£12,000", "3x", "6 minutes"); else of the whole text. */
export function firstNumber(text: string): string | undefined {
  return mostTellingFigure(measuredParts(text).join(' ; ')) ?? mostTellingFigure(text);
}

/** True when the text states a result that could be put in numbers. */
export const isMeasurable = (text: string): boolean => MEASURABLE.test(text);
