import { describe, expect, it } from 'vitest';
import { errorMessageOr } from './error-message.ts';

describe('errorMessageOr', () => {
  it("takes an error's own message", () => {
    expect(errorMessageOr(new Error('An account with this email already exists'), 'Something went wrong. Please try again.')).toBe(
      'An account with this email already exists',
    );
  });

  it('falls back for what is not an Error, or an Error without a message', () => {
    expect(errorMessageOr('boom', 'Failed to check email')).toBe('Failed to check email');
    expect(errorMessageOr(undefined, 'Failed to check email')).toBe('Failed to check email');
    expect(errorMessageOr(new Error(''), 'Invalid credentials')).toBe('Invalid credentials');
  });
});
