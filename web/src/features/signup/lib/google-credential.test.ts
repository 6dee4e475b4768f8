import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@story/proto';
import { readGoogleCredential, splitDisplayName } from './google-credential.ts';

const NO_GOOGLE_USER_MESSAGE = ACCOUNT_MESSAGES.googleNoUser;

function fakeJwt(payload: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

describe('readGoogleCredential', () => {
  it('takes e-mail, the first word of the name, the rest, and the subject', () => {
    const profile = readGoogleCredential(fakeJwt({ email: 'ada@gmail.com', name: 'Ada King Lovelace', sub: '1234567890' }));
    expect(profile).toEqual({ email: 'ada@gmail.com', firstName: 'Ada', lastName: 'King Lovelace', googleId: '1234567890' });
  });

  it('decodes non-ASCII names', () => {
    expect(readGoogleCredential(fakeJwt({ email: 'z@gmail.com', name: 'Zoë Ångström' })).lastName).toBe('Ångström');
  });

  it('refuses a credential without a user e-mail', () => {
    expect(() => readGoogleCredential(undefined)).toThrow(NO_GOOGLE_USER_MESSAGE);
    expect(() => readGoogleCredential('garbage')).toThrow(NO_GOOGLE_USER_MESSAGE);
    expect(() => readGoogleCredential('a.!!!.c')).toThrow(NO_GOOGLE_USER_MESSAGE);
    expect(() => readGoogleCredential(fakeJwt({ name: 'No Mail' }))).toThrow(NO_GOOGLE_USER_MESSAGE);
    expect(NO_GOOGLE_USER_MESSAGE).toBe('No user data received from Google');
  });
});

describe('splitDisplayName', () => {
  it('splits on whitespace', () => {
    expect(splitDisplayName('  Grace   Brewster Hopper ')).toEqual({ firstName: 'Grace', lastName: 'Brewster Hopper' });
    expect(splitDisplayName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(splitDisplayName('')).toEqual({ firstName: '', lastName: '' });
  });
});
