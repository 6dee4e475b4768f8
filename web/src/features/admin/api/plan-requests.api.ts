import { useCallback } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { GRANT_PLAN_REQUEST_MUTATION, PLAN_REQUESTS_QUERY, REFUSE_PLAN_REQUEST_MUTATION, type PlanRequestRow } from './plan-requests.graphql.ts';

/** The open plan requests, oldest first (admins only). */
export function usePlanRequests() {
  return useQuery(PLAN_REQUESTS_QUERY);
}

/** Answers a request: granted or refused; the list is read again once the answer is in. */
export function useAnswerPlanRequest(): (request: PlanRequestRow, answer: 'grant' | 'refuse') => Promise<PlanRequestRow> {
  const options = { refetchQueries: [PLAN_REQUESTS_QUERY], awaitRefetchQueries: true };
  const [grant] = useMutation(GRANT_PLAN_REQUEST_MUTATION, options);
  const [refuse] = useMutation(REFUSE_PLAN_REQUEST_MUTATION, options);
  return useCallback(
    async (request, answer) => {
      const variables = { id: request.id };
      if (answer === 'grant') {
        const { data } = await grant({ variables });
        if (!data) throw new Error('grantPlanRequest returned no data');
        return data.grantPlanRequest;
      }
      const { data } = await refuse({ variables });
      if (!data) throw new Error('refusePlanRequest returned no data');
      return data.refusePlanRequest;
    },
    [grant, refuse],
  );
}
