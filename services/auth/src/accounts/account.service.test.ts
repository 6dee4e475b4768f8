import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES, tooManySignInAttemptsMessage } from '@story/proto';
import { GOOGLE_TEST_CLIENT_ID, startGoogleIdentityProvider, type GoogleIdentityProvider } from '../../test/support/google-identity-provider.ts';
import { openSqliteAuthStorage, type AuthStorage } from '../storage/auth-storage.ts';
import { AccountService } from './account.service.ts';
import { createGoogleTokenVerifier } from './google-token.verifier.ts';
import { failureOf } from '@story/testing/service-under-test';
import { memoryAttemptStore } from '../../test/support/memory-attempt-store.ts';
import { PasswordAttemptLimiter } from '../throttles/password-attempt.limiter.ts';

const NOW = new Date('2024-06-01T12:00:00.000Z');
const PASSWORD = 'Sup3r!secret';
const ATTEMPT_POLICY = { freeFailures: 5, maxDelaySeconds: 300 };

/**
 * AccountService on its own: a real SQLite store (in memory), a fixed clock and the real Google
 * verifier against a loopback certificate endpoint. No HTTP, no NATS.
 */
describe('AccountService', () => {
  let google: GoogleIdentityProvider;
  let storage: AuthStorage;
  let accounts: AccountService;
  /** The clock's time; tests that wait move it. */
  let now: number;

  beforeAll(async () => {
    google = await startGoogleIdentityProvider();
  });
  afterAll(async () => google.stop());
  beforeEach(() => {
    storage = openSqliteAuthStorage(':memory:');
    now = NOW.getTime();
    accounts = new AccountService({
      repository: storage.users,
      passwordAttempts: new PasswordAttemptLimiter(memoryAttemptStore(), ATTEMPT_POLICY, () => new Date(now)),
      adminEmails: ['boss@gmail.com'],
      verifyGoogleToken: createGoogleTokenVerifier({ clientId: GOOGLE_TEST_CLIENT_ID, jwksUrl: google.jwksUrl, issuers: ['https://accounts.google.com'] }),
      clock: () => new Date(now),
    });
  });

  it('registers with a hashed password and the clock’s time, and refuses the same e-mail in another case', async () => {
    const user = await accounts.register({ email: 'Ada@Gmail.com', firstName: 'Ada', lastName: 'Lovelace', password: PASSWORD });
    expect(user).toMatchObject({ email: 'Ada@Gmail.com', isAdmin: false, authProvider: 'email', createdAt: NOW });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await accounts.emailExists('ada@gmail.com')).toBe(true);
    expect(await failureOf(accounts.register({ email: 'ADA@gmail.com', firstName: 'A', lastName: 'L', password: PASSWORD }))).toEqual({
      status: 409,
      message: ACCOUNT_MESSAGES.duplicateEmail,
    });
  });

  it('refuses a common password at sign-up and stores nothing', async () => {
    for (const password of ['Password1!', '1L0veY0u!', 'zxcvbnm12!']) {
      expect(await failureOf(accounts.register({ email: 'common@gmail.com', firstName: 'C', lastName: 'P', password })), password).toEqual({
        status: 400,
        message: MESSAGES.passwordTooCommon,
      });
    }
    expect(await storage.users.listUsers()).toEqual([]);
  });

  it('makes listed e-mails admins at sign-up and at sign-in, and never demotes', async () => {
    expect((await accounts.register({ email: 'Boss@gmail.com', firstName: 'B', lastName: 'O', password: PASSWORD })).isAdmin).toBe(true);
    const member = await accounts.register({ email: 'member@gmail.com', firstName: 'M', lastName: 'E', password: PASSWORD });
    await storage.users.setAdmin(member.id, true);
    expect((await accounts.login({ email: 'member@gmail.com', password: PASSWORD })).isAdmin).toBe(true);
  });

  it('answers every failed login with the same message, for a wrong password and for an unknown e-mail', async () => {
    await accounts.register({ email: 'grace@gmail.com', firstName: 'Grace', lastName: 'Hopper', password: PASSWORD });
    const expected = { status: 401, message: ACCOUNT_MESSAGES.invalidCredentials };
    expect(await failureOf(accounts.login({ email: 'grace@gmail.com', password: 'Wrong!pass1' }))).toEqual(expected);
    expect(await failureOf(accounts.login({ email: 'nobody@gmail.com', password: PASSWORD }))).toEqual(expected);
    expect((await accounts.login({ email: 'GRACE@gmail.com', password: PASSWORD })).email).toBe('grace@gmail.com');
  });

  it('makes an account wait after five wrong passwords, checks nothing while it waits, and forgets after a success', async () => {
    await accounts.register({ email: 'guessed@gmail.com', firstName: 'G', lastName: 'U', password: PASSWORD });
    const wrong = { email: 'guessed@gmail.com', password: 'Wrong!pass1' };
    for (let i = 0; i < 6; i++) expect(await failureOf(accounts.login(wrong))).toEqual({ status: 401, message: ACCOUNT_MESSAGES.invalidCredentials });
    const waiting = { status: 429, message: tooManySignInAttemptsMessage(2) };
    expect(await failureOf(accounts.login({ email: 'GUESSED@gmail.com', password: PASSWORD }))).toEqual(waiting);
    now += 2000;
    expect((await accounts.login({ email: 'guessed@gmail.com', password: PASSWORD })).email).toBe('guessed@gmail.com');
    for (let i = 0; i < 5; i++) expect(await failureOf(accounts.login(wrong))).toMatchObject({ status: 401 });
  });

  describe('password change', () => {
    const NEW_PASSWORD = 'Fjord!Lantern8';

    it('replaces the hash once the current password is right, and the new one then signs in', async () => {
      const ada = await accounts.register({ email: 'changer@gmail.com', firstName: 'C', lastName: 'H', password: PASSWORD });
      await accounts.changePassword(ada.id, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect((await storage.users.findUserById(ada.id))?.passwordHash).not.toBe(ada.passwordHash);
      expect(await failureOf(accounts.login({ email: 'changer@gmail.com', password: PASSWORD }))).toMatchObject({ status: 401 });
      expect((await accounts.login({ email: 'changer@gmail.com', password: NEW_PASSWORD })).id).toBe(ada.id);
    });

    it('refuses a wrong current password, a common or unchanged new one, and Google-only accounts, changing nothing', async () => {
      const ada = await accounts.register({ email: 'keeper@gmail.com', firstName: 'K', lastName: 'P', password: PASSWORD });
      const cases: [{ currentPassword: string; newPassword: string }, string][] = [
        [{ currentPassword: 'Wrong!pass1', newPassword: NEW_PASSWORD }, ACCOUNT_MESSAGES.currentPasswordWrong],
        [{ currentPassword: PASSWORD, newPassword: 'Qwerty123!' }, MESSAGES.passwordTooCommon],
        [{ currentPassword: PASSWORD, newPassword: PASSWORD }, ACCOUNT_MESSAGES.newPasswordUnchanged],
      ];
      for (const [input, message] of cases) expect(await failureOf(accounts.changePassword(ada.id, input))).toEqual({ status: 400, message });
      expect((await storage.users.findUserById(ada.id))?.passwordHash).toBe(ada.passwordHash);

      const googleOnly = await accounts.signInWithGoogle({ credential: await google.idToken({ claims: { sub: 'g-only', email: 'google.only@gmail.com' } }) });
      expect(await failureOf(accounts.changePassword(googleOnly.id, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }))).toEqual({
        status: 400,
        message: ACCOUNT_MESSAGES.noPasswordToChange,
      });
      expect(await failureOf(accounts.changePassword(987_654, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }))).toMatchObject({ status: 401 });
    });

    it('counts wrong current passwords with sign-in failures, and makes both wait', async () => {
      const ada = await accounts.register({ email: 'shared.count@gmail.com', firstName: 'S', lastName: 'C', password: PASSWORD });
      for (let i = 0; i < 3; i++) await accounts.login({ email: 'shared.count@gmail.com', password: 'Wrong!pass1' }).catch(() => undefined);
      for (let i = 0; i < 3; i++)
        expect(await failureOf(accounts.changePassword(ada.id, { currentPassword: 'Wrong!pass1', newPassword: NEW_PASSWORD }))).toMatchObject({ status: 400 });
      const waiting = { status: 429, message: tooManySignInAttemptsMessage(2) };
      expect(await failureOf(accounts.changePassword(ada.id, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }))).toEqual(waiting);
      expect(await failureOf(accounts.login({ email: 'shared.count@gmail.com', password: PASSWORD }))).toEqual(waiting);
    });
  });

  describe('Google sign-in', () => {
    it('creates a Google-only account from the verified token, then finds it again by Google id', async () => {
      const credential = await google.idToken({ claims: { sub: 'g-1', email: 'New.Person@gmail.com' } });
      const created = await accounts.signInWithGoogle({ credential });
      expect(created).toMatchObject({
        email: 'New.Person@gmail.com',
        googleId: 'g-1',
        passwordHash: null,
        authProvider: 'google',
        firstName: 'Grace',
        lastName: 'Hopper',
      });
      const again = await accounts.signInWithGoogle({ credential: await google.idToken({ claims: { sub: 'g-1', email: 'New.Person@gmail.com' } }) });
      expect(again.id).toBe(created.id);
      expect(await storage.users.listUsers()).toHaveLength(1);
    });

    it('links Google to an existing e-mail account, and the password keeps working', async () => {
      const existing = await accounts.register({ email: 'linker@gmail.com', firstName: 'L', lastName: 'K', password: PASSWORD });
      const linked = await accounts.signInWithGoogle({ credential: await google.idToken({ claims: { sub: 'g-link', email: 'Linker@Gmail.com' } }) });
      expect(linked).toMatchObject({ id: existing.id, googleId: 'g-link', authProvider: 'email' });
      expect((await accounts.login({ email: 'linker@gmail.com', password: PASSWORD })).id).toBe(existing.id);
    });

    it('refuses a second Google account for an e-mail that is linked already', async () => {
      await accounts.signInWithGoogle({ credential: await google.idToken({ claims: { sub: 'g-first', email: 'taken@gmail.com' } }) });
      const other = accounts.signInWithGoogle({ credential: await google.idToken({ claims: { sub: 'g-second', email: 'taken@gmail.com' } }) });
      expect(await failureOf(other)).toEqual({ status: 409, message: ACCOUNT_MESSAGES.googleLinkedElsewhere });
      expect((await storage.users.findUserByEmail('taken@gmail.com'))?.googleId).toBe('g-first');
    });

    it('refuses body details that disagree with the token, and forged tokens', async () => {
      const credential = await google.idToken({ claims: { sub: 'g-body', email: 'body@gmail.com' } });
      expect(await failureOf(accounts.signInWithGoogle({ credential, email: 'someone.else@gmail.com' }))).toEqual({
        status: 400,
        message: ACCOUNT_MESSAGES.googleMismatch,
      });
      const forged = await google.idToken({ key: google.strangerKey });
      expect(await failureOf(accounts.signInWithGoogle({ credential: forged }))).toEqual({ status: 401, message: ACCOUNT_MESSAGES.googleCredentialInvalid });
      expect(await storage.users.listUsers()).toEqual([]);
    });

    it('is refused when Google sign-in is not configured', async () => {
      const withoutGoogle = new AccountService({
        repository: storage.users,
        passwordAttempts: new PasswordAttemptLimiter(memoryAttemptStore(), ATTEMPT_POLICY, () => NOW),
        adminEmails: [],
        verifyGoogleToken: undefined,
        clock: () => NOW,
      });
      expect(await failureOf(withoutGoogle.signInWithGoogle({ credential: 'x' }))).toEqual({ status: 404, message: ACCOUNT_MESSAGES.googleNotConfigured });
    });
  });
});
