import { CombinedGraphQLErrors } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { threadLimitReached } from '@story/proto';
import { refusalMessageOr } from './graphql-refusal.ts';

describe('refusalMessageOr', () => {
  it('gives the server’s message for a CONFLICT, such as a quota reached', () => {
    const error = new CombinedGraphQLErrors({ data: null, errors: [{ message: threadLimitReached(2000), extensions: { code: 'CONFLICT' } }] });
    expect(refusalMessageOr(error, 'Failed')).toBe('You have reached the limit of 2000 conversations. Delete old ones to start new ones.');
  });

  it('keeps the fallback for any other failure', () => {
    const internal = new CombinedGraphQLErrors({ data: null, errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
    expect(refusalMessageOr(internal, 'Failed')).toBe('Failed');
    expect(refusalMessageOr(new Error('network'), 'Failed')).toBe('Failed');
    expect(refusalMessageOr(undefined, 'Failed')).toBe('Failed');
  });
});
