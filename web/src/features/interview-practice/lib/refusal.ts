import { ApiError } from '../../../api/http-client.ts';

/**
 * The server's own words when it refused a request for a reason the person can act on (a 4xx: a
 * field too long, a quota reached, too many requests), else the specification's message. Server
 * failures keep the specification's text: their message says nothing useful to a person.
 */
export function refusalOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.serverMessage) return error.serverMessage;
  return fallback;
}
