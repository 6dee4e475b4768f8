import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { httpClient } from './http-client.ts';

/**
 * The GraphQL client: same-origin /graphql with credentials and the CSRF header (its POSTs are
 * state-changing as far as the gateway can tell). Data never goes stale: cache-first, no polling,
 * no refetch on focus, no retry (no RetryLink).
 */
export const apolloClient = new ApolloClient({
  link: new HttpLink({ uri: '/graphql', credentials: 'include', fetch: httpClient.fetchWithCsrf }),
  cache: new InMemoryCache({
    typePolicies: {
      // One row per tier: a saved setting replaces the cached one of the same tier.
      UserTypeSetting: { keyFields: ['userType'] },
      // One entry per answer: a later read (its attempts and "Best" moved) replaces the cached one.
      AnswerFeedback: { keyFields: ['answerId'] },
    },
  }),
  defaultOptions: {
    watchQuery: { fetchPolicy: 'cache-first', refetchOn: false },
    query: { fetchPolicy: 'cache-first' },
  },
});
