/**
 * A trigram model of a small corpus with interpolated Kneser-Ney smoothing (one discount per
 * order, n1 / (n1 + 2 n2)), kept as a backoff model: each seen n-gram's log10 probability and each
 * context's backoff weight, as ARPA files hold them. Word ids come from a shared `Vocabulary`, so
 * the model can be mixed with another by id.
 */

export const SENTENCE_START = '<s>';
export const SENTENCE_END = '</s>';

/** Words and their ids; ids of words already known are kept. */
export class Vocabulary {
  readonly words: string[] = [];
  private readonly ids = new Map<string, number>();

  constructor(words: readonly string[] = []) {
    for (const word of words) this.add(word);
  }

  add(word: string): number {
    const known = this.ids.get(word);
    if (known !== undefined) return known;
    this.ids.set(word, this.words.length);
    this.words.push(word);
    return this.words.length - 1;
  }

  idOf(word: string): number | undefined {
    return this.ids.get(word);
  }

  get size(): number {
    return this.words.length;
  }
}

/** Keys of n-grams by id: ids are under 2^17, so a trigram's key stays under 2^53. */
const SPAN = 1 << 17;
export const ngramKey = (ids: readonly number[]) => ids.reduce((key, id) => key * SPAN + id, 0);

export interface BackoffEntry {
  prob: number;
  backoff: number;
}

/** A backoff trigram model over a `Vocabulary`: log10 probabilities, by n-gram key per order. */
export class KneserNeyModel {
  /** orders[0]: unigrams, orders[1]: bigrams, orders[2]: trigrams; each n-gram's ids and its entry. */
  readonly orders: Map<number, { ids: number[]; entry: BackoffEntry }>[] = [new Map(), new Map(), new Map()];

  constructor(readonly vocabulary: Vocabulary) {}

  /** Builds the model of `sentences` (words separated by spaces). */
  static fromSentences(sentences: readonly string[], vocabulary: Vocabulary): KneserNeyModel {
    const model = new KneserNeyModel(vocabulary);
    const start = vocabulary.add(SENTENCE_START);
    const end = vocabulary.add(SENTENCE_END);
    const trigramCounts = new Map<number, { ids: number[]; count: number }>();
    const startBigramCounts = new Map<number, { ids: number[]; count: number }>();
    for (const sentence of sentences) {
      const words = sentence.split(/\s+/).filter(Boolean);
      if (words.length === 0) continue;
      const ids = [start, ...words.map((word) => vocabulary.add(word)), end];
      const first = [start, ids[1] ?? end];
      const counted = startBigramCounts.get(ngramKey(first)) ?? { ids: first, count: 0 };
      counted.count++;
      startBigramCounts.set(ngramKey(first), counted);
      for (let i = 2; i < ids.length; i++) {
        const trigram = [ids[i - 2] ?? start, ids[i - 1] ?? start, ids[i] ?? end];
        const key = ngramKey(trigram);
        const entry = trigramCounts.get(key) ?? { ids: trigram, count: 0 };
        entry.count++;
        trigramCounts.set(key, entry);
      }
    }
    // Bigrams: continuation counts (how many words come before), raw counts after <s>.
    const bigramCounts = new Map<number, { ids: number[]; count: number }>(startBigramCounts);
    for (const { ids } of trigramCounts.values()) {
      const bigram = ids.slice(1);
      const key = ngramKey(bigram);
      if (bigram[0] === start) continue;
      const entry = bigramCounts.get(key) ?? { ids: bigram, count: 0 };
      entry.count++;
      bigramCounts.set(key, entry);
    }
    const unigramCounts = new Map<number, number>();
    for (const { ids } of bigramCounts.values()) {
      const word = ids[1] ?? end;
      unigramCounts.set(word, (unigramCounts.get(word) ?? 0) + 1);
    }
    const unigramTotal = [...unigramCounts.values()].reduce((sum, count) => sum + count, 0);
    const unigramProb = (word: number) => (unigramCounts.get(word) ?? 0) / unigramTotal;

    const bigramLayer = smoothedLayer(bigramCounts, (ids) => unigramProb(ids[1] ?? end));
    const bigramProb = (ids: readonly number[]) => bigramLayer.prob(ids) ?? bigramLayer.gamma(ids.slice(0, 1)) * unigramProb(ids[1] ?? end);
    const trigramLayer = smoothedLayer(trigramCounts, (ids) => bigramProb(ids.slice(1)));

    for (const [word, count] of unigramCounts)
      model.orders[0]?.set(ngramKey([word]), { ids: [word], entry: { prob: Math.log10(count / unigramTotal), backoff: 0 } });
    model.orders[0]?.set(ngramKey([start]), { ids: [start], entry: { prob: -99, backoff: 0 } });
    for (const { ids } of bigramCounts.values())
      model.orders[1]?.set(ngramKey(ids), { ids, entry: { prob: Math.log10(bigramLayer.prob(ids) ?? 0), backoff: 0 } });
    for (const { ids } of trigramCounts.values())
      model.orders[2]?.set(ngramKey(ids), { ids, entry: { prob: Math.log10(trigramLayer.prob(ids) ?? 0), backoff: 0 } });
    for (const context of bigramLayer.contexts()) {
      const unigram = model.orders[0]?.get(ngramKey(context));
      if (unigram) unigram.entry.backoff = Math.log10(bigramLayer.gamma(context));
    }
    for (const context of trigramLayer.contexts()) {
      const bigram = model.orders[1]?.get(ngramKey(context));
      if (bigram) bigram.entry.backoff = Math.log10(trigramLayer.gamma(context));
    }
    return model;
  }

