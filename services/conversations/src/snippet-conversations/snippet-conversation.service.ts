import { CONVERSATION_MESSAGES, type SnippetExchange } from '@story/proto';
import { badRequest } from '@story/service-kit';
import { snippetStoryEvents } from '../nats/domain-events.ts';
import type { SnippetConversationRecord, SnippetConversationRepository } from './snippet-conversation.repository.ts';

/** Who owns a snippet: the jobs service's answer (over NATS in production, `SnippetOwnerClient`). */
export interface SnippetOwners {
  /** The snippet's text when it is the user's; throws 404 when it is not, 503 when nobody can say. */
  requireOwned(snippetId: number, userId: number): Promise<{ snippetText: string; jobDescriptionId: number }>;
}

export interface SnippetConversationDeps {
  repository: SnippetConversationRepository;
  owners: SnippetOwners;
  clock: () => Date;
  onEventsWritten: () => void;
}

/** Interview-practice conversations about one snippet, for its owner only (ownership asked of the jobs service). */
export class SnippetConversationService {
  constructor(private readonly deps: SnippetConversationDeps) {}

  /** Saves the practice session's history: it continues the latest session when it extends it, else starts a new one. */
  async save(userId: number, snippetId: number, history: SnippetExchange[]): Promise<{ record: SnippetConversationRecord; created: boolean }> {
    if (history.length === 0) throw badRequest(CONVERSATION_MESSAGES.snippetHistoryEmpty);
    const { jobDescriptionId } = await this.deps.owners.requireOwned(snippetId, userId);
    const saved = await this.deps.repository.saveSnippetConversation(
      { userId, snippetId, history, now: this.deps.clock().toISOString() },
      (record, firstNewIndex) => snippetStoryEvents(record, firstNewIndex, jobDescriptionId),
    );
    this.deps.onEventsWritten();
    return saved;
  }

  /** The snippet's text and the user's sessions about it (most recently updated first), or 404: what its PDF shows. */
  async practice(userId: number, snippetId: number): Promise<{ snippetText: string; sessions: SnippetConversationRecord[] }> {
    const { snippetText } = await this.deps.owners.requireOwned(snippetId, userId);
    return { snippetText, sessions: await this.deps.repository.listSnippetConversations(userId, snippetId) };
  }

  /** The user's sessions about the snippet, most recently updated first. */
  async list(userId: number, snippetId: number): Promise<SnippetConversationRecord[]> {
    await this.deps.owners.requireOwned(snippetId, userId);
    return this.deps.repository.listSnippetConversations(userId, snippetId);
  }
}
