import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { ApiError, parseServerMessage } from './http-client.ts';

/**
 * What a failed server call says, whichever way it went: a REST call's ApiError, a GraphQL error
 * (its code stands for the HTTP status the same refusal has over REST), or an HTTP failure of
 * /graphql itself. For signed-in screens only: it brings in Apollo's error classes.
 */

/** The HTTP status each code of our subgraphs and gateway stands for (service-kit's `subgraph.ts`, the gateway's budgets and data sources). */
const STATUS_OF_CODE: Readonly<Record<string, number>> = {
  BAD_USER_INPUT: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

function graphqlStatus(extensions: Record<string, unknown> | undefined): number | undefined {
  const http = extensions?.http;
  if (typeof http === 'object' && http !== null && 'status' in http && typeof http.status === 'number') return http.status;
  const code = extensions?.code;
  return typeof code === 'string' ? STATUS_OF_CODE[code] : undefined;
}

/** The HTTP status of a failed call; undefined when none is known (the network, an unknown GraphQL code). */
export function failureStatus(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (ServerError.is(error)) return error.statusCode;
  if (CombinedGraphQLErrors.is(error)) return graphqlStatus(error.errors[0]?.extensions);
  return undefined;
}

/** The server's own words about a failed call (a REST body's `message`, the first GraphQL error's), if it said any. */
export function failureServerMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverMessage;
  if (ServerError.is(error)) return parseServerMessage(error.bodyText);
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message || undefined;
  return undefined;
}

/** For calls where the spec shows "the server message": that message, else the fallback (http-client's `serverMessageOr`, for either way). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return failureServerMessage(error) ?? fallback;
}
