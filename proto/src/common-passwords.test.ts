import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIST_FILE, readSourceList, renderListModule } from '../scripts/build-common-password-list.ts';
import { commonPasswordError, isTooCommonPassword } from './common-passwords.ts';
import { canonicalListEntry, foldLookalikes, stripDecoration } from './password-folding.ts';
import { MESSAGES } from './validation.ts';

describe('common-password rule', () => {
  it.each([
    // What the penetration test got through.
    'Password1!',
    '        1!',
    'aaaaaaa1!',
    // Common passwords with digits and symbols added, in any case.
    'PASSWORD123!',
    'Dragon2024!',
    'MONKEY99!',
    'Football2023!',
    'welcome123$',
    '!!Sunshine#1',
    '  iloveyou 1!',
    'trustno1!',
    'Michael1985!',
    // Leetspeak.
    'P@ssw0rd!',
    'P@55w0rd2024',
    'l3tm31n!!',
    '5uperm4n!',
    'B4seb4ll!!',
    '$unsh1ne99',
    // Keyboard, alphabet and digit runs, forwards and backwards.
    'Qwerty123!',
    'qwertyuiop1!',
    'Asdfghjkl1!',
    'Zxcvbnm12!',
    '1qaz2wsx!',
    'abcdefg1!',
    '12345678!',
    '87654321!',
    '!@#$%^&*1',
    'a1234567!',
    // One thing over and over.
    '11111111!',
    'a1a1a1a1!',
    'A a a a a 1!',
  ])('refuses %j', (password) => {
    expect(isTooCommonPassword(password)).toBe(true);
    expect(commonPasswordError(password)).toBe(MESSAGES.passwordTooCommon);
  });

  it.each([
    'Stories4ever!',
    'Sup3r!secret',
    'correct horse battery staple 9!',
    'Blue-Whale-42!',
    'My dog eats 3 socks!',
    'Zebra&Piano77',
    'Fjord!Lantern8',
    'gR8!tomatoSoup',
    'Kx9!mQ2@vL',
    '8#5!2@9$1%',
    'Purple.Monkey.Dishwasher.3',
  ])('accepts %j', (password) => {
    expect(isTooCommonPassword(password)).toBe(false);
    expect(commonPasswordError(password)).toBeUndefined();
  });
});

describe('password folding', () => {
  it('reduces case, decoration and leetspeak to one form', () => {
    expect(stripDecoration('!!p@ss w0rd123 ')).toBe('p@ss w0rd');
    expect(foldLookalikes('p@55w0rd 1l7$3')).toBe('password iitse');
    expect(canonicalListEntry('P@ssw0rd1')).toBe(canonicalListEntry('password'));
    expect(canonicalListEntry(' 123456 ')).toBe('123456');
  });
});

describe('the built-in list', () => {
  it('is what the build script makes from the pinned package', () => {
    expect(readFileSync(LIST_FILE, 'utf8')).toBe(renderListModule(readSourceList()));
  });
});
