/**
 * How text is read into words: the search service's embedder, lexical index and matched passage,
 * and the profile service's reading of résumé bullets, use the same words.
 */

/** English words that say little about what a story is about (function words and fillers of speech). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below between both but by
  can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further had hadn't has hasn't
  have haven't having he he'd he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if in into is
  isn't it it's its itself let's me more most mustn't my myself no nor not of off on once only or other ought our ours ourselves
  out over own same shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them themselves
  then there there's these they they'd they'll they're they've this those through to too under until up very was wasn't we we'd
  we'll we're we've were weren't what what's when when's where where's which while who who's whom why why's with won't would
  wouldn't you you'd you'll you're you've your yours yourself yourselves also just really like um uh yeah okay ok so well got get
  me coach tell told`
    .split(/\s+/)
    .filter(Boolean),
);

/** A word of a text and where it stands, so a passage can be cut around it. */
export interface WordToken {
  word: string;
  start: number;
  end: number;
}

const WORD_PATTERN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
// eslint-disable-next-line no-control-regex -- the whole ASCII range, NUL included, is the point of this test
const ASCII = /^[\x00-\x7f]*$/;

/** Lower-case words of a text with their offsets (accents folded, curly apostrophes straightened). */
export function wordTokens(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  for (const match of text.matchAll(WORD_PATTERN)) {
    // Most words are plain ASCII, which folding would leave as they are: skip it (it is most of the time spent here).
    const word = ASCII.test(match[0]) ? match[0].toLowerCase() : match[0].normalize('NFKD').replace(/\p{M}/gu, '').replace(/’/g, "'").toLowerCase();
    tokens.push({ word, start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

/** The words of a text that carry meaning: no stop words, no single letters. */
export function contentWords(text: string): string[] {
  return wordTokens(text)
    .map((token) => token.word)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}

/** Suffixes a light stemmer strips, first match per pass. */
const SUFFIX_RULES: readonly (readonly [RegExp, string])[] = [
  [/'s$/, ''],
  [/ies$/, 'y'],
  [/ied$/, 'y'],
  [/ations?$/, 'at'],
  [/ments?$/, ''],
  [/ings?$/, ''],
  [/edly$/, ''],
  [/ed$/, ''],
  [/ly$/, ''],
  [/([^s])s$/, '$1'],
  [/e$/, ''],
];

/**
 * A light English stemmer, two passes of suffix stripping: enough for "migrate", "migrated",
 * "migrating" and "migration" (and "manage", "managing", "management") to meet. The lexical index
 * uses SQLite's Porter stemmer itself.
 */
export function stem(word: string): string {
  let current = word;
  for (let pass = 0; pass < 2; pass++) {
    const rule = SUFFIX_RULES.find(([pattern]) => pattern.test(current));
    if (!rule) break;
    const stripped = current.replace(rule[0], rule[1]);
    if (stripped.length < 3) break;
    current = stripped;
  }
  return current;
}
