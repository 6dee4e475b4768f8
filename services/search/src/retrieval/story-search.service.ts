import type { FastifyBaseLogger } from 'fastify';
import { SEARCH_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit';
import { EmbedderUnavailableError, type Embedder } from '../embedding/embedder.ts';
import type { WordVectors } from '../embedding/word-vectors.ts';
import type { StoryRecord, StoryRepository } from '../stories/story.repository.ts';
import { contentWords } from '../text/words.ts';
import type { VectorStore } from '../vectors/vector-store.ts';
import { matchedPassage, type Passage } from './matched-passage.ts';
import { fuseRankings } from './rank-fusion.ts';
import { QueryCoverage } from './word-coverage.ts';

/** How many stories each side proposes before fusion. */
const CANDIDATES = 50;
/** How many of the first stage's best (meaning and words fused) the word-by-word coverage re-ranks. */
const RERANKED = 30;
/**
 * Meaning leads, words second: on the evaluation set (`make bench`) the lexical list alone ranks
 * worse, and at equal weight it pulls paraphrase queries down (everyday words match many stories).
 * The words' weight grows to 1 with the share of rare words in the query (see `wordsWeight`). The
 * word-by-word coverage of the query re-ranks the candidates of both and counts as much as meaning.
 */
export const FUSION_WEIGHTS = { meaning: 1, words: 0.25, coverage: 1 };
/** Words past this frequency rank in GloVe's vocabulary (or not in it) count as rare. */
const RARE_WORD_RANK = 10_000;

export type RetrievalMode = 'fused' | 'meaning' | 'words';

/** One found story, best first: its record, fused relevance (0–1), why it came up and the passage that matched. */
export interface FoundStory {
  story: StoryRecord;
  relevance: number;
  matchedBy: ('meaning' | 'words')[];
  passage: Passage | undefined;
}

export interface StorySearchDeps {
  stories: StoryRepository;
  vectors: VectorStore;
  embedder: Embedder;
  wordVectors: WordVectors;
  resultLimit: number;
}

/**
 * Story search: the caller's stories ranked by meaning (dense vectors of the configured embedder),
 * by words (the lexical index) and, among those candidates, by how much of the query each covers
 * word by word (GloVe neighbours), fused by reciprocal rank, each with the passage that matched.
 */
export class StorySearchService {
  constructor(private readonly deps: StorySearchDeps) {}

  /** The user's stories for a (trimmed, non-empty) query, best first; `mode` is for the evaluation. */
  async search(userId: number, query: string, mode: RetrievalMode = 'fused', log?: FastifyBaseLogger): Promise<FoundStory[]> {
    const [meaning, words] = await Promise.all([
      mode === 'words' ? [] : this.byMeaning(userId, query, log),
      mode === 'meaning' ? [] : this.byWords(userId, query),
    ]);
    // Without the embedder, the words alone still answer; with neither, say so rather than "nothing found".
    if (meaning === undefined && words.length === 0) throw new HttpError(503, SEARCH_MESSAGES.embedderUnavailable);
    const weights = { ...FUSION_WEIGHTS, words: this.wordsWeight(query) };
    const firstStage = fuseRankings({ meaning: meaning ?? [], words }, weights);
    // Only the best of the first stage are read and re-ranked by coverage: it is the costly step.
    const shortlist = mode === 'fused' ? firstStage.slice(0, Math.max(RERANKED, this.deps.resultLimit)) : firstStage.slice(0, this.deps.resultLimit);
    const candidates = await this.deps.stories.findVisible(userId, shortlist.map((hit) => hit.id));
    const records = new Map(candidates.map((story) => [story.id, story]));
    const fused =
      mode === 'fused'
        ? fuseRankings({ meaning: (meaning ?? []).filter((id) => records.has(id)), words: words.filter((id) => records.has(id)), coverage: this.byCoverage(query, candidates) }, weights).slice(0, this.deps.resultLimit)
        : shortlist;
    return fused.flatMap((hit) => {
      const story = records.get(hit.id);
      if (!story) return [];
      const matchedBy = hit.foundBy.filter((name): name is 'meaning' | 'words' => name === 'meaning' || name === 'words');
      return [{ story, relevance: hit.relevance, matchedBy, passage: matchedPassage(story.content, query, this.deps.wordVectors) }];
    });
  }

  /** The stories found by meaning, or undefined when the embedder cannot answer now. */
  private async byMeaning(userId: number, query: string, log?: FastifyBaseLogger): Promise<number[] | undefined> {
    const { embedder, vectors } = this.deps;
    let vector: Float32Array | undefined;
    try {
      [vector] = await embedder.embed([query]);
    } catch (error) {
      if (!(error instanceof EmbedderUnavailableError)) throw error;
      log?.warn({ err: error }, 'embedder unavailable: searching by words only');
      return undefined;
    }
    if (!vector) return [];
    const hits = await vectors.search(userId, embedder.id, vector, CANDIDATES);
    return hits.filter((hit) => hit.similarity >= embedder.minSimilarity).map((hit) => hit.storyId);
  }

  /**
   * How much the lexical list counts: little for everyday words (the dense side knows their meaning
   * and their synonyms), fully for rare words the embedder may not know (names, tools, jargon).
   */
  private wordsWeight(query: string): number {
    const words = contentWords(query);
    if (words.length === 0) return FUSION_WEIGHTS.words;
    const rare = words.filter((word) => (this.deps.wordVectors.rank(word) ?? Infinity) >= RARE_WORD_RANK).length;
    return FUSION_WEIGHTS.words + (1 - FUSION_WEIGHTS.words) * (rare / words.length);
  }

  /**
   * The candidates again, by how much of the query each covers word by word (see QueryCoverage): a
   * third opinion that neither dilutes one telling sentence in a long story, as the story's mean
   * vector does, nor needs the very words, as the lexical index does.
   */
  private byCoverage(query: string, candidates: readonly StoryRecord[]): number[] {
    const coverage = new QueryCoverage(query, this.deps.wordVectors);
    if (coverage.isEmpty) return [];
    const scores = coverage.scoreAll(candidates.map((story) => story.content));
    return candidates
      .map((story, index) => ({ id: story.id, score: scores[index] ?? 0 }))
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score)
      .map((hit) => hit.id);
  }

  private async byWords(userId: number, query: string): Promise<number[]> {
    const words = [...new Set(contentWords(query))];
    return (await this.deps.stories.searchLexical(userId, words, CANDIDATES)).map((hit) => hit.id);
  }
}