  /** log10 P(word | history), backing off; undefined when the model has never seen `word`. */
  logProb(history: readonly number[], word: number): number | undefined {
    const context = history.slice(-2);
    let backoff = 0;
    for (let start = 0; start <= context.length; start++) {
      const ngram = [...context.slice(start), word];
      const found = this.orders[ngram.length - 1]?.get(ngramKey(ngram));
      if (found) return found.entry.prob + backoff;
      const skipped = context.slice(start);
      backoff += this.orders[skipped.length - 1]?.get(ngramKey(skipped))?.entry.backoff ?? 0;
    }
    return undefined;
  }
}

/** One order of interpolated Kneser-Ney: discounted counts plus gamma(context) times the lower order. */
function smoothedLayer(counts: Map<number, { ids: number[]; count: number }>, lower: (ids: readonly number[]) => number) {
  let once = 0;
  let twice = 0;
  for (const { count } of counts.values()) {
    if (count === 1) once++;
    else if (count === 2) twice++;
  }
  const discount = once + twice > 0 ? Math.min(0.9, Math.max(0.1, once / (once + 2 * twice))) : 0.5;
  const totals = new Map<number, { ids: number[]; total: number; types: number }>();
  for (const { ids, count } of counts.values()) {
    const context = ids.slice(0, -1);
    const key = ngramKey(context);
    const entry = totals.get(key) ?? { ids: context, total: 0, types: 0 };
    entry.total += count;
    entry.types++;
    totals.set(key, entry);
  }
  const gamma = (context: readonly number[]) => {
    const entry = totals.get(ngramKey(context));
    return entry ? (discount * entry.types) / entry.total : 1;
  };
  return {
    gamma,
    contexts: () => [...totals.values()].map((entry) => entry.ids),
    prob: (ids: readonly number[]): number | undefined => {
      const seen = counts.get(ngramKey(ids));
      if (!seen) return undefined;
      const total = totals.get(ngramKey(ids.slice(0, -1)))?.total ?? 1;
      return Math.max(seen.count - discount, 0) / total + gamma(ids.slice(0, -1)) * lower(ids);
    },
  };
}
