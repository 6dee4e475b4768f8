import { describe, expect, it } from 'vitest';
import { commonPasswordError } from '@story/proto/common-passwords';
import {
  commonPasswordItem,
  emailStepError,
  hasErrors,
  loginErrors,
  passwordChecklist,
  registrationErrors,
  shouldShowEmailError,
  strengthMeter,
} from './signup-form.ts';

describe('email step', () => {
  it('asks for a valid address first', () => {
    expect(emailStepError('')).toBe('Please enter a valid email address');
    expect(emailStepError('not-an-email')).toBe('Please enter a valid email address');
    expect(emailStepError('a@b')).toBe('Please enter a valid email address');
  });

  it('then enforces the five domains, case-insensitively', () => {
    const domainMessage = 'Please use a valid Gmail, Yahoo, Hotmail, Outlook, or Live email address';
    expect(emailStepError('someone@example.com')).toBe(domainMessage);
    expect(emailStepError('someone@gmail.co')).toBe(domainMessage);
    expect(emailStepError('someone@mail.gmail.com')).toBe(domainMessage);
    for (const ok of ['a@gmail.com', 'a@YAHOO.com', 'a@Hotmail.com', 'a@outlook.com', 'a@live.com', '  a@gmail.com  ']) {
      expect(emailStepError(ok)).toBeUndefined();
    }
  });

  it('shows the message after leaving the field or once the address looks finished', () => {
    expect(shouldShowEmailError('', true)).toBe(false);
    expect(shouldShowEmailError('some', false)).toBe(false);
    expect(shouldShowEmailError('some', true)).toBe(true);
    expect(shouldShowEmailError('someone@example.com', false)).toBe(true);
    expect(shouldShowEmailError('someone@exam', false)).toBe(false);
  });
});

describe('registration form', () => {
  it('gives the spec messages per field', () => {
    expect(registrationErrors({ firstName: '', lastName: ' ', password: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      password: 'Password must be at least 8 characters',
    });
    expect(registrationErrors({ firstName: 'A', lastName: 'B', password: 'abcdefgh' }).password).toBe('Password must contain at least one number');
    expect(registrationErrors({ firstName: 'A', lastName: 'B', password: 'abcdefg1' }).password).toBe('Password must contain at least one symbol');
  });

  it('adds the common-password message once the spec rules are met', () => {
    const names = { firstName: 'Ada', lastName: 'Lovelace' };
    expect(registrationErrors({ ...names, password: 'Password1!' }, commonPasswordError)).toEqual({
      password: 'This password is too common. Please choose another.',
    });
    expect(registrationErrors({ ...names, password: 'Password1' }, commonPasswordError).password).toBe('Password must contain at least one symbol');
    expect(registrationErrors({ firstName: '', lastName: 'L', password: 'P@ssw0rd!' }, commonPasswordError)).toEqual({
      firstName: 'First name is required',
      password: 'This password is too common. Please choose another.',
    });
    expect(registrationErrors({ ...names, password: 'Stories4ever!' }, commonPasswordError)).toEqual({});
  });

  it('is valid with names and a password of 8+ characters, a digit and a listed symbol', () => {
    const errors = registrationErrors({ firstName: 'Ada', lastName: 'Lovelace', password: 'abcdef1!' });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
    // '-' is not one of the listed symbols.
    expect(hasErrors(registrationErrors({ firstName: 'Ada', lastName: 'L', password: 'abcdef1-' }))).toBe(true);
  });
});

describe('login form', () => {
  it('needs a valid e-mail and a non-empty password', () => {
    expect(loginErrors({ email: 'x', password: '' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
    expect(loginErrors({ email: 'someone@example.com', password: 'p' })).toEqual({});
  });
});

describe('password strength', () => {
  it('scores 0, 33, 67 and 100 percent by rules met', () => {
    expect(strengthMeter('').percent).toBe(0);
    expect(strengthMeter('abc').percent).toBe(0);
    expect(strengthMeter('abcdefgh').percent).toBe(33);
    expect(strengthMeter('1').percent).toBe(33);
    expect(strengthMeter('abcdefg1').percent).toBe(67);
    expect(strengthMeter('1!').percent).toBe(67);
    expect(strengthMeter('abcdef1!').percent).toBe(100);
    expect(strengthMeter('abcdef1!').level).toBe('strong');
  });

  it('lists the three rules in the spec words, met or not', () => {
    expect(passwordChecklist('')).toEqual([
      { id: 'length', label: '8 characters minimum', met: false },
      { id: 'number', label: 'a number', met: false },
      { id: 'symbol', label: 'a symbol', met: false },
    ]);
    expect(passwordChecklist('abcdefg?').map((i) => i.met)).toEqual([true, false, true]);
  });

  it('adds the common-password rule as a fourth line, met only once the rule has loaded and passes', () => {
    expect(commonPasswordItem('P@ssw0rd2024', commonPasswordError)).toEqual({ id: 'common', label: 'not a common password', met: false });
    expect(commonPasswordItem('Stories4ever!', commonPasswordError).met).toBe(true);
    expect(commonPasswordItem('Stories4ever!', undefined).met).toBe(false);
  });
});
