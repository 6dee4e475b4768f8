import { failureServerMessage, failureStatus } from '../../../api/failure.ts';

/**
 * The server's own words when it refused a request for a reason the person can act on (a 4xx, or
 * the GraphQL error that stands for one: a field too long, a quota reached, too many requests),
 * else the specification's message. Server failures keep the specification's text: their message
 * says nothing useful to a person.
 */
export function refusalOr(error: unknown, fallback: string): string {
  const status = failureStatus(error);
  if (status === undefined || status < 400 || status >= 500 || status === 401) return fallback;
  return failureServerMessage(error) ?? fallback;
}
