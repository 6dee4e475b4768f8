import { useCallback, useEffect, useState } from 'react';
import {
  lockedFeaturesResponseSchema,
  usageResponseSchema,
  usersUsageResponseSchema,
  type LockedFeaturesResponse,
  type UsageResponse,
  type UsersUsageResponse,
} from '@story/proto';
import { httpClient } from './http-client.ts';

/** A read of the server that may still be on its way, or may have failed. */
export interface Loaded<T> {
  data: T | undefined;
  failed: boolean;
  reload(): void;
}

function useLoaded<T>(load: () => Promise<T>): Loaded<T> {
  const [data, setData] = useState<T>();
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (value) => {
        if (!current) return;
        setData(value);
        setFailed(false);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [load, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { data, failed, reload };
}

const loadUsage = () => httpClient.get('/api/usage', { parse: (data) => usageResponseSchema.parse(data) });
const loadLocked = () => httpClient.get('/api/usage/locked', { parse: (data) => lockedFeaturesResponseSchema.parse(data) });
const loadUsersUsage = () => httpClient.get('/api/usage/users', { parse: (data) => usersUsageResponseSchema.parse(data) });

/** The caller's plan, its monthly minutes, what is used this month and what the plan includes (issue 21). */
export function useUsage(): Loaded<UsageResponse> {
  return useLoaded(loadUsage);
}

/** For each feature the caller's plan lacks, the sentence naming the plan that has it. */
export function useLockedFeatures(): Loaded<LockedFeaturesResponse> {
  return useLoaded(loadLocked);
}

/** Admins: everybody's seconds this month. */
export function useUsersUsage(): Loaded<UsersUsageResponse> {
  return useLoaded(loadUsersUsage);
}
