/**
 * Reads a language model in sphinxbase's binary trie format (`en-us.lm.bin`) straight from its
 * bytes. Debian's `sphinx_lm_convert` cannot turn that file into ARPA text (it aborts: the file's
 * header counts six bigrams more than its trie holds), so the career model reads the generic one
 * here to interpolate with it.
 *
 * The layout (sphinxbase 5prealpha, little endian): "Trie Language Model", the order (1 byte), each
 * order's count (uint32); an int32 and the quantiser's tables (per middle order 2^16 probabilities
 * and 2^16 backoffs, then 2^16 probabilities for the highest order, float32); the unigrams
 * (count + 1 of {prob float32, backoff float32, next uint32}); the bit-packed middle and highest
 * orders; the words' length (int32) and the words, each ended by a zero byte. Scores are logs in
 * base 1.0001, as pocketsphinx keeps them. The trie is keyed newest word first: the n-gram "one of
 * the" is the path the → of → one, and holds P(the | one of) and the backoff of "one of the".
 */
import { readFileSync } from 'node:fs';

const HEADER = 'Trie Language Model';
const QUANT_BITS = 16;
const LOG_BASE_1_0001_TO_LOG10 = Math.log10(1.0001);

const requiredBits = (max: number) => (max === 0 ? 0 : Math.floor(Math.log2(max)) + 1);

/** A middle (not highest) order's bit-packed array: each entry a word, backoff and probability codes, and where its successors begin. */
interface PackedOrder {
  offset: number;
  totalBits: number;
  wordBits: number;
  /** Bits of the next pointer (middle orders only). */
  nextBits: number;
  /** Quantised bits between the word and the next pointer: 32 for middle orders (backoff, then probability), 16 for the highest. */
  quantBits: number;
  probTable: Float32Array;
  backoffTable?: Float32Array;
}

/** A generic n-gram model read from the trie: each n-gram's log10 probability and backoff, by word ids. */
export class SphinxTrieModel {
  readonly order: number;
  readonly counts: number[];
  readonly words: string[];
  private readonly bytes: Buffer;
  private readonly unigramsAt: number;
  private readonly orders: PackedOrder[] = [];
  private readonly wordIds = new Map<string, number>();

  constructor(path: string) {
    const bytes = readFileSync(path);
    this.bytes = bytes;
    if (bytes.toString('latin1', 0, HEADER.length) !== HEADER) throw new Error(`${path} is not a sphinx trie language model`);
    let at = HEADER.length;
    this.order = bytes.readUInt8(at);
    at += 1;
    this.counts = [];
    for (let i = 0; i < this.order; i++, at += 4) this.counts.push(bytes.readUInt32LE(at));
    const unigramCount = this.counts[0] ?? 0;
    at += 4; // the quantiser's unused type
    const table = (length: number) => {
      const values = new Float32Array(length);
      for (let i = 0; i < length; i++) values[i] = bytes.readFloatLE(at + i * 4);
      at += length * 4;
      return values;
    };
    const middleTables: { prob: Float32Array; backoff: Float32Array }[] = [];
    for (let n = 2; n < this.order; n++) middleTables.push({ prob: table(1 << QUANT_BITS), backoff: table(1 << QUANT_BITS) });
    const longestTable = this.order > 1 ? table(1 << QUANT_BITS) : new Float32Array(0);
    this.unigramsAt = at;
    at += (unigramCount + 1) * 12;
    const wordBits = requiredBits(unigramCount);
    for (let n = 2; n <= this.order; n++) {
      const entries = this.counts[n - 1] ?? 0;
      const highest = n === this.order;
      const nextBits = highest ? 0 : requiredBits(this.counts[n] ?? 0);
      const quantBits = highest ? QUANT_BITS : 2 * QUANT_BITS;
      const totalBits = wordBits + quantBits + nextBits;
      const tables = highest ? { prob: longestTable, backoff: undefined } : middleTables[n - 2];
      this.orders.push({ offset: at, totalBits, wordBits, nextBits, quantBits, probTable: tables?.prob ?? longestTable, backoffTable: tables?.backoff });
      at += Math.floor(((1 + entries) * totalBits + 7) / 8) + 8;
    }
    const wordBytes = bytes.readInt32LE(at);
    at += 4;
    this.words = bytes
      .toString('latin1', at, at + wordBytes)
      .split('\0')
      .slice(0, unigramCount);
    this.words.forEach((word, id) => this.wordIds.set(word, id));
  }

  /** The id of `word`, or undefined when the model does not know it. */
  idOf(word: string): number | undefined {
    return this.wordIds.get(word);
  }

