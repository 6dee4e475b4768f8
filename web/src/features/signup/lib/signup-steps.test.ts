import { describe, expect, it } from 'vitest';
import { signupStepOf, signupStepPath, stepStateOf } from './signup-steps.ts';

describe('sign-up steps as URLs', () => {
  it('reads the step from ?step=, the email step for anything else', () => {
    expect(signupStepOf('details')).toBe('details');
    expect(signupStepOf('login')).toBe('login');
    for (const other of [null, '', 'email', 'admin', 'LOGIN']) expect(signupStepOf(other)).toBe('email');
    expect(signupStepPath('email')).toBe('/signup');
    expect(signupStepPath('login')).toBe('/signup?step=login');
  });

  it('reads only well-formed history state', () => {
    expect(stepStateOf({ email: 'a@gmail.com', locked: true, fromEmailStep: true })).toEqual({ email: 'a@gmail.com', locked: true, fromEmailStep: true });
    expect(stepStateOf(null)).toEqual({});
    expect(stepStateOf('x')).toEqual({});
    expect(stepStateOf({ email: 42, locked: 'yes' })).toEqual({ email: undefined, locked: false, fromEmailStep: false });
  });
});
