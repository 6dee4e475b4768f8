import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EVENT_SUBJECTS, messageStoryKey, storyContent } from '@story/proto';
import { WordVectors } from '@story/language/word-vectors';
import { z } from 'zod';
import { EMBEDDING_DIMENSIONS, type Embedder } from '../embedding/embedder.ts';
import { SentenceEmbedder } from '../embedding/sentence.embedder.ts';
import { StoryEmbeddingWorker } from '../indexing/story-embedding.worker.ts';
import { eventVersion } from '../indexing/event-version.ts';
import { StoryIndexer } from '../indexing/story-indexer.ts';
import { StorySearchService, type FoundStory } from '../retrieval/story-search.service.ts';
import { openSqliteSearchStorage } from '../storage/search-storage.ts';
import { EmbeddedVectorStore } from '../vectors/embedded-vector.store.ts';

/** The evaluation sets in the repository: `services/search/evaluation/`. */
const EVALUATION_DIR = new URL('../../evaluation/', import.meta.url);

/**
 * The sets of whole conversations (several turns each, with a title). `conversations`: written by the
 * search service's engineers to tune on (issue 38). `held-out-2`: written for issue 38 by someone who
 * never saw the product's code or rules, and never tuned on (see `evaluation/held-out-2/README.md`).
 */
export const CONVERSATION_SETS = {
  conversations: 'conversations/conversations.json',
  'held-out-2': 'held-out-2/search.json',
} as const;

export type ConversationSet = keyof typeof CONVERSATION_SETS;

const turnSchema = z.object({ role: z.enum(['coach', 'me']), text: z.string().min(1) });
const conversationSchema = z.object({ key: z.string().min(1), title: z.string().min(1), turns: z.array(turnSchema).min(1) });
const CONVERSATION_QUERY_KINDS = ['feeling', 'outcome', 'role', 'skill', 'paraphrase', 'nothing'] as const;
const conversationQuerySchema = z.object({
  query: z.string().min(1),
  kind: z.enum(CONVERSATION_QUERY_KINDS),
  /** Every story a careful reader would accept (first = best); empty for a `nothing` query. */
  relevant: z.array(z.string()),
  /** An exact substring of one of the person's turns of the first relevant story, or null. */
  passage: z.string().nullable(),
});
const conversationSetSchema = z.object({
  about: z.string(),
  stories: z.array(conversationSchema).min(1),
  queries: z.array(conversationQuerySchema).min(1),
});

export type EvaluationConversation = z.infer<typeof conversationSchema>;
export type ConversationQuery = z.infer<typeof conversationQuerySchema>;

/** Figures of one conversation set, as the service answers (fused, with its floor). */
export interface ConversationFigures {
  conversations: number;
  /** Queries with a relevant story (all but `nothing`). */
  queries: number;
  mrr: number;
  top1: number;
  recallAt5: number;
  recallAt10: number;
  byKind: Record<string, { mrr: number; recallAt5: number; queries: number }>;
  /** Result lists that show one conversation more than once. */
  listsWithRepeats: number;
  /** Of the queries whose first relevant story came first and has a passage: how many the answer's passage overlaps. */
  passages: { checked: number; overlapping: number };
  /** The `nothing` queries and how many of them found anything. */
  nothing: { queries: number; answered: number };
}

const USER = 1;

/** Reads one conversation set from the repository. */
export function readConversationSet(set: ConversationSet): z.infer<typeof conversationSetSchema> {
  const parsed = conversationSetSchema.parse(JSON.parse(readFileSync(fileURLToPath(new URL(CONVERSATION_SETS[set], EVALUATION_DIR)), 'utf8')));
  const keys = new Set(parsed.stories.map((story) => story.key));
  const unknown = parsed.queries.flatMap((query) => query.relevant).filter((key) => !keys.has(key));
  if (unknown.length > 0 || keys.size !== parsed.stories.length) throw new Error(`conversation set ${set}: unknown or repeated keys (${unknown.join(', ')})`);
  return parsed;
}

/** One saved message of a conversation, as the conversations service publishes it. */
export interface ConversationMessage {
  messageId: number;
  threadId: number;
  title: string;
  userMessage: string;
  aiResponse: string;
}

/**
 * A conversation's saved messages as the product stores them: each of the person's turns with the
 * coach's reply after it (the coach's opening question is no saved message).
 */
