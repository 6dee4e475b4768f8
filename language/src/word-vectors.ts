import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The compact word-vector file (`language/assets/word-vectors.bin`, made by `services/search/scripts/compact-word-vectors.ts`), shared by every service (search embeds with it, feedback matches question words softly):
 *
 *   "STWV" | version u32 | words u32 | dimensions u32 | levels u32 | scale f32 x words | int8 x words x dimensions
 *   | per level: clusters u32, cluster u16 x words (padded to 4 bytes) | words, UTF-8, "\n"-separated
 *
 * little-endian, words most frequent first. A vector is its int8 values times its scale. Each level
 * of clusters (k-means over the vectors, coarse to fine) gives every word the cluster it falls in.
 */
const MAGIC = 'STWV';
const VERSION = 2;
const HEADER_BYTES = 20;

/** One level of word clusters: how many, and each word's. */
export interface ClusterLevel {
  clusters: number;
  assignment: Uint16Array;
}

/**
 * The committed file (a few MB, read in a tenth of a second): the search service's offline embedder reads it, the
 * feedback service's question identity and story fit, and the profile service's topic overlap. Resolved beside this
 * file; the service bundles keep each file's own `import.meta.url` and the images copy `language/assets/`.
 */
export const WORD_VECTORS_FILE = fileURLToPath(new URL('../assets/word-vectors.bin', import.meta.url));

/** Words worth a vector: letters, digits, inner hyphens and apostrophes (no punctuation tokens). */
export function isIndexableWord(word: string): boolean {
  return /^[a-z0-9][a-z0-9'-]*$/.test(word) && /[a-z]/.test(word);
}

/** Packs words, their vectors (int8 per value, one scale per word) and their clusters into the file's bytes. */
export function encodeWordVectors(
  words: readonly string[],
  vectors: readonly Float32Array[],
  dimensions: number,
  levels: readonly ClusterLevel[] = [],
): Buffer {
  const count = words.length;
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, 'ascii');
  header.writeUInt32LE(VERSION, 4);
  header.writeUInt32LE(count, 8);
  header.writeUInt32LE(dimensions, 12);
  header.writeUInt32LE(levels.length, 16);
  const scales = new Float32Array(count);
  const values = new Int8Array(count * dimensions);
  vectors.forEach((vector, row) => {
    let largest = 0;
    for (const value of vector) largest = Math.max(largest, Math.abs(value));
    const scale = largest / 127 || 1;
    scales[row] = scale;
    for (let d = 0; d < dimensions; d++) values[row * dimensions + d] = Math.round((vector[d] ?? 0) / scale);
  });
  const clusterParts = levels.flatMap((level) => {
    const size = Buffer.alloc(4);
    size.writeUInt32LE(level.clusters, 0);
    const padded = new Uint16Array(count + (count % 2));
    padded.set(level.assignment);
    return [size, Buffer.from(padded.buffer)];
  });
  return Buffer.concat([header, Buffer.from(scales.buffer), Buffer.from(values.buffer), ...clusterParts, Buffer.from(words.join('\n'), 'utf8')]);
}

/** Word vectors in memory: a word's row, its frequency rank, and its vector (unit length). */
export class WordVectors {
  private readonly rows = new Map<string, number>();
  /** Every word's vector, scaled to unit length, row after row. */
  private readonly unit: Float32Array;

  private constructor(
    readonly words: readonly string[],
    readonly dimensions: number,
    scales: Float32Array,
    values: Int8Array,
    readonly levels: readonly ClusterLevel[],
  ) {
    words.forEach((word, row) => this.rows.set(word, row));
    this.unit = new Float32Array(values.length);
    for (let row = 0; row < words.length; row++) {
      const scale = scales[row] ?? 1;
      let norm = 0;
      for (let d = 0; d < dimensions; d++) {
        const value = (values[row * dimensions + d] ?? 0) * scale;
        this.unit[row * dimensions + d] = value;
        norm += value * value;
      }
      const inverse = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      for (let d = 0; d < dimensions; d++) this.unit[row * dimensions + d] = (this.unit[row * dimensions + d] ?? 0) * inverse;
    }
  }

