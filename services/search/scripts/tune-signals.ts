/**
 * Tuning aid (tuning sets only, never the held-out ones): for every query, the signals of the
 * relevant story and of the best wrong one, so the relevance floor can be set from them.
 */
import { EVENT_SUBJECTS, messageStoryKey, storyContent } from '@story/proto';
import { WordVectors } from '@story/proto/word-vectors';
import { readFileSync } from 'node:fs';
import { EMBEDDING_DIMENSIONS, type Embedder } from '../src/embedding/embedder.ts';
import { SentenceEmbedder } from '../src/embedding/sentence.embedder.ts';
import { eventVersion } from '../src/indexing/event-version.ts';
import { StoryEmbeddingWorker } from '../src/indexing/story-embedding.worker.ts';
import { StoryIndexer } from '../src/indexing/story-indexer.ts';
import { StorySearchService } from '../src/retrieval/story-search.service.ts';
import { openSqliteSearchStorage } from '../src/storage/search-storage.ts';
import { EmbeddedVectorStore } from '../src/vectors/embedded-vector.store.ts';
import { messagesOf, readConversationSet } from '../src/evaluation/conversation-evaluation.ts';

const dir = new URL('../evaluation/', import.meta.url);
const json = (name: string) => JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
const base = new SentenceEmbedder();
const cache = new Map<string, Float32Array>();
const embedder: Embedder = {
  id: base.id,
  minSimilarity: base.minSimilarity,
  matchSimilarity: { confident: -2, supporting: -2 },
  async embed(texts, priority) {
    const missing = texts.filter((text) => !cache.has(text));
    const made = await base.embed(missing, priority);
    missing.forEach((text, i) => cache.set(text, made[i] ?? new Float32Array(EMBEDDING_DIMENSIONS)));
    return texts.map((text) => cache.get(text) ?? new Float32Array(EMBEDDING_DIMENSIONS));
  },
};
const wordVectors = WordVectors.load();

type Conv = { key: string; title?: string; messages: { me: string; coach: string }[] };
async function run(name: string, convs: Conv[], queries: { query: string; relevant: string[]; kind: string }[]) {
  const storage = openSqliteSearchStorage(':memory:');
  const vectors = EmbeddedVectorStore.open(':memory:', EMBEDDING_DIMENSIONS, 256);
  const indexer = new StoryIndexer({ stories: storage.stories, vectors, embedder });
  const worker = new StoryEmbeddingWorker({ stories: storage.stories, vectors, embedder, retry: false });
  const keyOf = new Map<number, string>();
  let seq = 0;
  let id = 1;
  for (const [i, c] of convs.entries()) {
    keyOf.set(i + 1, c.key);
    for (const m of c.messages) {
      seq++;
      await indexer.apply(
        EVENT_SUBJECTS.storySaved,
        { storyKey: messageStoryKey(id++), userId: 1, threadId: i + 1, title: c.title, sourceType: 'conversation', content: storyContent(m.me, m.coach), createdAt: new Date(seq).toISOString() },
        eventVersion(seq * 1000, seq),
      );
    }
  }
  await worker.drain();
  const search = new StorySearchService({ stories: storage.stories, vectors, embedder, wordVectors, resultLimit: 30 });
  for (const q of queries) {
    const found = await search.search(1, q.query, 'fused');
    const rows = found.map((hit) => ({ key: keyOf.get(hit.story.threadId ?? 0), sim: hit.signals.similarity, ev: hit.signals.evidence, cov: hit.coverage, ranks: hit.ranks }));
    if (process.env.DUMP) {
      const [qv] = await embedder.embed([q.query], 'query');
      const all = (await vectors.search(1, embedder.id, qv ?? new Float32Array(EMBEDDING_DIMENSIONS), 1000)).map((hit) => hit.similarity);
      process.stdout.write(`${JSON.stringify({ set: name, kind: q.kind, query: q.query, relevant: q.relevant, rows, all })}\n`);
      continue;
    }
    const rel = rows.find((row) => q.relevant.includes(row.key ?? ''));
    const wrong = rows.find((row) => !q.relevant.includes(row.key ?? ''));
    const f = (v: number | undefined) => (v === undefined ? '  -  ' : v.toFixed(3));
    process.stdout.write(
      `${name}\t${q.kind}\t${q.relevant.length ? 'R' : 'N'}\trank ${rel ? rows.indexOf(rel) + 1 : 0}\trel sim ${f(rel?.sim)} ev ${f(rel?.ev)}\twrong1 sim ${f(wrong?.sim)} ev ${f(wrong?.ev)}\t${q.query}\n`,
    );
  }
  await vectors.close();
  await storage.close();
}

const single = (files: string[]): Conv[] =>
  files.flatMap((file) => json(file) as { key: string; me: string; coach: string }[]).map((s) => ({ key: s.key, messages: [{ me: s.me, coach: s.coach }] }));
const which = process.argv.slice(2);
if (which.includes('original')) {
  const stories = single(['stories.json', 'held-out/stories.json']);
  await run('original', stories, [...json('queries.json'), ...json('nothing.json').map((n: { query: string; kind: string }) => ({ ...n, relevant: [] }))]);
}
if (which.includes('feeling-outcome')) await run('feeling-outcome', single(['stories.json']), json('feeling-outcome-queries.json'));
if (which.includes('conversations')) {
  const set = readConversationSet('conversations');
  const convs = set.stories.map((c, i) => ({
    key: c.key,
    title: c.title,
    messages: messagesOf(c, i + 1, 1).map((m) => ({ me: m.userMessage, coach: m.aiResponse })),
  }));
  await run('conversations', convs, set.queries);
}
process.exit(0);
