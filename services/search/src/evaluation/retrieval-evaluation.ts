import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EVENT_SUBJECTS } from '@story/proto';
import { z } from 'zod';
import { EMBEDDING_DIMENSIONS, type Embedder } from '../embedding/embedder.ts';
import { OfflineEmbedder } from '../embedding/offline.embedder.ts';
import { WordVectors } from '../embedding/word-vectors.ts';
import { eventVersion } from '../indexing/event-version.ts';
import { StoryIndexer } from '../indexing/story-indexer.ts';
import { StorySearchService, type RetrievalMode } from '../retrieval/story-search.service.ts';
import { openSqliteSearchStorage } from '../storage/search-storage.ts';
import { EmbeddedVectorStore } from '../vectors/embedded-vector.store.ts';

/** The evaluation sets in the repository: `services/search/evaluation/`. */
const EVALUATION_DIR = new URL('../../evaluation/', import.meta.url);

/**
 * `original`: the set retrieval is tuned on. `held-out`: stories and queries written before any tuning
 * and never tuned on, searched among the original stories too (more stories that could come up
 * wrongly), so its figures say how the tuning generalises.
 */
export const EVALUATION_SETS = {
  original: { stories: ['stories.json'], queries: 'queries.json' },
  'held-out': { stories: ['stories.json', 'held-out/stories.json'], queries: 'held-out/queries.json' },
} as const;

export type EvaluationSet = keyof typeof EVALUATION_SETS;

const storiesSchema = z.array(z.object({ key: z.string(), sourceType: z.string(), me: z.string(), coach: z.string() })).min(1);
const QUERY_KINDS = ['paraphrase', 'rare-word', 'outcome', 'other-words', 'misspelling', 'short', 'long', 'feeling'] as const;
const queriesSchema = z.array(z.object({ kind: z.enum(QUERY_KINDS), query: z.string(), relevant: z.array(z.string()).min(1) })).min(1);

export type EvaluationQuery = z.infer<typeof queriesSchema>[number];

/** Mean reciprocal rank and recall@5 of one retrieval mode, overall and per kind of query. */
export interface ModeFigures {
  mrr: number;
  recallAt5: number;
  byKind: Record<string, { mrr: number; recallAt5: number; queries: number }>;
  /** Queries whose relevant story was not first: the query, and the rank it came at (0: not found). */
  misses: { query: string; rank: number }[];
}

export type EvaluationFigures = Record<RetrievalMode, ModeFigures> & { stories: number; queries: number };

const USER = 1;

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(name, EVALUATION_DIR)), 'utf8'));
}

/** The rank (1-based) of the first relevant story, or 0 when none came back. */
function firstRelevantRank(found: readonly string[], relevant: readonly string[]): number {
  return found.findIndex((key) => relevant.includes(key)) + 1;
}

function summarise(ranks: { query: EvaluationQuery; rank: number }[]): ModeFigures {
  const score = (list: typeof ranks) => ({
    mrr: list.reduce((sum, { rank }) => sum + (rank > 0 ? 1 / rank : 0), 0) / Math.max(1, list.length),
    recallAt5: list.filter(({ rank }) => rank > 0 && rank <= 5).length / Math.max(1, list.length),
  });
  const kinds = [...new Set(ranks.map(({ query }) => query.kind))];
  return {
    ...score(ranks),
    byKind: Object.fromEntries(kinds.map((kind) => {
      const ofKind = ranks.filter(({ query }) => query.kind === kind);
      return [kind, { ...score(ofKind), queries: ofKind.length }];
    })),
    misses: ranks.filter(({ rank }) => rank !== 1).map(({ query, rank }) => ({ query: query.query, rank })),
  };
}

/**
 * Indexes one evaluation set's stories through the real pipeline (indexer, SQLite with FTS5, the embedded
 * vector store, in memory) and runs every query in three modes: by meaning only, by words only, and
 * fused, as the service answers.
 */
export async function evaluateRetrieval(options: { set?: EvaluationSet; embedder?: Embedder; wordVectors?: WordVectors } = {}): Promise<EvaluationFigures> {
  const files = EVALUATION_SETS[options.set ?? 'original'];
  const stories = files.stories.flatMap((name) => storiesSchema.parse(readJson(name)));
  const queries = queriesSchema.parse(readJson(files.queries));
  const keys = new Set(stories.map((story) => story.key));
  const unknown = queries.flatMap((query) => query.relevant).filter((key) => !keys.has(key));
  if (unknown.length > 0 || keys.size !== stories.length) throw new Error(`evaluation set: unknown or repeated story keys (${unknown.join(', ')})`);
  const wordVectors = options.wordVectors ?? WordVectors.load();
  const embedder = options.embedder ?? new OfflineEmbedder(wordVectors);
  const storage = openSqliteSearchStorage(':memory:');
  const vectors = EmbeddedVectorStore.open(':memory:', EMBEDDING_DIMENSIONS, 256);
  try {
    const indexer = new StoryIndexer({ stories: storage.stories, vectors, embedder });
    let sequence = 0;
    for (const story of stories) {
      sequence++;
      const payload = { storyKey: story.key, userId: USER, threadId: sequence, sourceType: story.sourceType, content: `Me: ${story.me}\n\nCoach: ${story.coach}`, createdAt: new Date(0).toISOString() };
      await indexer.apply(EVENT_SUBJECTS.storySaved, payload, eventVersion(sequence * 1000, sequence));
    }
    // Recall@5 needs at least five results; the service's own limit is the same ten.
    const search = new StorySearchService({ stories: storage.stories, vectors, embedder, wordVectors, resultLimit: 10 });
    const run = async (mode: RetrievalMode) => {
      const ranks = [];
      for (const query of queries) {
        const found = await search.search(USER, query.query, mode);
        ranks.push({ query, rank: firstRelevantRank(found.map((hit) => hit.story.storyKey), query.relevant) });
      }
      return summarise(ranks);
    };
    return { meaning: await run('meaning'), words: await run('words'), fused: await run('fused'), stories: stories.length, queries: queries.length };
  } finally {
    await vectors.close();
    await storage.close();
  }
}
