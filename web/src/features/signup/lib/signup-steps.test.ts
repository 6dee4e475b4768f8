import { describe, expect, it } from 'vitest';
import { signupStepOf, stepStateOf } from './signup-steps.ts';
import { signupStepPath } from '../../../lib/paths.ts';

describe('sign-up steps as URLs', () => {
  it('reads the step from ?step=, the email step for anything else', () => {
    expect(signupStepOf('details')).toBe('details');
    expect(signupStepOf('login')).toBe('login');
    expect(signupStepOf('forgot')).toBe('forgot');
    for (const other of [null, '', 'email', 'admin', 'LOGIN']) expect(signupStepOf(other)).toBe('email');
    expect(signupStepPath('email')).toBe('/signup');
    expect(signupStepPath('login')).toBe('/signup?step=login');
    expect(signupStepPath('forgot')).toBe('/signup?step=forgot');
  });

  it('reads only well-formed history state', () => {
    expect(stepStateOf({ email: 'a@gmail.com', locked: true, fromEmailStep: true })).toEqual({
      email: 'a@gmail.com',
      locked: true,
      fromEmailStep: true,
      fromLoginStep: false,
    });
    expect(stepStateOf({ email: 'a@gmail.com', fromLoginStep: true })).toMatchObject({ fromLoginStep: true });
    expect(stepStateOf(null)).toEqual({});
    expect(stepStateOf('x')).toEqual({});
    expect(stepStateOf({ email: 42, locked: 'yes' })).toEqual({ email: undefined, locked: false, fromEmailStep: false, fromLoginStep: false });
  });
});
