import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  checkPassword,
  isAllowedEmailDomain,
  loginFormSchema,
  passwordStrength,
  registrationFormSchema,
  signupEmailSchema,
  threadTitleSchema,
  messageTextSchema,
} from './validation.ts';
import { registerRequestSchema, updateUserTypeSettingRequestSchema, storyQueryRequestSchema } from './api/index.ts';
import { findApiRoute } from './routes.ts';
import { minutesLeft, usageMeterText, usedMinutes } from './api/plans.ts';
import { idSchema, idTextSchema } from './ids.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('sign-up email step', () => {
  it.each(['ann@gmail.com', 'Ann@GMAIL.com', 'x@yahoo.com', 'x@Hotmail.COM', 'x@outlook.com', 'x@live.com'])('accepts %s', (email) => {
    expect(signupEmailSchema.safeParse(email).success).toBe(true);
  });
  it('refuses other domains with the spec message', () => {
    expect(firstMessage(signupEmailSchema.safeParse('ann@example.com'))).toBe(MESSAGES.emailDomain);
    expect(firstMessage(signupEmailSchema.safeParse('ann@gmail.com.evil.com'))).toBe(MESSAGES.emailDomain);
  });
  it('refuses malformed addresses with the spec message', () => {
    for (const bad of ['', 'ann', 'ann@', '@gmail.com', 'a b@gmail.com']) {
      expect(firstMessage(signupEmailSchema.safeParse(bad))).toBe(MESSAGES.invalidEmail);
    }
  });
  it('refuses non-strings', () => {
    expect(firstMessage(signupEmailSchema.safeParse({ $gt: '' }))).toBe(MESSAGES.invalidEmail);
  });
  it('checks the domain after the last @', () => {
    expect(isAllowedEmailDomain('a@evil.com@gmail.com')).toBe(true);
    expect(isAllowedEmailDomain('nodomain')).toBe(false);
  });
});

describe('password rules', () => {
  it('scores 0, 33, 67 and 100 percent', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abcdefgh')).toBe(33);
    expect(passwordStrength('abcdefg1')).toBe(67);
    expect(passwordStrength('abcdef1!')).toBe(100);
    expect(passwordStrength('1!')).toBe(67);
  });
  it('counts only the listed symbols', () => {
    expect(checkPassword('abcdefg1-').symbol).toBe(false);
    for (const symbol of '!@#$%^&*(),.?":{}|<>') expect(checkPassword(`a${symbol}`).symbol).toBe(true);
  });
  it('gives the spec message for each rule, in order', () => {
    const base = { firstName: 'Ann', lastName: 'Lee' };
    expect(firstMessage(registrationFormSchema.safeParse({ ...base, password: 'a1!' }))).toBe(MESSAGES.passwordLength);
    expect(firstMessage(registrationFormSchema.safeParse({ ...base, password: 'abcdefg!' }))).toBe(MESSAGES.passwordNumber);
    expect(firstMessage(registrationFormSchema.safeParse({ ...base, password: 'abcdefg1' }))).toBe(MESSAGES.passwordSymbol);
    expect(registrationFormSchema.safeParse({ ...base, password: 'abcdef1!' }).success).toBe(true);
  });
  it('requires names, trimmed', () => {
    expect(firstMessage(registrationFormSchema.safeParse({ firstName: '  ', lastName: 'Lee', password: 'abcdef1!' }))).toBe(MESSAGES.firstNameRequired);
    expect(firstMessage(registrationFormSchema.safeParse({ firstName: 'Ann', lastName: '', password: 'abcdef1!' }))).toBe(MESSAGES.lastNameRequired);
    expect(firstMessage(registrationFormSchema.safeParse({ firstName: 'Ann', password: 'abcdef1!' }))).toBe(MESSAGES.lastNameRequired);
  });
  it('register body needs an email too', () => {
    expect(registerRequestSchema.safeParse({ firstName: 'A', lastName: 'B', password: 'abcdef1!' }).success).toBe(false);
  });
});

