import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EVENT_SUBJECTS } from '@story/proto';
import { z } from 'zod';
import { EMBEDDING_DIMENSIONS, type Embedder } from '../embedding/embedder.ts';
import { SentenceEmbedder } from '../embedding/sentence.embedder.ts';
import { StoryEmbeddingWorker } from '../indexing/story-embedding.worker.ts';
import { WordVectors } from '@story/language/word-vectors';
import { eventVersion } from '../indexing/event-version.ts';
import { StoryIndexer } from '../indexing/story-indexer.ts';
import { StorySearchService, type RetrievalMode } from '../retrieval/story-search.service.ts';
import { openSqliteSearchStorage } from '../storage/search-storage.ts';
import { EmbeddedVectorStore } from '../vectors/embedded-vector.store.ts';

/** The evaluation sets in the repository: `services/search/evaluation/`. */
const EVALUATION_DIR = new URL('../../evaluation/', import.meta.url);

/**
 * `original`: the set retrieval is tuned on. `feeling-outcome`: more tuning queries over the same
 * stories, of the two kinds the held-out set found weakest (about a feeling, about an outcome).
 * `held-out`: stories and queries written before any tuning and never tuned on, searched among the
 * original stories too (more stories that could come up wrongly), so its figures say how the tuning
 * generalises. Each set but `feeling-outcome` has its queries that match no story: the relevance
 * floor is calibrated on the original's and checked on the held-out's.
 */
export const EVALUATION_SETS = {
  original: { stories: ['stories.json'], queries: 'queries.json', nothing: 'nothing.json' },
  'feeling-outcome': { stories: ['stories.json'], queries: 'feeling-outcome-queries.json', nothing: undefined },
  'held-out': { stories: ['stories.json', 'held-out/stories.json'], queries: 'held-out/queries.json', nothing: 'held-out/nothing.json' },
} as const;

/**
 * The stories every "nothing" query is searched among: all of them, so that a query which matches
 * none has the most chances to match something wrongly.
 */
const ALL_STORIES = ['stories.json', 'held-out/stories.json'] as const;

export type EvaluationSet = keyof typeof EVALUATION_SETS;

const storiesSchema = z.array(z.object({ key: z.string(), sourceType: z.string(), me: z.string(), coach: z.string() })).min(1);
const QUERY_KINDS = ['paraphrase', 'rare-word', 'outcome', 'other-words', 'misspelling', 'short', 'long', 'feeling'] as const;
const queriesSchema = z.array(z.object({ kind: z.enum(QUERY_KINDS), query: z.string(), relevant: z.array(z.string()).min(1) })).min(1);

export type EvaluationQuery = z.infer<typeof queriesSchema>[number];

const NOTHING_KINDS = ['nonsense', 'other-domain', 'absent-words', 'untold-topic'] as const;
/** Queries that match none of the stories: nonsense, other subjects, words no story has, and things the person never told. */
const nothingSchema = z.array(z.object({ kind: z.enum(NOTHING_KINDS), query: z.string() })).min(1);

/** Mean reciprocal rank, recall@5 and recall@10 (the relevant story anywhere in the list) of one retrieval mode, overall and per kind of query. */
export interface ModeFigures {
  mrr: number;
  recallAt5: number;
  recallAt10: number;
  /** Result lists that show one story (the same key, or the same words saved twice) more than once. */
  listsWithRepeats: number;
  byKind: Record<string, { mrr: number; recallAt5: number; queries: number }>;
  /** Queries whose relevant story was not first: the query, and the rank it came at (0: not found). */
  misses: { query: string; rank: number }[];
}

/** How the service answers queries that match no story: each should find nothing. */
export interface NothingFigures {
  queries: number;
  /** Queries that found anything: the query and what it found (story keys, best first). */
  answered: { query: string; found: string[] }[];
}

export type EvaluationFigures = Record<RetrievalMode, ModeFigures> & { stories: number; queries: number; nothing: NothingFigures };

const USER = 1;

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(name, EVALUATION_DIR)), 'utf8'));
}

/** The rank (1-based) of the first relevant story, or 0 when none came back. */
function firstRelevantRank(found: readonly string[], relevant: readonly string[]): number {
  return found.findIndex((key) => relevant.includes(key)) + 1;
}

/** Whether a result list shows one story twice: the same key, or the same content under two keys. */
function repeatsAStory(found: readonly { storyKey: string; content: string }[]): boolean {
  return new Set(found.map((story) => story.storyKey)).size < found.length || new Set(found.map((story) => story.content)).size < found.length;
}