  /** Reads the file's bytes; a file of another shape is refused with a clear message. */
  static decode(bytes: Buffer): WordVectors {
    if (bytes.length < HEADER_BYTES || bytes.toString('ascii', 0, 4) !== MAGIC || bytes.readUInt32LE(4) !== VERSION) {
      throw new Error(`word-vectors.bin is not a version-${VERSION} word-vector file (run npm run compact-word-vectors -w @story/search)`);
    }
    const count = bytes.readUInt32LE(8);
    const dimensions = bytes.readUInt32LE(12);
    const levelCount = bytes.readUInt32LE(16);
    const copy = (from: number, to: number) => bytes.buffer.slice(bytes.byteOffset + from, bytes.byteOffset + to);
    const scalesAt = HEADER_BYTES;
    const valuesAt = scalesAt + count * 4;
    let at = valuesAt + count * dimensions;
    // Copies, so the arrays are aligned whatever the Buffer's offset in its pool.
    const scales = new Float32Array(copy(scalesAt, valuesAt));
    const values = new Int8Array(copy(valuesAt, at));
    const levels: ClusterLevel[] = [];
    for (let level = 0; level < levelCount; level++) {
      const clusters = bytes.readUInt32LE(at);
      const bytesOfLevel = (count + (count % 2)) * 2;
      levels.push({ clusters, assignment: new Uint16Array(copy(at + 4, at + 4 + bytesOfLevel)).subarray(0, count) });
      at += 4 + bytesOfLevel;
    }
    const words = bytes.toString('utf8', at).split('\n');
    if (words.length !== count) throw new Error(`word-vectors.bin lists ${words.length} words, its header ${count}`);
    return new WordVectors(words, dimensions, scales, values, levels);
  }

  /** Loads the committed file. */
  static load(file: string = WORD_VECTORS_FILE): WordVectors {
    return WordVectors.decode(readFileSync(file));
  }

  /** The word's frequency rank (0 is the most frequent), or undefined when it has no vector. */
  rank(word: string): number | undefined {
    return this.rows.get(word);
  }

  /** The word's cluster at a level (0 is the coarsest), or undefined when it has no vector. */
  clusterOf(word: string, level: number): number | undefined {
    const row = this.rows.get(word);
    return row === undefined ? undefined : this.levels[level]?.assignment[row];
  }

  /** Adds `weight` times the word's unit vector to `into` (at `offset`); false when the word has none. */
  addTo(word: string, weight: number, into: Float32Array, offset = 0): boolean {
    const row = this.rows.get(word);
    if (row === undefined) return false;
    const start = row * this.dimensions;
    for (let d = 0; d < this.dimensions; d++) into[offset + d] = (into[offset + d] ?? 0) + weight * (this.unit[start + d] ?? 0);
    return true;
  }

  /** Cosine similarity of two words, or undefined when either has no vector. */
  similarity(a: string, b: string): number | undefined {
    const rowA = this.rows.get(a);
    const rowB = this.rows.get(b);
    if (rowA === undefined || rowB === undefined) return undefined;
    return dotProduct(this.unitVectorAt(rowA), this.unitVectorAt(rowB));
  }

  /** The unit vector of a word, or undefined when it has none (a view: do not change it). */
  unitVector(word: string): Float32Array | undefined {
    const row = this.rows.get(word);
    return row === undefined ? undefined : this.unitVectorAt(row);
  }

  private unitVectorAt(row: number): Float32Array {
    return this.unit.subarray(row * this.dimensions, (row + 1) * this.dimensions);
  }
}

/** The dot product of two vectors of the same length (the cosine, for unit vectors). */
export function dotProduct(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let d = 0; d < a.length; d++) dot += (a[d] ?? 0) * (b[d] ?? 0);
  return dot;
}
