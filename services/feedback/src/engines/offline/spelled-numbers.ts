/**
 * Figures as a transcriber writes them ("nine minutes", "two hundred pounds", "ninety covers") turned
 * into digits, so that the story signals, which read digits, see a spoken answer's figures as they
 * see a typed one's. Only for reading: quotes always come from the answer as written.
 */

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1_000_000 };
const NUMBER_WORD = new RegExp(
  String.raw`\b(?:${[...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(SCALES), 'a'].join('|')})(?:[\s-]+(?:${[...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(SCALES), 'and'].join('|')}))*\b`,
  'gi',
);
/** Words after a number that make "one" a figure rather than a pronoun ("one customer" stays words). */
const COUNTED =
  /^\s*(?:%|percent|per ?cent|times|x\b|hours?|days?|weeks?|months?|years?|minutes?|seconds?|people|users|customers|clients|calls|tickets|covers|pounds|dollars|euros|points|stars|employers|accounts|regions|errors|incidents|bugs|visits|orders|staff|members)/i;

/** The value of a run of number words ("two hundred" → 200, "a thousand" → 1000), or undefined when it is no number. */
function valueOf(phrase: string): number | undefined {
  const parts = phrase
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((part) => part !== 'and');
  let total = 0;
  let current = 0;
  let seen = false;
  for (const [index, part] of parts.entries()) {
    if (part === 'a') {
      if (index !== 0 || parts.length === 1) return undefined;
      current = 1;
      continue;
    }
    const unit = UNITS[part] ?? TENS[part];
    const scale = SCALES[part];
    if (unit !== undefined) current += unit;
    else if (scale !== undefined) {
      current = Math.max(current, 1) * scale;
      if (scale >= 1000) {
        total += current;
        current = 0;
      }
    }
    seen = true;
  }
  return seen ? total + current : undefined;
}

/** The text with its spelled-out figures as digits (the number words' own meaning kept where they are no figure). */
export function withDigits(text: string): string {
  return text.replace(NUMBER_WORD, (phrase: string, offset: number) => {
    const trimmed = phrase.replace(/(?:[\s-]+and)+$/i, '');
    const value = valueOf(trimmed);
    if (value === undefined) return phrase;
    // "one" and "a" alone count only before a unit; "one of my students" stays as it is.
    const after = text.slice(offset + phrase.length);
    if (value <= 1 && !COUNTED.test(after)) return phrase;
    return `${value}${phrase.slice(trimmed.length)}`;
  });
}
