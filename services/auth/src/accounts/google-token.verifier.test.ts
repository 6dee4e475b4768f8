import { describe, expect, it } from 'vitest';
import { HttpError } from '@story/service-kit';
import { googleIdentityFromClaims, splitDisplayName } from './google-token.verifier.ts';

describe('splitDisplayName', () => {
  it('splits like the web client: first word, then the rest', () => {
    expect(splitDisplayName('Ada King Lovelace')).toEqual(['Ada', 'King Lovelace']);
    expect(splitDisplayName('  Cher  ')).toEqual(['Cher', '']);
    expect(splitDisplayName('')).toEqual(['', '']);
  });
});

describe('googleIdentityFromClaims', () => {
  const base = { sub: '123', email: 'a@gmail.com', email_verified: true };

  it('prefers given and family names, and falls back to the display name, then the e-mail', () => {
    expect(googleIdentityFromClaims({ ...base, given_name: 'Mary Ann', family_name: 'Evans', name: 'Mary Ann Evans' })).toEqual({
      googleId: '123',
      email: 'a@gmail.com',
      firstName: 'Mary Ann',
      lastName: 'Evans',
      displayFirstName: 'Mary',
      displayLastName: 'Ann Evans',
    });
    expect(googleIdentityFromClaims({ ...base, name: 'Grace Hopper' })).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    expect(googleIdentityFromClaims(base)).toMatchObject({ firstName: 'a', lastName: '' });
  });

  it('accepts email_verified as true or "true" only', () => {
    expect(googleIdentityFromClaims({ ...base, email_verified: 'true' }).email).toBe('a@gmail.com');
    for (const emailVerified of [false, 'false', 1, undefined]) {
      const error = (() => {
        try {
          googleIdentityFromClaims({ ...base, email_verified: emailVerified });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(401);
    }
  });

  it('refuses claims without an e-mail or subject', () => {
    expect(() => googleIdentityFromClaims({ ...base, email: '' })).toThrow('Invalid Google credential');
    expect(() => googleIdentityFromClaims({ ...base, sub: undefined })).toThrow('Invalid Google credential');
    expect(() => googleIdentityFromClaims({ ...base, email: 42 })).toThrow('Invalid Google credential');
  });
});
