import { useCallback, useState } from 'react';
import {
  myPlanRequestsResponseSchema,
  planRequestResponseSchema,
  plansResponseSchema,
  type MyPlanRequests,
  type PlanOffer,
  type PlanRequest,
  type UserType,
} from '@story/proto';
import { httpClient } from '../../../api/http-client.ts';
import { useAsyncEffect } from '../../../hooks/use-async-effect.ts';

/* Plans and plan requests (issue 39) go over REST: the auth service keeps them. */

/** Every plan as the admins set it, cheapest first. */
export async function fetchPlanOffers(): Promise<PlanOffer[]> {
  return (await httpClient.get('/api/plans', { parse: (data) => plansResponseSchema.parse(data) })).plans;
}

/** The person's plan, their request waiting, and an answer they were not told of yet. */
export function fetchMyPlanRequests(): Promise<MyPlanRequests> {
  return httpClient.get('/api/plan-requests/mine', { parse: (data) => myPlanRequestsResponseSchema.parse(data) });
}

/** Asks for a plan (409 for the plan one is on, or while another request waits). */
export async function requestPlan(userType: UserType): Promise<PlanRequest> {
  return (await httpClient.post('/api/plan-requests', { userType }, { parse: (data) => planRequestResponseSchema.parse(data) })).request;
}

/** Withdraws the request waiting. */
export async function withdrawPlanRequest(): Promise<void> {
  await httpClient.delete('/api/plan-requests/mine');
}

/** The person was told the answer to request `id`: it is not shown again. */
export async function acknowledgePlanDecision(id: number): Promise<void> {
  await httpClient.post(`/api/plan-requests/${id}/acknowledge`);
}

/** A read that may still be on its way or may have failed, with a way to read again. */
export interface PlanRead<T> {
  data: T | undefined;
  failed: boolean;
  reload: () => void;
}

function usePlanRead<T>(load: () => Promise<T>): PlanRead<T> {
  const [data, setData] = useState<T>();
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  useAsyncEffect(
    load,
    {
      onSuccess: (value) => {
        setData(value);
        setFailed(false);
      },
      onError: () => setFailed(true),
    },
    [load, round],
  );
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { data, failed, reload };
}

/** Every plan as the admins set it. */
export function usePlanOffers(): PlanRead<PlanOffer[]> {
  return usePlanRead(fetchPlanOffers);
}

/** The person's plan and requests. */
export function useMyPlanRequests(): PlanRead<MyPlanRequests> {
  return usePlanRead(fetchMyPlanRequests);
}
