import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/http-client.ts';
import { loadFailureOf } from './load-failure.ts';

describe('loadFailureOf', () => {
  it('tells the plan’s refusal (403 with its sentence) from other failures', () => {
    const refused = new ApiError(403, 'Forbidden', JSON.stringify({ message: 'Mock interviews are part of the Pro plan.' }));
    expect(loadFailureOf(refused, 'Not found')).toEqual({ message: 'Mock interviews are part of the Pro plan.', locked: true });
    expect(loadFailureOf(new ApiError(404, 'Not Found', JSON.stringify({ message: 'Mock interview not found' })), 'Not found')).toEqual({
      message: 'Mock interview not found',
      locked: false,
    });
    expect(loadFailureOf(new ApiError(403, 'Forbidden', ''), 'Not found')).toEqual({ message: 'Not found', locked: false });
    expect(loadFailureOf(new Error('offline'), 'Not found')).toEqual({ message: 'Not found', locked: false });
  });
});
