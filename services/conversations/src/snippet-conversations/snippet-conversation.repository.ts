import type { SnippetExchange } from '@story/proto';
import type { OutboxEvent } from '@story/service-kit';

export interface SnippetConversationRecord {
  id: number;
  snippetId: number;
  userId: number;
  conversationHistory: SnippetExchange[];
  createdAt: string;
  updatedAt: string;
}

export interface SaveSnippetConversationInput {
  userId: number;
  snippetId: number;
  history: SnippetExchange[];
  now: string;
}

/** The events of a save: from the stored record and the index of its first new exchange. */
export type SnippetStoryEvents = (record: SnippetConversationRecord, firstNewIndex: number) => OutboxEvent[];

/**
 * Interview-practice conversations, one history per practice session of a snippet. Scoped by user
 * like every repository; both drivers pass `snippet-conversation.repository.contract.ts`.
 */
export interface SnippetConversationRepository {
  /** The user's conversations about a snippet, most recently updated first. */
  listSnippetConversations(userId: number, snippetId: number): Promise<SnippetConversationRecord[]>;
  /**
   * Stores a snippet conversation's history: it continues the user's latest conversation about the
   * snippet when the new history extends it, else it starts a new one. `buildEvents` gets the stored
   * record and the index of the first exchange that is new; its events join the same transaction.
   */
  saveSnippetConversation(
    input: SaveSnippetConversationInput,
    buildEvents: SnippetStoryEvents,
  ): Promise<{ record: SnippetConversationRecord; created: boolean }>;
  /** Deletes the user's conversations about a snippet (the jobs service deleted it); resolves to how many. Doing it again deletes nothing. */
  deleteSnippetConversations(userId: number, snippetId: number): Promise<number>;
  /** The snippets the user has practice conversations about, lowest id first (their data export, issue 24). */
  practisedSnippetIds(userId: number): Promise<number[]>;
  /** Deletes every practice conversation of a deleted account (issue 24); how many went. */
  forgetUser(userId: number): Promise<number>;
}
