/** A story as the search service keeps it (`unified_stories` of the specification); its vector lives in the vector store. */
export interface StoryRecord {
  id: number;
  userId: number;
  /** The producer's key (`conversation:<messageId>`, ...): one story per key. */
  storyKey: string;
  sourceType: string;
  content: string;
  threadId: number | null;
  snippetId: number | null;
  jobDescriptionId: number | null;
  metadata: Record<string, unknown>;
  createdAt: string;
  /** The event that last wrote it (see `eventVersion`): an older event never overwrites a newer one. */
  version: string;
  /** In a deleted thread: kept, but never found, until the thread is recovered. */
  hidden: boolean;
  embeddingGenerated: boolean;
  /** The embedder that made its vector, or null before there is one. */
  embedder: string | null;
}

/** A `events.story.saved` as the repository applies it: the story's own fields, before it has an id. */
export type SavedStory = Pick<
  StoryRecord,
  'userId' | 'storyKey' | 'sourceType' | 'content' | 'threadId' | 'snippetId' | 'jobDescriptionId' | 'createdAt' | 'version'
> & {
  /** The conversation's title when the message was saved (kept in `metadata.title`). */
  title?: string | undefined;
};

/**
 * What applying a saved story did. `stored`: the story as it is now, and whether its vector must be
 * (re)made; `stale`: a newer event for the key was applied already; `dropped`: what it belongs to
 * (thread, snippet, job description, user) is gone, and so is any story it had.
 */
export type SaveOutcome = { kind: 'stored'; story: StoryRecord; needsVector: boolean } | { kind: 'stale' } | { kind: 'dropped'; removedIds: number[] };

export type ThreadState = 'deleted' | 'recovered' | 'purged';

/** Stories a change made invisible or visible again, or removed with their vectors. */
export interface StoryChanges {
  hidden: number[];
  shown: number[];
  removed: number[];
}

/** What a thing's removal takes with it: a snippet, a job description, or a whole user. */
export type RemovedOwner = { kind: 'snippet'; id: number } | { kind: 'job-description'; id: number } | { kind: 'user' };

/**
 * The conversation a story belongs to, told over several saved messages: its thread, its practice
 * conversation (a snippet's), or for a story of any other kind only itself.
 */
export type ConversationRef = { kind: 'thread'; threadId: number } | { kind: 'practice'; conversationId: number } | { kind: 'story'; storyKey: string };

/** A lexical match: the story and its BM25-style score (higher is better). */
export interface LexicalHit {
  id: number;
  score: number;
}

/**
 * The stories of every user and what happened to their owners (tombstones), so that events applied
 * in any order, or twice, leave the same stories. Every read takes the user id. Implementations:
 * SQLite (with an FTS5 index) and MongoDB (with a text index); both pass `story.repository.contract.ts`.
 */
export interface StoryRepository {
  applySaved(story: SavedStory): Promise<SaveOutcome>;
  applyThreadState(userId: number, threadId: number, state: ThreadState, version: string): Promise<StoryChanges>;
  removeOwner(userId: number, owner: RemovedOwner, version: string): Promise<StoryChanges>;
  /** Records that the story's vector was made by `embedder` (unless the story changed since). */
  markEmbedded(storyId: number, embedder: string, version: string): Promise<void>;
  /** The user's visible stories among `ids`, in no particular order. */
  findVisible(userId: number, ids: readonly number[]): Promise<StoryRecord[]>;
  /** The user's visible stories of these conversations, in the order they were first saved (by id). */
  findConversations(userId: number, conversations: readonly ConversationRef[]): Promise<StoryRecord[]>;
  /** Every story of the user, those of deleted threads too, by id (their data export, issue 24). */
  storiesOf(userId: number): Promise<StoryRecord[]>;
  /** The user's visible stories that contain any of the words, best first. */
  searchLexical(userId: number, words: readonly string[], limit: number): Promise<LexicalHit[]>;
  /** Stories (of all users) whose vector is missing or made by another embedder, oldest id first after `afterId`. */
  needingVectors(embedder: string, afterId: number, limit: number): Promise<StoryRecord[]>;
  countStories(userId?: number): Promise<number>;
}
