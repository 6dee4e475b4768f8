import type { CreateThreadResult, SaveQuotas, ThreadRecord } from '../src/threads/thread.repository.ts';

/** A quota no test meets unless it is the one about quotas. */
export const UNLIMITED = Number.MAX_SAFE_INTEGER;
export const NO_QUOTAS: SaveQuotas = { messagesPerThread: UNLIMITED, audioBytesPerUser: UNLIMITED };

/** The thread a create made; a refusal fails the test. */
export function createdThread(result: CreateThreadResult): ThreadRecord {
  if (result.kind !== 'created') throw new Error(`thread not created: ${result.kind}`);
  return result.thread;
}
