import type { FastifyBaseLogger } from 'fastify';
import { SEARCH_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit';
import { EmbedderUnavailableError, type Embedder } from '../embedding/embedder.ts';
import type { WordVectors } from '@story/language/word-vectors';
import type { StoryRecord, StoryRepository } from '../stories/story.repository.ts';
import { conversationKey, conversationOf } from '../stories/story-rules.ts';
import type { VectorHit, VectorStore } from '../vectors/vector-store.ts';
import { assembleConversations, personsWordsOfConversation, type ConversationStory, type MessageSpan } from './conversation-story.ts';
import { matchedPassage, type Passage } from './matched-passage.ts';
import { readQuery, type QueryIntent } from './query-intent.ts';
import { fuseRankings, type FusedHit } from './rank-fusion.ts';
import { isRealMatch, type MatchSignals } from './relevance-floor.ts';
import { QueryCoverage, type TextMatch } from './word-coverage.ts';

/** How many saved messages each side proposes before they are gathered into their conversations. */
const CANDIDATES = 100;
/** How many of the first stage's best conversations (meaning and words fused) the word-by-word coverage re-ranks. */
const RERANKED = 30;
/**
 * Meaning leads (the sentence encoder), words second: on the tuning sets the lexical list alone
 * ranks worse, and at equal weight it pulls paraphrase queries down (everyday words match many
 * stories). The words' weight grows to 1 with the share of rare words in the query (see
 * `wordsWeight`). The word-by-word coverage of the query re-ranks the candidates of both. Weights
 * from the tuning sets (`services/search/evaluation`, issue 38): meaning 1 -> 2.5 lifted their MRR
 * from 0.80 to 0.84, and the list of stories telling the query's feeling (a hand-written word list,
 * half weight before) lowered it, so it no longer votes.
 */
export const FUSION_WEIGHTS = { meaning: 2.5, words: 0.25, coverage: 1 };
/** Words past this frequency rank in GloVe's vocabulary (or not in it) count as rare. */
const RARE_WORD_RANK = 10_000;

/** A person's turn of at most this many words is shown whole as the passage. */
const PASSAGE_WORDS = 80;

export type RetrievalMode = 'fused' | 'meaning' | 'words';

/**
 * One found story (a whole conversation), best first: the conversation, the saved message where the
 * passage that matched is (its record), fused relevance (0–1), why it came up and the passage, as
 * character offsets in the conversation's content.
 */
export interface FoundStory {
  conversation: ConversationStory;
  story: StoryRecord;
  relevance: number;
  matchedBy: ('meaning' | 'words')[];
  passage: Passage | undefined;
  /** What says it matches at all (see `isRealMatch`). */
  signals: MatchSignals;
  /** Its place (1 = first, 0 = not in it) in each ranking (meaning, words, coverage): the evaluation reads why it came up. */
  ranks: Record<string, number>;
  /** Its share of the query's words, loosely (see `TextMatch.coverage`). */
  coverage: number;
}

/** A conversation of the second stage: what it was found by, and how well it matches. */
interface Candidate {
  conversation: ConversationStory;
  /** Its best message's cosine similarity to the query, or undefined when the meaning side found none of them. */
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
 * Story search over whole conversations: the caller's saved messages ranked by meaning (dense
 * vectors of the configured embedder, one per message: the person's words) and by words (the
 * lexical index), gathered into their conversations (a conversation ranks where its best message
 * does); then among those candidates, by how much of the query each conversation covers word by
 * word, wherever in it the words were told (GloVe neighbours), fused by reciprocal rank; then only the conversations with evidence of a real match (see `isRealMatch`),
 * each once, with its passage that matched.
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
    const similarities = new Map((meaning ?? []).map((hit) => [hit.storyId, hit.similarity]));
    const found = await this.deps.stories.findVisible(userId, [...new Set([...similarities.keys(), ...words])]);
    const keyOf = new Map(found.map((story) => [story.id, conversationKey(conversationOf(story))]));
    const refOf = new Map(found.map((story) => [conversationKey(conversationOf(story)), conversationOf(story)]));
    const conversationsOf = (ids: readonly number[]) => [...new Set(ids.flatMap((id) => keyOf.get(id) ?? []))];
    const byMeaning = conversationsOf((meaning ?? []).map((hit) => hit.storyId));
    const byWords = conversationsOf(words);
    const weights = { ...FUSION_WEIGHTS, words: this.wordsWeight(intent) };
    const firstStage = fuseRankings({ meaning: byMeaning, words: byWords }, weights);
    // Only the best of the first stage are read whole and re-ranked by coverage: it is the costly step.
    const shortlist = firstStage.slice(0, mode === 'fused' ? Math.max(RERANKED, this.deps.resultLimit) : this.deps.resultLimit);
    const told = await this.deps.stories.findConversations(
      userId,
      shortlist.flatMap((hit) => refOf.get(hit.id) ?? []),
    );
    const conversations = assembleConversations(told);
    const coverage = new QueryCoverage(intent, this.deps.wordVectors);
    const matches = coverage.assess(conversations.map(personsWordsOfConversation));
    const candidates = new Map(
      conversations.map((conversation, index) => [
        conversation.key,
        { conversation, similarity: bestSimilarity(conversation, similarities), match: matches[index] ?? { coverage: 0, evidence: 0 } },
      ]),
    );
    const known = (key: string) => candidates.has(key);
    const lists: Record<string, string[]> = {
      meaning: byMeaning.filter(known),
      words: byWords.filter(known),
      coverage: byCoverage([...candidates.values()]),
    };
    const withPassages = (hits: readonly FusedHit<string>[]) => this.found(hits, candidates, query, similarities, coverage, lists);
    if (mode !== 'fused') return withPassages(shortlist);
    const relevant = fuseRankings(lists, weights).filter((hit) => {
      const candidate = candidates.get(hit.id);
      return (
        candidate !== undefined && isRealMatch({ evidence: candidate.match.evidence, similarity: candidate.similarity }, this.deps.embedder.matchSimilarity)
      );
    });
    return withPassages(onceEach(relevant, candidates)).slice(0, this.deps.resultLimit);
  }

  /** The user's visible conversations of these threads, whole (those the user does not own, or that are gone, are left out). */
  async threadConversations(userId: number, threadIds: readonly number[]): Promise<ConversationStory[]> {
    const told = await this.deps.stories.findConversations(
      userId,
      threadIds.map((threadId) => ({ kind: 'thread' as const, threadId })),
    );
    return assembleConversations(told);
  }

  private found(
    hits: readonly FusedHit<string>[],
    candidates: ReadonlyMap<string, Candidate>,
    query: string,
    similarities: ReadonlyMap<number, number>,
    coverage: QueryCoverage,
    lists: Readonly<Record<string, readonly string[]>>,
  ): FoundStory[] {
    return hits.flatMap((hit) => {
      const candidate = candidates.get(hit.id);
      if (!candidate) return [];
      const matchedBy = hit.foundBy.filter((name): name is 'meaning' | 'words' => name === 'meaning' || name === 'words');
      const signals = { evidence: candidate.match.evidence, similarity: candidate.similarity };
      const { message, passage } = this.passageOf(candidate.conversation, query, similarities, coverage);
      const ranks = Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, list.indexOf(hit.id) + 1]));
      const found = { conversation: candidate.conversation, story: message.story, relevance: hit.relevance, matchedBy, passage, signals };
      return [{ ...found, ranks, coverage: candidate.match.coverage }];
    });
  }

  /**
   * Where the conversation answers the query: the message whose person's words are closest to it in
   * meaning and in words; its person's words, or in a long turn the sentences whose words match the
   * query best (all of it when no word matches: a paraphrase).
   */
  private passageOf(
    conversation: ConversationStory,
    query: string,
    similarities: ReadonlyMap<number, number>,
    coverage: QueryCoverage,
  ): { message: MessageSpan; passage: Passage | undefined } {
    const { messages, content } = conversation;
    const texts = messages.map((message) => content.slice(message.personStart, message.personEnd));
    const covered = coverage.scoreAll(texts);
    let best = 0;
    let bestScore = -Infinity;
    messages.forEach((message, index) => {
      const score = (similarities.get(message.story.id) ?? 0) + (covered[index] ?? 0);
      if (score > bestScore) {
        bestScore = score;
        best = index;
      }
    });
    const message = messages[best] ?? messages[0];
    if (!message) throw new Error(`conversation ${conversation.key} has no message`);
    const told = texts[best] ?? '';
    // A short turn is the passage itself (on the tuning conversations the turn was right 20 times of
    // 26, its best sentences by words 17); in a long one, the sentences whose words match best.
    const words = told.split(/\s+/).length <= PASSAGE_WORDS ? undefined : matchedPassage(told, query, this.deps.wordVectors);
    const passage = words
      ? { start: message.personStart + words.start, end: message.personStart + words.end }
      : { start: message.personStart, end: message.personEnd };
    return { message, passage: passage.end > passage.start ? passage : undefined };
  }

  /** The messages found by meaning with their similarity, or undefined when the embedder cannot answer now. */
  private async byMeaning(userId: number, query: string, log?: FastifyBaseLogger): Promise<VectorHit[] | undefined> {
    const { embedder, vectors } = this.deps;
    let vector: Float32Array | undefined;
    try {
      [vector] = await embedder.embed([query], 'query');
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

/** The highest similarity to the query of any of the conversation's messages that the meaning side found. */
function bestSimilarity(conversation: ConversationStory, similarities: ReadonlyMap<number, number>): number | undefined {
  let best: number | undefined;
  for (const message of conversation.messages) {
    const similarity = similarities.get(message.story.id);
    if (similarity !== undefined && (best === undefined || similarity > best)) best = similarity;
  }
  return best;
}

/**
 * The candidates again, by how much of the query each covers word by word (see QueryCoverage): a
 * third opinion that neither dilutes one telling sentence in a long story, as a mean vector does,
 * nor needs the very words, as the lexical index does.
 */
function byCoverage(candidates: readonly Candidate[]): string[] {
  return candidates
    .filter((candidate) => candidate.match.coverage > 0)
    .sort((a, b) => b.match.coverage - a.match.coverage)
    .map((candidate) => candidate.conversation.key);
}

/**
 * Each story once, at its best place: a story saved twice with the same words (a message sent
 * again, a conversation saved as two) is one story to the person searching.
 */
function onceEach(hits: readonly FusedHit<string>[], candidates: ReadonlyMap<string, Candidate>): FusedHit<string>[] {
  const seen = new Set<string>();
  return hits.filter((hit) => {
    const conversation = candidates.get(hit.id)?.conversation;
    if (!conversation) return false;
    const content = `content:${conversation.content.replace(/\s+/g, ' ').trim()}`;
    if (seen.has(content)) return false;
    seen.add(content);
    return true;
  });
}