  /** A unigram's log10 probability and backoff. */
  unigram(id: number): { prob: number; backoff: number } {
    const at = this.unigramsAt + id * 12;
    return { prob: this.bytes.readFloatLE(at) * LOG_BASE_1_0001_TO_LOG10, backoff: this.bytes.readFloatLE(at + 4) * LOG_BASE_1_0001_TO_LOG10 };
  }

  /** Calls `visit` with every n-gram of `n` words (2 or more, oldest word first) the trie holds. */
  forEachNgram(n: number, visit: (ids: readonly number[], prob: number, backoff: number) => void): void {
    const ids: number[] = [];
    const walk = (depth: number, begin: number, end: number) => {
      const packed = this.orders[depth - 2];
      if (!packed) return;
      for (let index = begin; index < end; index++) {
        ids[depth - 1] = this.field(packed, index, 0, packed.wordBits);
        if (depth === n) {
          const { prob, backoff } = this.scores(packed, index);
          visit(ids.slice(0, n).reverse(), prob, backoff);
        } else {
          const range = this.successors(packed, index);
          walk(depth + 1, range.begin, range.end);
        }
      }
    };
    const unigramCount = this.counts[0] ?? 0;
    for (let id = 0; id < unigramCount; id++) {
      ids[0] = id;
      walk(2, this.unigramNext(id), this.unigramNext(id + 1));
    }
  }

  /** The log10 probability of `word` after `history` (oldest first), backing off as pocketsphinx does. */
  logProb(history: readonly number[], word: number): number {
    const context = history.slice(Math.max(0, history.length - (this.order - 1)));
    // Longest explicit n-gram first; each shorter one adds the skipped context's backoff.
    for (let start = 0; start <= context.length; start++) {
      const found = this.find([...context.slice(start), word]);
      if (found === undefined) continue;
      let backoff = 0;
      for (let skipped = 0; skipped < start; skipped++) backoff += this.find(context.slice(skipped))?.backoff ?? 0;
      return found.prob + backoff;
    }
    return -99;
  }

  /** An n-gram's (oldest word first) own log10 probability and backoff, or undefined when the trie does not hold it. */
  find(ngram: readonly number[]): { prob: number; backoff: number } | undefined {
    const ids = [...ngram].reverse();
    const [first] = ids;
    if (first === undefined || first >= (this.counts[0] ?? 0)) return undefined;
    if (ids.length === 1) return this.unigram(first);
    let begin = this.unigramNext(first);
    let end = this.unigramNext(first + 1);
    for (let depth = 2; depth <= ids.length; depth++) {
      const packed = this.orders[depth - 2];
      const word = ids[depth - 1];
      if (!packed || word === undefined) return undefined;
      let low = begin;
      let high = end - 1;
      let index = -1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const value = this.field(packed, middle, 0, packed.wordBits);
        if (value === word) {
          index = middle;
          break;
        }
        if (value < word) low = middle + 1;
        else high = middle - 1;
      }
      if (index < 0) return undefined;
      if (depth === ids.length) return this.scores(packed, index);
      ({ begin, end } = this.successors(packed, index));
    }
    return undefined;
  }

  private unigramNext(id: number): number {
    return this.bytes.readUInt32LE(this.unigramsAt + id * 12 + 8);
  }

  private successors(packed: PackedOrder, index: number): { begin: number; end: number } {
    const at = packed.wordBits + packed.quantBits;
    return { begin: this.field(packed, index, at, packed.nextBits), end: this.field(packed, index + 1, at, packed.nextBits) };
  }

  private scores(packed: PackedOrder, index: number): { prob: number; backoff: number } {
    if (!packed.backoffTable)
      return { prob: (packed.probTable[this.field(packed, index, packed.wordBits, QUANT_BITS)] ?? 0) * LOG_BASE_1_0001_TO_LOG10, backoff: 0 };
    const backoff = packed.backoffTable[this.field(packed, index, packed.wordBits, QUANT_BITS)] ?? 0;
    const prob = packed.probTable[this.field(packed, index, packed.wordBits + QUANT_BITS, QUANT_BITS)] ?? 0;
    return { prob: prob * LOG_BASE_1_0001_TO_LOG10, backoff: backoff * LOG_BASE_1_0001_TO_LOG10 };
  }

  /** `bits` bits at bit `at` of entry `index`, read as sphinxbase reads them (a 32-bit little-endian word from the byte holding the first bit). */
  private field(packed: PackedOrder, index: number, at: number, bits: number): number {
    const bit = index * packed.totalBits + at;
    const word = this.bytes.readUInt32LE(packed.offset + Math.floor(bit / 8));
    // Fields are at most 25 bits and start within the first byte: the 32-bit word holds them whole.
    return (word >>> (bit % 8)) & ((1 << bits) - 1);
  }
}
