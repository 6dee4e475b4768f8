/**
 * Mixes the generic language model with a small domain model: every n-gram either holds gets
 * P(w | h) = (1 - weight) P_generic(w | h) + weight P_domain(w | h), each side backing off as it
 * does alone, and every context's backoff weight is computed again so each distribution sums to
 * one (as SRILM's `-mix-lm` does). The result is written as an ARPA file.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { SENTENCE_START, ngramKey, type KneserNeyModel, type Vocabulary } from './kneser-ney-model.ts';
import type { SphinxTrieModel } from './sphinx-trie-model.ts';

/** Below this a probability is "never": words one model does not know. */
const NEVER = -99;

interface MixedEntry {
  ids: number[];
  prob: number;
  backoff: number;
}

/**
 * The mixed model's n-grams per order. `generic` and `domain` share word ids: the vocabulary was
 * started with the generic model's words, in its order.
 */
export function mixModels(generic: SphinxTrieModel, domain: KneserNeyModel, weight: number): { vocabulary: Vocabulary; orders: MixedEntry[][] } {
  const vocabulary = domain.vocabulary;
  const genericWords = generic.counts[0] ?? 0;
  const genericProb = (ids: readonly number[]) => {
    const word = ids[ids.length - 1] ?? 0;
    if (ids.some((id) => id >= genericWords)) return 0;
    return 10 ** generic.logProb(ids.slice(0, -1), word);
  };
  const domainProb = (ids: readonly number[]) => {
    const logProb = domain.logProb(ids.slice(0, -1), ids[ids.length - 1] ?? 0);
    return logProb === undefined ? 0 : 10 ** logProb;
  };
  const mixed = (ids: readonly number[]) => (1 - weight) * genericProb(ids) + weight * domainProb(ids);
  const start = vocabulary.idOf(SENTENCE_START);

  // Every n-gram either model holds, once.
  const orders: MixedEntry[][] = [[], [], []];
  for (let id = 0; id < vocabulary.size; id++) orders[0]?.push({ ids: [id], prob: 0, backoff: 0 });
  for (const n of [2, 3]) {
    const seen = new Set<number>();
    const list = orders[n - 1] ?? [];
    generic.forEachNgram(n, (ids) => {
      seen.add(ngramKey(ids));
      list.push({ ids: [...ids], prob: 0, backoff: 0 });
    });
    for (const { ids } of domain.orders[n - 1]?.values() ?? []) if (!seen.has(ngramKey(ids))) list.push({ ids, prob: 0, backoff: 0 });
  }

  // Probabilities of explicit n-grams, and each context's sums for its backoff weight.
  const sums = new Map<number, { explicit: number; lower: number }>();
  for (const [index, list] of orders.entries()) {
    for (const entry of list) {
      const p = entry.ids[0] === start && index === 0 ? 0 : mixed(entry.ids);
      entry.prob = p > 0 ? Math.log10(p) : NEVER;
      if (index === 0) continue;
      const context = ngramKey(entry.ids.slice(0, -1));
      const sum = sums.get(context) ?? { explicit: 0, lower: 0 };
      sum.explicit += p;
      sum.lower += mixed(entry.ids.slice(1));
      sums.set(context, sum);
    }
  }
  for (const list of orders.slice(0, 2)) {
    for (const entry of list) {
      const sum = sums.get(ngramKey(entry.ids));
      if (!sum) continue;
      const left = Math.max(1 - sum.explicit, 1e-6);
      const lowerLeft = Math.max(1 - sum.lower, 1e-6);
      entry.backoff = Math.log10(left / lowerLeft);
    }
  }
  return { vocabulary, orders };
}

/** Writes a mixed model as an ARPA file. */
export async function writeArpa(path: string, vocabulary: Vocabulary, orders: MixedEntry[][]): Promise<void> {
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`\\data\\\n${orders.map((list, index) => `ngram ${index + 1}=${list.length}\n`).join('')}`);
  for (const [index, list] of orders.entries()) {
    await write(`\n\\${index + 1}-grams:\n`);
    const highest = index === orders.length - 1;
    let chunk = '';
    for (const entry of list) {
      chunk += `${entry.prob.toFixed(4)}\t${entry.ids.map((id) => vocabulary.words[id]).join(' ')}${highest ? '' : `\t${entry.backoff.toFixed(4)}`}\n`;
      if (chunk.length > 1 << 16) {
        await write(chunk);
        chunk = '';
      }
    }
    await write(chunk);
  }
  await write('\n\\end\\\n');
  out.end();
  await once(out, 'finish');
}
