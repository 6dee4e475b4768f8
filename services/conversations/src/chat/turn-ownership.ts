import type { ProcessTextRequest } from '@story/proto';
import type { SnippetOwners } from '../snippet-conversations/snippet-conversation.service.ts';
import type { ThreadService } from '../threads/thread.service.ts';

export interface TurnOwnershipDeps {
  threads: ThreadService;
  /** Who owns a snippet (the jobs service, asked over NATS). */
  snippets: SnippetOwners;
}

/**
 * A turn's thread and snippet, when it names them, must be the caller's: another person's is
 * refused as a missing one (404, the messages threads and snippet conversations give), before any
 * model is asked or any feedback is filed under it. Typed turns (REST, GraphQL) and spoken ones
 * (`conversations.chat.reply`) all pass here.
 */
export async function requireOwnTurn(deps: TurnOwnershipDeps, userId: number, turn: Pick<ProcessTextRequest, 'threadId' | 'snippetId'>): Promise<void> {
  if (turn.threadId !== undefined) await deps.threads.getThread(userId, turn.threadId);
  if (turn.snippetId !== undefined) await deps.snippets.requireOwned(turn.snippetId, userId);
}
