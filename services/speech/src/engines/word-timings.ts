import { displayWords, wordWeight, type WordTiming } from '@story/proto';

export { displayWords, estimateWordTimings } from '@story/proto';

/** A word as an engine said it: the text token it came from, and when it was said (seconds). */
export interface SpokenWord {
  token: string;
  start: number;
  end: number;
}

/** Letters and digits only, lower case, accents dropped: how a display word and an engine's token are compared. */
export function wordKey(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * The reply as a speech engine that reads ASCII is given it: curly quotes and dashes made plain,
 * accents dropped, anything else outside printable ASCII (emoji, symbols) left out, and no `"` or `\`
 * (festival reads the text inside a Scheme string). The words in the order of `text`.
 */
export function speakableText(text: string): string {
  return displayWords(text)
    .map((word) =>
      word
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[\u2018\u2019\u201a\u201b"]/g, "'")
        .replace(/[\u201c\u201d\u201e]/g, "'")
        .replace(/[\u2013\u2014\u2015]/g, ',')
        .replace(/\u2026/g, '...')
        .replace(/[^\x20-\x7e]/g, '')
        .replace(/\\/g, ''),
    )
    .filter((word) => word.length > 0)
    .join(' ');
}

/**
 * Puts an engine's spoken words onto the display words of `text`: a display word takes the span of
 * the engine words whose token matches it (festival says "80%" as "eighty percent", both under the
 * token "80%"). Display words the engine did not say on its own (a lone dash, a word it merged) get
 * a share of the gap between their neighbours, so every display word has a time, in order.
 */
export function alignWordTimings(text: string, spoken: readonly SpokenWord[], durationSeconds: number): WordTiming[] {
  const words = displayWords(text);
  const spans: ({ start: number; end: number } | undefined)[] = words.map(() => undefined);
  let next = 0;
  words.forEach((word, index) => {
    const key = wordKey(word);
    if (!key) return;
    // Look a few engine words ahead: tokens of pure punctuation have no words of their own.
    for (let look = next; look < Math.min(spoken.length, next + 4); look++) {
      if (wordKey(spoken[look]?.token ?? '') !== key) continue;
      let last = look;
      while (last + 1 < spoken.length && spoken[last + 1]?.token === spoken[look]?.token && wordKey(words[index + 1] ?? '') !== key) last += 1;
      spans[index] = { start: spoken[look]?.start ?? 0, end: spoken[last]?.end ?? 0 };
      next = last + 1;
      return;
    }
  });
  return fillGaps(words, spans, durationSeconds);
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Gives words without a span a share of the time between the spans around them. */
function fillGaps(words: readonly string[], spans: readonly ({ start: number; end: number } | undefined)[], durationSeconds: number): WordTiming[] {
  const timings: WordTiming[] = [];
  let index = 0;
  while (index < words.length) {
    const span = spans[index];
    if (span) {
      timings.push({ word: words[index] ?? '', start: round(span.start), end: round(Math.max(span.start, span.end)) });
      index += 1;
      continue;
    }
    let gapEnd = index;
    while (gapEnd < words.length && !spans[gapEnd]) gapEnd += 1;
    const from = timings.at(-1)?.end ?? 0;
    const to = Math.max(from, spans[gapEnd]?.start ?? durationSeconds);
    const gap = words.slice(index, gapEnd);
    const total = gap.reduce((sum, word) => sum + wordWeight(word), 0);
    let at = from;
    for (const word of gap) {
      const length = ((to - from) * wordWeight(word)) / total;
      timings.push({ word, start: round(at), end: round(at + length) });
      at += length;
    }
    index = gapEnd;
  }
  return timings;
}
