import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/http-client.ts';
import { refusalOr } from './refusal.ts';

describe('refusalOr', () => {
  it('shows what a 4xx says, and the fallback for anything else', () => {
    const refused = new ApiError(409, 'Conflict', '{"message":"You have reached the limit of 5 saved job descriptions."}');
    expect(refusalOr(refused, 'Failed')).toBe('You have reached the limit of 5 saved job descriptions.');
    expect(refusalOr(new ApiError(502, 'Bad Gateway', '{"message":"upstream detail"}'), 'Failed')).toBe('Failed');
    expect(refusalOr(new ApiError(401, 'Unauthorized', '{"message":"Authentication required"}'), 'Failed')).toBe('Failed');
    expect(refusalOr(new ApiError(400, 'Bad Request', 'not json'), 'Failed')).toBe('Failed');
    expect(refusalOr(new Error('offline'), 'Failed')).toBe('Failed');
  });
});
