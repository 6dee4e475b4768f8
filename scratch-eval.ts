import { readFileSync } from 'node:fs';
import { OfflineEmbedder } from './services/search/src/embedding/offline.embedder.ts';
import { WordVectors } from './services/search/src/embedding/word-vectors.ts';
const stories = JSON.parse(readFileSync('services/search/evaluation/stories.json', 'utf8'));
const queries = JSON.parse(readFileSync('services/search/evaluation/queries.json', 'utf8'));
const wv = WordVectors.load();
const args = process.argv.slice(2).map(Number);
const e = new OfflineEmbedder(wv, { meaning: args[0] ?? 0.55, words: args[1] ?? 0.3, characters: args[2] ?? 0.15 });
const content = (s: any) => `Me: ${s.me}\n\nCoach: ${s.coach}`;
const sv = stories.map((s: any) => e.embedOne(content(s)));
const dot = (a: Float32Array, b: Float32Array) => { let x = 0; for (let i = 0; i < a.length; i++) x += a[i]! * b[i]!; return x; };
let mrr = 0, r5 = 0; const byKind: Record<string, number[]> = {};
for (const q of queries) {
  const qv = e.embedOne(q.query);
  const ranked = stories.map((s: any, i: number) => ({ key: s.key, score: dot(qv, sv[i]) })).sort((a: any, b: any) => b.score - a.score);
  const rank = ranked.findIndex((r: any) => q.relevant.includes(r.key)) + 1;
  mrr += 1 / rank; if (rank <= 5) r5++;
  (byKind[q.kind] ??= []).push(rank);
  if (rank > 1) console.log(rank, q.query, '->', ranked[0].key, ranked[0].score.toFixed(3), 'rel', ranked[rank-1].score.toFixed(3));
}
console.log('MRR', (mrr / queries.length).toFixed(3), 'R@5', (r5 / queries.length).toFixed(3), JSON.stringify(byKind));
