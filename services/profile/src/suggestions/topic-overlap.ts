import { contentWords, stem } from '@story/language';
import { WordVectors, dotProduct } from '@story/language/word-vectors';

/** Words a bullet shares with any other (its vague or everyday verbs, résumé boilerplate): they say nothing about what it is about. */
const GENERIC_WORDS = new Set(
  `responsible worked working work works helped help helping assisted assist assisting involved participated participating took part duties
  included include including tasked charge handled handling dealt exposure familiar various daily weekly key new team teams project projects
  company role member members stakeholders across multiple ensure ensured using used use within successfully effectively day
  managed manage managing maintained maintain developed develop coordinated coordinate supervised oversaw ran led performed provided
  conducted created generated`.split(/\s+/),
);

/**
 * Names the word vectors do not know, with the everyday words they stand for: a story about "our
 * Instagram" is about social media.
 */
const KNOWN_NAMES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  ['instagram', 'tiktok', 'facebook', 'twitter', 'linkedin', 'youtube', 'snapchat', 'pinterest'].map((name) => [name, ['social', 'media']]),
);

/** Below this GloVe cosine two words are not taken for the same subject ("latency" and "speed" are; "checkout" and "team" are not). */
const CLOSE_WORDS = 0.6;
/** The most frequent words lie near too many others: they match only as themselves. */
const COMMON_RANK = 200;

let shared: WordVectors | undefined;

/** The word vectors, read on first use (about 0.1 s) and kept for the life of the process. */
export function topicWordVectors(): WordVectors {
  shared ??= WordVectors.load();
  return shared;
}

/** A word of what a bullet is about, with how much it weighs (rarer words weigh more). */
export interface TopicWord {
  word: string;
  stem: string;
  weight: number;
  vector: Float32Array | undefined;
  /** Whether it names the thing the bullet is about ("checkout", "onboarding"), rather than being its leading verb ("Trained", "Improved"). */
  object: boolean;
}

/** The words that say what a bullet is about: its content words less the vague verbs and résumé boilerplate. */
export function topicWords(text: string, vectors = topicWordVectors()): TopicWord[] {
  const seen = new Set<string>();
  const leading = /^\W*([a-z]+)/i.exec(text)?.[1]?.toLowerCase();
  return contentWords(text).flatMap((word, index) => {
    if (GENERIC_WORDS.has(word) || /^\d/.test(word) || seen.has(word)) return [];
    seen.add(word);
    const rank = vectors.rank(word);
    const vector = rank !== undefined && rank >= COMMON_RANK ? vectors.unitVector(word) : undefined;
    return [{ word, stem: stem(word), weight: Math.log(2 + (rank ?? 50_000) / 1000), vector, object: !(index === 0 && word === leading) }];
  });
}

/** A word of a text as the overlap reads it. */
interface TextWord {
  stem: string;
  vector: Float32Array | undefined;
  rank: number | undefined;
}

/** Texts already read, by their words; emptied when it grows past this many (a story is read once per bullet it is matched to). */
const CACHED_TEXTS = 5000;
const textCache = new Map<string, TextWord[]>();

function textWords(text: string, vectors: WordVectors): TextWord[] {
  const known = textCache.get(text);
  if (known) return known;
  const read = [...new Set(contentWords(text).flatMap((word) => [word, ...(KNOWN_NAMES[word] ?? [])]))].map((word) => ({
    stem: stem(word),
    vector: vectors.unitVector(word),
    rank: vectors.rank(word),
  }));
  if (textCache.size >= CACHED_TEXTS) textCache.clear();
  textCache.set(text, read);
  return read;
}

/**
 * How much of a bullet's subject a text is about, 0–1: each topic word matched to the closest word of
 * the text (the same stem 1, a GloVe neighbour its cosine when at least CLOSE_WORDS), weighted by rarity.
 */
export function topicOverlap(topic: readonly TopicWord[], text: string, vectors = topicWordVectors()): number {
  const total = topic.reduce((sum, word) => sum + word.weight, 0);
  if (total === 0) return 0;
  let matched = 0;
  const words = textWords(text, vectors);
  for (const word of topic) {
    let best = 0;
    for (const other of words) {
      if (other.stem === word.stem) {
        best = 1;
        break;
      }
      if (!word.vector || !other.vector || (other.rank ?? 0) < COMMON_RANK) continue;
      const similarity = dotProduct(word.vector, other.vector);
      if (similarity >= CLOSE_WORDS && similarity > best) best = similarity;
    }
    matched += word.weight * best;
  }
  return matched / total;
}

/** Above this GloVe cosine a word of a text names the same thing as the bullet's ("nurse" and "nurses" share a stem anyway). */
const SAME_THING = 0.8;

/**
 * Whether a text names what the bullet is about: one of its object words itself (its stem) or a very
 * close neighbour. Everyday neighbours ("move" and "came", "customers" and "expect") make a text look
 * on topic without naming the thing: they count towards the overlap, never as the thing named.
 */
export function namesObject(topic: readonly TopicWord[], text: string, vectors = topicWordVectors()): boolean {
  const words = textWords(text, vectors);
  return topic.some(
    (word) =>
      word.object &&
      words.some(
        (other) =>
          other.stem === word.stem || (word.vector && other.vector && (other.rank ?? 0) >= COMMON_RANK && dotProduct(word.vector, other.vector) >= SAME_THING),
      ),
  );
}