describe('other rules', () => {
  it('login needs an email and a password', () => {
    expect(firstMessage(loginFormSchema.safeParse({ email: 'x@gmail.com', password: '' }))).toBe(MESSAGES.passwordRequired);
    expect(firstMessage(loginFormSchema.safeParse({ email: 'nope', password: 'x' }))).toBe(MESSAGES.invalidEmail);
  });
  it('refuses blank titles and texts', () => {
    expect(firstMessage(threadTitleSchema.safeParse('   '))).toBe(MESSAGES.titleEmpty);
    expect(threadTitleSchema.parse('  Hello ')).toBe('Hello');
    expect(firstMessage(messageTextSchema.safeParse(' \n '))).toBe(MESSAGES.textEmpty);
    expect(messageTextSchema.safeParse('x'.repeat(100_000)).success).toBe(false);
  });
  it('bounds the admin time limit and search query', () => {
    expect(updateUserTypeSettingRequestSchema.safeParse({ timeLimit: -1, responseType: 'text' }).success).toBe(false);
    expect(updateUserTypeSettingRequestSchema.safeParse({ timeLimit: '300', responseType: 'text' }).success).toBe(false);
    expect(updateUserTypeSettingRequestSchema.safeParse({ timeLimit: 300, responseType: 'voice' }).success).toBe(false);
    expect(storyQueryRequestSchema.parse({ query: '  leadership ' }).query).toBe('leadership');
    expect(firstMessage(storyQueryRequestSchema.safeParse({ query: '  ' }))).toBe(MESSAGES.searchEmpty);
  });
  it('parses ids from paths strictly', () => {
    expect(idTextSchema.parse('42')).toBe(42);
    for (const bad of ['abc', '1.5', '-3', '0', '', '9007199254740993']) expect(idTextSchema.safeParse(bad).success).toBe(false);
  });

  it('refuses ids written any way but plain decimal digits, in paths and in bodies', () => {
    // The attack: each of these reached thread 6 (or 1, or 1000, or 16).
    for (const bad of ['0x6', ' 6 ', '6 ', '+6', '06', '1e3', '0x10', '6.0', '٦', '６'])
      expect(idTextSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    for (const bad of [[6], '6', true, '0x6', ' 6 ', 6.5, -6, 0, null, { $gt: 0 }]) expect(idSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(idSchema.parse(6)).toBe(6);
    expect(idTextSchema.parse('16')).toBe(16);
  });
});

describe('route table', () => {
  it('matches whole segments, longest prefix first', () => {
    expect(findApiRoute('/api/users/login')?.rateLimit).toBe('auth');
    expect(findApiRoute('/api/users/login')?.public).toBe(true);
    expect(findApiRoute('/api/users')?.public).toBeUndefined();
    expect(findApiRoute('/api/users?x=1')?.service).toBe('auth');
    expect(findApiRoute('/api/conversation-threads/4/title')?.service).toBe('conversations');
    expect(findApiRoute('/api/conversationsX')).toBeUndefined();
    expect(findApiRoute('/api/users/loginx')?.public).toBeUndefined();
    // Forgot password (issue 39, 6): public, counted with sign-in per address; the signed-in password change is another route.
    for (const path of ['/api/users/password-reset', '/api/users/password-reset/check', '/api/users/password-reset/complete'])
      expect(findApiRoute(path), path).toMatchObject({ service: 'auth', public: true, rateLimit: 'auth' });
    expect(findApiRoute('/api/users/password')?.public).toBeUndefined();
    // Correcting a transcript scores the answer again: the AI budget; reading feedback is not AI work.
    expect(findApiRoute('/api/feedback/6f1c2a4e-0b7d-4c55-9a7e-2f0d8f1b9c31/transcript')).toMatchObject({ service: 'feedback', rateLimit: 'ai' });
    expect(findApiRoute('/api/feedback/6f1c2a4e-0b7d-4c55-9a7e-2f0d8f1b9c31')?.rateLimit).toBeUndefined();
    expect(findApiRoute('/api/feedback/snippets/4/progress')?.rateLimit).toBeUndefined();
    expect(findApiRoute('/api/nothing')).toBeUndefined();
  });
  it('charges the four PDF downloads to the PDF budget, and nothing else under their prefixes (issue 36, 3)', () => {
    expect(findApiRoute('/api/conversation-threads/7/pdf')).toMatchObject({ service: 'conversations', rateLimit: 'pdf' });
    expect(findApiRoute('/api/snippet-conversations/3/pdf?timeZone=UTC')).toMatchObject({ service: 'conversations', rateLimit: 'pdf' });
    expect(findApiRoute('/api/mock-interviews/5/pdf')).toMatchObject({ service: 'feedback', rateLimit: 'pdf' });
    expect(findApiRoute('/api/resumes/9/pdf?paper=letter')).toMatchObject({ service: 'profile', rateLimit: 'pdf' });
    expect(findApiRoute('/api/conversation-threads/7')?.rateLimit).toBeUndefined();
    expect(findApiRoute('/api/conversation-threads/7/pdfs')?.rateLimit).toBeUndefined();
    expect(findApiRoute('/api/resumes/9')?.rateLimit).toBeUndefined();
  });
  it('sends password changes and session management to auth, signed in, password changes in the auth bucket', () => {
    expect(findApiRoute('/api/users/password')).toEqual({ prefix: '/api/users/password', service: 'auth', rateLimit: 'auth' });
    expect(findApiRoute('/api/users/sessions/revoke-others')).toEqual({ prefix: '/api/users/sessions', service: 'auth' });
  });
});

describe('minutes as every screen shows them (issue 39, 7)', () => {
  it('counts a minute begun as used, so 73 seconds are never 0 minutes, and leaves only whole minutes left', () => {
    expect([0, 0.1, 59, 60, 60.1, 73, 119.9, 120].map(usedMinutes)).toEqual([0, 1, 1, 1, 2, 2, 2, 2]);
    expect(usageMeterText(73, 120)).toBe('2 of 120 minutes used this month');
    expect(usageMeterText(0, 120)).toBe('0 of 120 minutes used this month');
    expect(minutesLeft(73, 120)).toBe(118);
    expect(minutesLeft(7200, 120)).toBe(0);
    expect(minutesLeft(9000, 120)).toBe(0);
    // What is shown used and left never adds up to more than the plan's minutes.
    for (const seconds of [1, 59, 61, 3599, 7199]) expect(usedMinutes(seconds) + minutesLeft(seconds, 120)).toBe(120);
  });
});
