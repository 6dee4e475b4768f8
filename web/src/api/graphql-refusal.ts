import { CombinedGraphQLErrors } from '@apollo/client';

/**
 * The server's own words when it refused a GraphQL mutation for a reason the person can act on (a
 * CONFLICT: a quota reached, a deleted thread), else the fallback. Other failures keep the
 * specification's generic text, since their server message says nothing useful to a person.
 */
export function refusalMessageOr(error: unknown, fallback: string): string {
  if (!CombinedGraphQLErrors.is(error)) return fallback;
  const refusal = error.errors.find((e) => e.extensions?.code === 'CONFLICT');
  return refusal?.message || fallback;
}
