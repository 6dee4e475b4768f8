import { startServiceForTest, type ServiceTestOptions, type ServiceUnderTest } from '@story/service-kit/testing';
import { conversationsService, type ConversationsDeps } from '../src/app.ts';
import type { ConversationsConfig } from '../src/config.ts';

export type TestService = ServiceUnderTest<ConversationsConfig, ConversationsDeps>;

/** The real conversations service (SQLite in a temporary folder) as `main.ts` builds it; the purge job is off unless asked for. */
export function startTestService(options: ServiceTestOptions<ConversationsDeps> = {}): Promise<TestService> {
  return startServiceForTest(conversationsService, { ...options, deps: { runPurgeJob: false, ...options.deps } });
}
