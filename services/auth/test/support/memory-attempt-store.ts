import type { AttemptRecord, AttemptStore } from '../../src/throttles/password-attempt.limiter.ts';

/** Attempt records in one map, for service tests without NATS (the service itself shares a KV bucket). */
export function memoryAttemptStore(): AttemptStore {
  const records = new Map<string, AttemptRecord>();
  return {
    update: async (key, change) => {
      const next = change(records.get(key));
      if (next === undefined) return { written: false, value: records.get(key) };
      records.set(key, next);
      return { written: true, value: next };
    },
    remove: async (key) => {
      records.delete(key);
    },
  };
}
