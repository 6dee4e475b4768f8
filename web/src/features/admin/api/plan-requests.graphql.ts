import { gql, type TypedDocumentNode } from '@apollo/client';
import type { GraphqlPlanRequest, GraphqlUser } from '@story/proto';

/** An open plan request as the admins' list queries it: the request and its person (issue 39). */
export type PlanRequestRow = Omit<GraphqlPlanRequest, 'user'> & { user: Pick<GraphqlUser, 'id' | 'firstName' | 'lastName' | 'email' | 'userType'> };

const PLAN_REQUEST_FIELDS = gql`
  fragment PlanRequestFields on PlanRequest {
    id
    userType
    fromUserType
    status
    createdAt
    decidedAt
    user {
      id
      firstName
      lastName
      email
      userType
    }
  }
`;

/** The open plan requests, oldest first (admins only). */
export const PLAN_REQUESTS_QUERY: TypedDocumentNode<{ planRequests: PlanRequestRow[] }, Record<string, never>> = gql`
  query PlanRequests {
    planRequests {
      ...PlanRequestFields
    }
  }
  ${PLAN_REQUEST_FIELDS}
`;

/** Grants a request: the person's plan changes at once (their row in the users table follows, by the user's id). */
export const GRANT_PLAN_REQUEST_MUTATION: TypedDocumentNode<{ grantPlanRequest: PlanRequestRow }, { id: string }> = gql`
  mutation GrantPlanRequest($id: ID!) {
    grantPlanRequest(id: $id) {
      ...PlanRequestFields
    }
  }
  ${PLAN_REQUEST_FIELDS}
`;

/** Refuses a request: the person keeps their plan. */
export const REFUSE_PLAN_REQUEST_MUTATION: TypedDocumentNode<{ refusePlanRequest: PlanRequestRow }, { id: string }> = gql`
  mutation RefusePlanRequest($id: ID!) {
    refusePlanRequest(id: $id) {
      ...PlanRequestFields
    }
  }
  ${PLAN_REQUEST_FIELDS}
`;
