import { JOB_MESSAGES } from '@story/proto';
import { notFound } from '@story/service-kit';
import { startServiceForTest, type ServiceTestOptions, type ServiceUnderTest } from '@story/service-kit/testing';
import { conversationsService, type ConversationsDeps } from '../src/app.ts';
import type { ConversationsConfig } from '../src/config.ts';
import type { SnippetOwners } from '../src/snippet-conversations/snippet-conversation.service.ts';

export type TestService = ServiceUnderTest<ConversationsConfig, ConversationsDeps>;

/** The real conversations service (SQLite in a temporary folder) as `main.ts` builds it; the purge job is off unless asked for. */
export function startTestService(options: ServiceTestOptions<ConversationsDeps> = {}): Promise<TestService> {
  return startServiceForTest(conversationsService, { ...options, deps: { runPurgeJob: false, ...options.deps } });
}

/**
 * Answers "whose snippet is it?" as the jobs service would, for tests without NATS (the NATS tests
 * ask a stand-in responder): `owned` maps a user id to their snippet ids; any other is 404.
 */
export function snippetsOwnedBy(owned: Record<number, readonly number[]>): SnippetOwners {
  return {
    async requireOwned(snippetId, userId) {
      if (!owned[userId]?.includes(snippetId)) throw notFound(JOB_MESSAGES.snippetNotFound);
      return { snippetText: '- Lead teams', jobDescriptionId: 1 };
    },
  };
}