export function messagesOf(conversation: EvaluationConversation, threadId: number, firstMessageId: number): ConversationMessage[] {
  const messages: ConversationMessage[] = [];
  conversation.turns.forEach((turn, index) => {
    if (turn.role !== 'me') return;
    const next = conversation.turns[index + 1];
    messages.push({
      messageId: firstMessageId + messages.length,
      threadId,
      title: conversation.title,
      userMessage: turn.text,
      aiResponse: next?.role === 'coach' ? next.text : '',
    });
  });
  return messages;
}

/** Where the expected passage overlaps the answer's passage (both as character ranges of the content). */
function passageOverlaps(content: string, expected: string, found: FoundStory['passage']): boolean {
  const start = content.indexOf(expected);
  if (start === -1 || !found) return false;
  return found.start < start + expected.length && start < found.end;
}

/**
 * Indexes a conversation set through the real pipeline (one `events.story.saved` per saved message,
 * in order) and runs every query as the service answers it.
 */
export async function evaluateConversations(options: { set: ConversationSet; embedder?: Embedder; wordVectors?: WordVectors }): Promise<ConversationFigures> {
  const data = readConversationSet(options.set);
  const wordVectors = options.wordVectors ?? WordVectors.load();
  const embedder = options.embedder ?? new SentenceEmbedder();
  const storage = openSqliteSearchStorage(':memory:');
  const vectors = EmbeddedVectorStore.open(':memory:', EMBEDDING_DIMENSIONS, 256);
  try {
    const embedding = new StoryEmbeddingWorker({ stories: storage.stories, vectors, embedder, retry: false });
    const indexer = new StoryIndexer({ stories: storage.stories, vectors, embedder });
    const keyOfThread = new Map<number, string>();
    let messageId = 1;
    let sequence = 0;
    for (const [index, conversation] of data.stories.entries()) {
      const threadId = index + 1;
      keyOfThread.set(threadId, conversation.key);
      for (const message of messagesOf(conversation, threadId, messageId)) {
        messageId++;
        sequence++;
        const payload = {
          storyKey: messageStoryKey(message.messageId),
          userId: USER,
          threadId,
          title: message.title,
          sourceType: 'conversation',
          content: storyContent(message.userMessage, message.aiResponse),
          createdAt: new Date(sequence * 1000).toISOString(),
        };
        await indexer.apply(EVENT_SUBJECTS.storySaved, payload, eventVersion(sequence * 1000, sequence));
      }
    }
    await embedding.drain();
    const search = new StorySearchService({ stories: storage.stories, vectors, embedder, wordVectors, resultLimit: 10 });
    const ranks: { query: ConversationQuery; rank: number }[] = [];
    let listsWithRepeats = 0;
    const passages = { checked: 0, overlapping: 0 };
    const nothing = { queries: 0, answered: 0 };
    for (const query of data.queries) {
      const found = await search.search(USER, query.query, 'fused');
      if (query.relevant.length === 0) {
        nothing.queries++;
        if (found.length > 0) nothing.answered++;
        continue;
      }
      const keys = found.map((hit) => keyOfThread.get(hit.story.threadId ?? 0) ?? '');
      if (new Set(keys).size < keys.length) listsWithRepeats++;
      const rank = keys.findIndex((key) => query.relevant.includes(key)) + 1;
      ranks.push({ query, rank });
      const first = found[0];
      if (rank === 1 && query.passage !== null && first && keys[0] === query.relevant[0]) {
        passages.checked++;
        if (passageOverlaps(first.conversation.content, query.passage, first.passage)) passages.overlapping++;
      }
    }
    const score = (list: typeof ranks) => ({
      mrr: list.reduce((sum, { rank }) => sum + (rank > 0 ? 1 / rank : 0), 0) / Math.max(1, list.length),
      top1: list.filter(({ rank }) => rank === 1).length / Math.max(1, list.length),
      recallAt5: list.filter(({ rank }) => rank > 0 && rank <= 5).length / Math.max(1, list.length),
      recallAt10: list.filter(({ rank }) => rank > 0).length / Math.max(1, list.length),
    });
    const kinds = [...new Set(ranks.map(({ query }) => query.kind))];
    return {
      conversations: data.stories.length,
      queries: ranks.length,
      ...score(ranks),
      byKind: Object.fromEntries(
        kinds.map((kind) => {
          const ofKind = ranks.filter(({ query }) => query.kind === kind);
          const { mrr, recallAt5 } = score(ofKind);
          return [kind, { mrr, recallAt5, queries: ofKind.length }];
        }),
      ),
      listsWithRepeats,
      passages,
      nothing,
    };
  } finally {
    await vectors.close();
    await storage.close();
  }
}
