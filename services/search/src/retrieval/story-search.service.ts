import type { FastifyBaseLogger } from 'fastify';
import { SEARCH_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit';
import { EmbedderUnavailableError, type Embedder } from '../embedding/embedder.ts';
import type { WordVectors } from '@story/proto/word-vectors';
import type { StoryRecord, StoryRepository } from '../stories/story.repository.ts';
import { feelingsIn } from '../text/feeling-words.ts';
import type { VectorHit, VectorStore } from '../vectors/vector-store.ts';
import { matchedPassage, type Passage } from './matched-passage.ts';
import { readQuery, type QueryIntent } from './query-intent.ts';
import { fuseRankings, type FusedHit } from './rank-fusion.ts';
import { isRealMatch, type MatchSignals } from './relevance-floor.ts';
import { QueryCoverage, type TextMatch } from './word-coverage.ts';

/** How many stories each side proposes before fusion. */
const CANDIDATES = 50;
/** How many of the first stage's best (meaning and words fused) the word-by-word coverage re-ranks. */
const RERANKED = 30;
/**
 * Meaning leads, words second: on the evaluation set (`make bench`) the lexical list alone ranks
 * worse, and at equal weight it pulls paraphrase queries down (everyday words match many stories).
 * The words' weight grows to 1 with the share of rare words in the query (see `wordsWeight`). The
 * word-by-word coverage of the query re-ranks the candidates of both and counts as much as meaning.
 * A query about a feeling adds the stories that tell the same feeling in any words, at half weight:
 * a vote for them, not a ranking of its own (most stories tell some feeling).
 */
export const FUSION_WEIGHTS = { meaning: 1, words: 0.25, coverage: 1, feeling: 0.5 };
/** Words past this frequency rank in GloVe's vocabulary (or not in it) count as rare. */
const RARE_WORD_RANK = 10_000;

export type RetrievalMode = 'fused' | 'meaning' | 'words';

/** One found story, best first: its record, fused relevance (0–1), why it came up and the passage that matched. */
export interface FoundStory {
  story: StoryRecord;
  relevance: number;
  matchedBy: ('meaning' | 'words')[];
  passage: Passage | undefined;
  /** What says it matches at all (see `isRealMatch`). */
  signals: MatchSignals;
}

/** A candidate of the second stage: its record, what it was found by, and how well it matches. */
interface Candidate {
  story: StoryRecord;
  /** Its cosine similarity to the query, or undefined when the meaning side did not find it (or could not answer). */
  similarity: number | undefined;
  match: TextMatch;
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
 * word by word (GloVe neighbours) and by the feelings it tells, fused by reciprocal rank; then only
 * the stories with evidence of a real match (see `isRealMatch`), each once, with the passage that matched.
 */
export class StorySearchService {
  constructor(private readonly deps: StorySearchDeps) {}

  /**
   * The user's stories for a (trimmed, non-empty) query, best first; none when nothing matches it.
   * `mode` is for the evaluation: 'meaning' and 'words' rank by one side only, without the floor.
   */
  async search(userId: number, query: string, mode: RetrievalMode = 'fused', log?: FastifyBaseLogger): Promise<FoundStory[]> {
    const intent = readQuery(query);
    const [meaning, words] = await Promise.all([
      mode === 'words' ? [] : this.byMeaning(userId, intent.focus, log),
      mode === 'meaning' ? [] : this.byWords(userId, intent),
    ]);
    // Without the embedder, the words alone still answer; with neither, say so rather than "nothing found".
    if (meaning === undefined && words.length === 0) throw new HttpError(503, SEARCH_MESSAGES.embedderUnavailable);
    const byMeaning = (meaning ?? []).map((hit) => hit.storyId);
    const weights = { ...FUSION_WEIGHTS, words: this.wordsWeight(intent) };
    const firstStage = fuseRankings({ meaning: byMeaning, words }, weights);
    // Only the best of the first stage are read and re-ranked by coverage: it is the costly step.
    const shortlist = mode === 'fused' ? firstStage.slice(0, Math.max(RERANKED, this.deps.resultLimit)) : firstStage.slice(0, this.deps.resultLimit);
    const records = await this.deps.stories.findVisible(
      userId,
      shortlist.map((hit) => hit.id),
    );
    const similarities = new Map((meaning ?? []).map((hit) => [hit.storyId, hit.similarity]));
    const matches = new QueryCoverage(intent, this.deps.wordVectors).assess(records.map((story) => story.content));
    const candidates = new Map(
      records.map((story, index) => [story.id, { story, similarity: similarities.get(story.id), match: matches[index] ?? { coverage: 0, evidence: 0 } }]),
    );
    if (mode !== 'fused') return this.found(shortlist, candidates, query);
    const known = (id: number) => candidates.has(id);
    const lists = {
      meaning: byMeaning.filter(known),
      words: words.filter(known),
      coverage: byCoverage([...candidates.values()]),
      feeling: byFeeling(intent, [...candidates.values()]),
    };
    const relevant = fuseRankings(lists, weights).filter((hit) => {
      const candidate = candidates.get(hit.id);
      return (
        candidate !== undefined && isRealMatch({ evidence: candidate.match.evidence, similarity: candidate.similarity }, this.deps.embedder.matchSimilarity)
      );
    });
    return this.found(onceEach(relevant, candidates), candidates, query).slice(0, this.deps.resultLimit);
  }

  private found(hits: readonly FusedHit[], candidates: ReadonlyMap<number, Candidate>, query: string): FoundStory[] {
    return hits.flatMap((hit) => {
      const candidate = candidates.get(hit.id);
      if (!candidate) return [];
      const matchedBy = hit.foundBy.filter((name): name is 'meaning' | 'words' => name === 'meaning' || name === 'words');
      const signals = { evidence: candidate.match.evidence, similarity: candidate.similarity };
      return [
        {
          story: candidate.story,
          relevance: hit.relevance,
          matchedBy,
          passage: matchedPassage(candidate.story.content, query, this.deps.wordVectors),
          signals,
        },
      ];
    });
  }

  /** The stories found by meaning with their similarity, or undefined when the embedder cannot answer now. */
  private async byMeaning(userId: number, query: string, log?: FastifyBaseLogger): Promise<VectorHit[] | undefined> {
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
    return hits.filter((hit) => hit.similarity >= embedder.minSimilarity);
  }

  /**
   * How much the lexical list counts: little for everyday words (the dense side knows their meaning
   * and their synonyms), fully for rare words the embedder may not know (names, tools, jargon).
   */
  private wordsWeight(intent: QueryIntent): number {
    const words = intent.subjectWords;
    if (words.length === 0) return FUSION_WEIGHTS.words;
    const rare = words.filter((word) => (this.deps.wordVectors.rank(word) ?? Infinity) >= RARE_WORD_RANK).length;
    return FUSION_WEIGHTS.words + (1 - FUSION_WEIGHTS.words) * (rare / words.length);
  }

  private async byWords(userId: number, intent: QueryIntent): Promise<number[]> {
    return (await this.deps.stories.searchLexical(userId, intent.subjectWords, CANDIDATES)).map((hit) => hit.id);
  }
}

/**
 * The candidates again, by how much of the query each covers word by word (see QueryCoverage): a
 * third opinion that neither dilutes one telling sentence in a long story, as the story's mean
 * vector does, nor needs the very words, as the lexical index does.
 */
function byCoverage(candidates: readonly Candidate[]): number[] {
  return candidates
    .filter((candidate) => candidate.match.coverage > 0)
    .sort((a, b) => b.match.coverage - a.match.coverage)
    .map((candidate) => candidate.story.id);
}

/**
 * For a query about feelings, the candidates that tell the feelings it names (in any words: "I
 * couldn't sleep" for "anxious"), those that tell more of them first, then by coverage.
 */
function byFeeling(intent: QueryIntent, candidates: readonly Candidate[]): number[] {
  const asked = new Set(intent.feelings.values());
  if (asked.size === 0) return [];
  const told = candidates.map((candidate) => {
    const feelings = feelingsIn(candidate.story.content);
    const shared = [...asked].filter((family) => (family === 'any' ? feelings.size > 0 : feelings.has(family))).length;
    return { candidate, shared };
  });
  return told
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || b.candidate.match.coverage - a.candidate.match.coverage)
    .map(({ candidate }) => candidate.story.id);
}

/**
 * Each story once, at its best place: a story saved twice with the same words (a message sent
 * again) is one story to the person searching.
 */
function onceEach(hits: readonly FusedHit[], candidates: ReadonlyMap<number, Candidate>): FusedHit[] {
  const seen = new Set<string>();
  return hits.filter((hit) => {
    const story = candidates.get(hit.id)?.story;
    if (!story) return false;
    const keys = [`key:${story.storyKey}`, `content:${story.content.replace(/\s+/g, ' ').trim()}`];
    if (keys.some((key) => seen.has(key))) return false;
    for (const key of keys) seen.add(key);
    return true;
  });
}