function summarise(ranks: { query: EvaluationQuery; rank: number; repeats: boolean }[]): ModeFigures {
  const score = (list: typeof ranks) => ({
    mrr: list.reduce((sum, { rank }) => sum + (rank > 0 ? 1 / rank : 0), 0) / Math.max(1, list.length),
    recallAt5: list.filter(({ rank }) => rank > 0 && rank <= 5).length / Math.max(1, list.length),
    recallAt10: list.filter(({ rank }) => rank > 0).length / Math.max(1, list.length),
  });
  const kinds = [...new Set(ranks.map(({ query }) => query.kind))];
  return {
    ...score(ranks),
    byKind: Object.fromEntries(kinds.map((kind) => {
      const ofKind = ranks.filter(({ query }) => query.kind === kind);
      return [kind, { ...score(ofKind), queries: ofKind.length }];
    })),
    listsWithRepeats: ranks.filter(({ repeats }) => repeats).length,
    misses: ranks.filter(({ rank }) => rank !== 1).map(({ query, rank }) => ({ query: query.query, rank })),
  };
}

type EvaluationStory = z.infer<typeof storiesSchema>[number];

/**
 * Indexes one evaluation set's stories and runs every query in three modes: by meaning only, by words
 * only, and fused, as the service answers; then the set's "nothing" queries, fused, among every story.
 */
export async function evaluateRetrieval(options: { set?: EvaluationSet; embedder?: Embedder; wordVectors?: WordVectors } = {}): Promise<EvaluationFigures> {
  const files = EVALUATION_SETS[options.set ?? 'original'];
  const stories = files.stories.flatMap((name) => storiesSchema.parse(readJson(name)));
  const queries = queriesSchema.parse(readJson(files.queries));
  const nothingQueries = files.nothing ? nothingSchema.parse(readJson(files.nothing)) : [];
  const keys = new Set(stories.map((story) => story.key));
  const unknown = queries.flatMap((query) => query.relevant).filter((key) => !keys.has(key));
  if (unknown.length > 0 || keys.size !== stories.length) throw new Error(`evaluation set: unknown or repeated story keys (${unknown.join(', ')})`);
  const wordVectors = options.wordVectors ?? WordVectors.load();
  const embedder = options.embedder ?? new SentenceEmbedder();
  const figures = await withSearch(stories, embedder, wordVectors, async (search) => {
    const run = async (mode: RetrievalMode) => {
      const ranks = [];
      for (const query of queries) {
        const found = (await search.search(USER, query.query, mode)).map((hit) => hit.story);
        ranks.push({ query, rank: firstRelevantRank(found.map((story) => story.storyKey), query.relevant), repeats: repeatsAStory(found) });
      }
      return summarise(ranks);
    };
    return { meaning: await run('meaning'), words: await run('words'), fused: await run('fused') };
  });
  const everyStory = ALL_STORIES.flatMap((name) => storiesSchema.parse(readJson(name)));
  const nothing = nothingQueries.length === 0 ? { queries: 0, answered: [] } : await withSearch(everyStory, embedder, wordVectors, async (search) => {
    const answered: NothingFigures['answered'] = [];
    for (const { query } of nothingQueries) {
      const found = await search.search(USER, query, 'fused');
      if (found.length > 0) answered.push({ query, found: found.map((hit) => hit.story.storyKey) });
    }
    return { queries: nothingQueries.length, answered };
  });
  return { ...figures, nothing, stories: stories.length, queries: queries.length };
}

/**
 * Runs `use` with a search over the given stories, indexed through the real pipeline (indexer, SQLite
 * with FTS5, the embedded vector store, in memory), answering as the service does (ten results at most).
 */
async function withSearch<T>(stories: readonly EvaluationStory[], embedder: Embedder, wordVectors: WordVectors, use: (search: StorySearchService) => Promise<T>): Promise<T> {
  const storage = openSqliteSearchStorage(':memory:');
  const vectors = EmbeddedVectorStore.open(':memory:', EMBEDDING_DIMENSIONS, 256);
  try {
    const embedding = new StoryEmbeddingWorker({ stories: storage.stories, vectors, embedder, retry: false });
    const indexer = new StoryIndexer({ stories: storage.stories, vectors, embedder });
    let sequence = 0;
    for (const story of stories) {
      sequence++;
      const payload = { storyKey: story.key, userId: USER, threadId: sequence, sourceType: story.sourceType, content: `Me: ${story.me}\n\nCoach: ${story.coach}`, createdAt: new Date(0).toISOString() };
      await indexer.apply(EVENT_SUBJECTS.storySaved, payload, eventVersion(sequence * 1000, sequence));
    }
    await embedding.drain();
    // Recall@5 needs at least five results; the service's own limit is the same ten.
    return await use(new StorySearchService({ stories: storage.stories, vectors, embedder, wordVectors, resultLimit: 10 }));
  } finally {
    await vectors.close();
    await storage.close();
  }
}
