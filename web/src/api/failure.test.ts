import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { ApiError } from './http-client.ts';
import { failureServerMessage, failureStatus, serverMessageOr } from './failure.ts';

const graphqlError = (message: string, extensions: Record<string, unknown>) => new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions }] });
const serverError = (status: number, body: string) => new ServerError('Response not successful', { response: new Response(body, { status }), bodyText: body });

describe('what a failed call says', () => {
  it('reads a REST failure', () => {
    const refused = new ApiError(409, 'Conflict', '{"message":"Too many"}');
    expect(failureStatus(refused)).toBe(409);
    expect(failureServerMessage(refused)).toBe('Too many');
  });

  it('reads a GraphQL error as the HTTP status its code stands for, with its message', () => {
    expect(failureStatus(graphqlError('Too long', { code: 'BAD_USER_INPUT' }))).toBe(400);
    expect(failureStatus(graphqlError('Slow down', { code: 'TOO_MANY_REQUESTS', http: { status: 429 } }))).toBe(429);
    expect(failureStatus(graphqlError('Down', { code: 'SERVICE_UNAVAILABLE' }))).toBe(503);
    expect(failureStatus(graphqlError('Odd', { code: 'SOMETHING_ELSE' }))).toBeUndefined();
    expect(failureServerMessage(graphqlError('Too long', { code: 'BAD_USER_INPUT' }))).toBe('Too long');
  });

  it('reads an HTTP failure of /graphql itself', () => {
    expect(failureStatus(serverError(429, '{"message":"Too many requests"}'))).toBe(429);
    expect(failureServerMessage(serverError(429, '{"message":"Too many requests"}'))).toBe('Too many requests');
  });

  it('knows nothing of a network failure', () => {
    expect(failureStatus(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(serverMessageOr(new TypeError('Failed to fetch'), 'Failed')).toBe('Failed');
    expect(serverMessageOr(graphqlError('Quota reached', { code: 'CONFLICT' }), 'Failed')).toBe('Quota reached');
  });
});
