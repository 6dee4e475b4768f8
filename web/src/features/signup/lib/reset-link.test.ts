import { describe, expect, it } from 'vitest';
import { newPasswordError, resetEmailError } from './signup-form.ts';
import { resetTokenOf } from './reset-link.ts';

describe('the reset link and its form (issue 39, 6)', () => {
  it('reads the token from the fragment only', () => {
    expect(resetTokenOf('#token=abc-DEF_123')).toBe('abc-DEF_123');
    expect(resetTokenOf('token=abc')).toBe('abc');
    expect(resetTokenOf('')).toBe('');
    expect(resetTokenOf('#other=1')).toBe('');
  });

  it('holds the new password to the sign-up rules and their words, then to the common-password rule', () => {
    expect(newPasswordError('Short1!')).toBe('Password must be at least 8 characters');
    expect(newPasswordError('NoSymbol123')).toBe('Password must contain at least one symbol');
    expect(newPasswordError('No!number!')).toBe('Password must contain at least one number');
    const tooCommon = (password: string) => (password === 'Password1!' ? 'This password is too common. Please choose another.' : undefined);
    expect(newPasswordError('Password1!', tooCommon)).toBe('This password is too common. Please choose another.');
    expect(newPasswordError('Fjord!Lantern8', tooCommon)).toBeUndefined();
  });

  it('asks for a valid address, at any domain (an account may predate the sign-up domains)', () => {
    expect(resetEmailError('')).toBe('Please enter a valid email address');
    expect(resetEmailError('ada@')).toBe('Please enter a valid email address');
    expect(resetEmailError(' ada@example.org ')).toBeUndefined();
  });
});
