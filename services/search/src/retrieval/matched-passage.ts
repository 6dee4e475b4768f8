import type { WordVectors } from '@story/language/word-vectors';
import { STOP_WORDS, stem, wordTokens, type WordToken } from '../text/words.ts';

/** Character offsets of a passage in a text. */
export interface Passage {
  start: number;
  end: number;
}

/** A passage is at most this many words; the best window of that size within one sentence run wins. */
const WINDOW_WORDS = 30;
/** Words closer in meaning than this count as a (weaker) match: "boss" for "manager". */
const SOFT_MATCH = 0.55;

interface Sentence {
  start: number;
  end: number;
  tokens: WordToken[];
}

function sentencesOf(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  const pattern = /[^.!?\n]+[.!?]*/g;
  for (const match of text.matchAll(pattern)) {
    const raw = match[0];
    const lead = raw.length - raw.trimStart().length;
    const start = match.index + lead;
    const end = match.index + raw.trimEnd().length;
    if (end <= start) continue;
    sentences.push({ start, end, tokens: wordTokens(raw).map((token) => ({ ...token, start: token.start + match.index, end: token.end + match.index })) });
  }
  return sentences;
}

/**
 * The passage of a story that explains why it came up: the sentence (or run of sentences, at most
 * WINDOW_WORDS words) whose words best match the query's, by word (stemmed) and by meaning (GloVe
 * neighbours), rare words weighing more. Undefined when nothing in the story matches at all.
 */
export function matchedPassage(content: string, query: string, vectors: WordVectors): Passage | undefined {
  const queryWords = wordTokens(query)
    .map((token) => token.word)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
  if (queryWords.length === 0) return undefined;
  const weight = (word: string) => Math.log(2 + (vectors.rank(word) ?? 100_000) / 1000);
  const queryStems = new Map(queryWords.map((word) => [stem(word), word]));
  const wordScore = (word: string): number => {
    if (STOP_WORDS.has(word) || word.length <= 1) return 0;
    const exact = queryStems.get(stem(word));
    if (exact) return weight(exact);
    let best = 0;
    for (const queryWord of queryWords) {
      const similarity = vectors.similarity(word, queryWord) ?? 0;
      if (similarity > SOFT_MATCH) best = Math.max(best, similarity * weight(queryWord) * 0.6);
    }
    return best;
  };

  const sentences = sentencesOf(content);
  let best: { score: number; passage: Passage } | undefined;
  for (let first = 0; first < sentences.length; first++) {
    let score = 0;
    let words = 0;
    for (let last = first; last < sentences.length; last++) {
      const sentence = sentences[last];
      if (!sentence) break;
      words += sentence.tokens.length;
      if (last > first && words > WINDOW_WORDS) break;
      score += sentence.tokens.reduce((sum, token) => sum + wordScore(token.word), 0);
      // Longer runs must earn their length: a little less per extra sentence.
      const adjusted = score / (1 + 0.15 * (last - first));
      if (adjusted > 0 && (!best || adjusted > best.score)) best = { score: adjusted, passage: { start: sentences[first]?.start ?? 0, end: sentence.end } };
    }
  }
  return best?.passage;
}
