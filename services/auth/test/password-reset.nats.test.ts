import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { SUBJECTS } from '@story/proto';
import Database from 'better-sqlite3';
import { sqliteFile } from '@story/service-kit';
import { ResetDeliveries } from '../src/password-resets/reset-deliveries.ts';
import { VALID_PASSWORD, natsRequest, registration, sessionOf, startAuthHarness, startTestNats, type AuthHarness } from './support/auth-harness.ts';
import { capturedMail, resetTokenIn, type CapturedMail } from './support/captured-mail.ts';
import { startFakeSmtpServer } from './support/fake-smtp-server.ts';
import { GOOGLE_TEST_CLIENT_ID, startGoogleIdentityProvider, type GoogleIdentityProvider } from './support/google-identity-provider.ts';

/**
 * Forgot password (issue 39, 6): "Forgot Password?" asks for the e-mail and sends a single-use link
 * that expires in an hour; the answer is the same whether or not the account exists; requests are
 * limited per address (the gateway) and per account (here, in NATS KV); a reset ends every session.
 */
let nats: Awaited<ReturnType<typeof startTestNats>>;
let google: GoogleIdentityProvider;
let h: AuthHarness;
let mail: CapturedMail;
const deliveries = new ResetDeliveries();
let clock = new Date('2026-05-01T09:00:00.000Z');
const wait = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
const NEW_PASSWORD = 'Fjord!Lantern8';
const SAME_ANSWER = {
  message: 'If an account exists for this email address, we have sent it a link to reset the password. The link works once and expires in one hour.',
};
const LINK_INVALID = { message: 'This password reset link has expired or has already been used. Please ask for a new one.' };

beforeAll(async () => {
  [nats, google] = await Promise.all([startTestNats(), startGoogleIdentityProvider()]);
  mail = capturedMail();
  h = await startAuthHarness(
    nats.nats.url,
    {
      GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID,
      GOOGLE_JWKS_URL: google.jwksUrl,
      GOOGLE_ISSUERS: 'https://accounts.google.com',
      PUBLIC_SITE_URL: 'https://story.example',
    },
    () => clock,
    { mailer: mail, resetDeliveries: deliveries },
  );
});
afterAll(async () => {
  await h?.close();
  await google?.stop();
  await nats?.stop();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url, payload: payload as object, headers });
const askForReset = (email: unknown) => post('/api/users/password-reset', { email });
const complete = (token: unknown, password: unknown) => post('/api/users/password-reset/complete', { token, password });
const login = (email: string, password: string) => post('/api/users/login', { email, password });
const register = async (email: string) => sessionOf(await post('/api/users/register', registration({ email })));
const isValid = async (sessionId: string) => ((await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId })) as { valid: boolean }).valid;
/** Asks for a reset of `email` and returns the token its e-mail carries. */
const tokenFor = async (email: string) => {
  expect((await askForReset(email)).statusCode).toBe(202);
  return resetTokenIn(await mail.next(email));
};
const expectAnswer = (response: LightMyRequestResponse, status: number, body: unknown) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual(body);
};

describe('POST /api/users/password-reset', () => {
  it('answers the same whether or not the account exists, and e-mails a link only to an account with a password', async () => {
    const email = 'forgot.it@gmail.com';
    await register(email);
    const googleOnly = await post('/api/users/google-auth', {
      credential: await google.idToken({ claims: { email: 'only.google@gmail.com', sub: 'google-only-1' } }),
    });
    expect(googleOnly.statusCode).toBe(200);

    const answers = await Promise.all(['forgot.it@gmail.com', 'nobody.here@gmail.com', 'only.google@gmail.com', 'FORGOT.IT@gmail.com'].map(askForReset));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual(SAME_ANSWER);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    await deliveries.idle();

    const sent = mail.take(email);
    expect(sent).toHaveLength(2);
    const first = sent[0];
    expect(first?.subject).toBe('Reset your Story Platform password');
    expect(first?.text).toMatch(/https:\/\/story\.example\/reset-password#token=[A-Za-z0-9_-]{43}\n/);
    expect(first?.text).toContain('The link works once and expires in one hour.');
    expect(mail.take('nobody.here@gmail.com')).toEqual([]);
    // A Google-only account has no password to reset: its e-mail says how to sign in, with no link.
    const [googleMail] = mail.take('only.google@gmail.com');
    expect(googleMail?.subject).toBe('Signing in to Story Platform');
    expect(googleMail?.text).toContain('This account signs in with Google and has no password to reset.');
    expect(googleMail?.text).toContain('https://story.example/signup');
    expect(googleMail?.text).not.toContain('reset-password');
  });

  it('refuses a bad e-mail with a clear 400 and sends nothing', async () => {
    const before = mail.sent.length;
    const cases: [unknown, string][] = [
      [undefined, 'Please enter a valid email address'],
      ['not an email', 'Please enter a valid email address'],
      [{ $gt: '' }, 'Please enter a valid email address'],
      [`${'a'.repeat(250)}@gmail.com`, 'Please enter a valid email address'],
    ];
    for (const [email, message] of cases) expectAnswer(await askForReset(email), 400, { message });
    expectAnswer(await post('/api/users/password-reset', 'nonsense'), 415, { message: 'Unsupported content type' });
    await deliveries.idle();
    expect(mail.sent.length).toBe(before);
  });

  it('lets three requests per e-mail through each hour, counted alike for an account and an unknown address', async () => {
    const known = 'asks.often@gmail.com';
    await register(known);
    for (const email of [known, 'unknown.often@gmail.com']) {
      for (let i = 0; i < 3; i++) expect((await askForReset(email)).statusCode).toBe(202);
      const refused = await askForReset(email.toUpperCase());
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1200');
      expect(refused.json()).toEqual({ message: 'Too many password reset requests for this email address. Please try again in 20 minutes.' });
    }
    await deliveries.idle();
    expect(mail.take(known)).toHaveLength(3);
    // Another address is not held up; the asking one is again, 20 minutes on.
    expect((await askForReset('someone.else@gmail.com')).statusCode).toBe(202);
    wait(20 * 60);
    expect((await askForReset(known)).statusCode).toBe(202);
    await mail.next(known);
  });
});

describe('POST /api/users/password-reset/complete', () => {
  it('sets the new password and ends every session of the account at once, published to every listener', async () => {
    const email = 'locked.out@gmail.com';
    const phone = await register(email);
    const laptop = sessionOf(await login(email, VALID_PASSWORD));
    const stranger = await register('not.me@gmail.com');
    const token = await tokenFor(email);

    const check = await post('/api/users/password-reset/check', { token });
    expectAnswer(check, 200, { email });

    const revocations: string[] = [];
    const subscription = h.client.subscribe(SUBJECTS.sessionRevoked, {
      callback: (_error, msg) => void revocations.push(msg.json<{ sessionId: string }>().sessionId),
    });
    await h.client.flush();
    const reset = await complete(token, NEW_PASSWORD);
    expectAnswer(reset, 200, { message: 'Your password has been reset. Please log in with your new password.' });
    expect(String(reset.headers['set-cookie'])).toMatch(/^session=; Path=\/; Max-Age=0/);
    expect(await isValid(phone.sessionId)).toBe(false);
    expect(await isValid(laptop.sessionId)).toBe(false);
    expect(await isValid(stranger.sessionId)).toBe(true);
    await expect.poll(() => [...revocations].sort()).toEqual([phone.sessionId, laptop.sessionId].sort());
    subscription.unsubscribe();

    expect((await login(email, VALID_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('is single-use, and using one link ends the others sent before it', async () => {
    const email = 'asked.twice@gmail.com';
    await register(email);
    const first = await tokenFor(email);
    const second = await tokenFor(email);
    expect(second).not.toBe(first);
    expect((await complete(second, NEW_PASSWORD)).statusCode).toBe(200);
    expectAnswer(await complete(second, 'Another!Pass9'), 400, LINK_INVALID);
    expectAnswer(await complete(first, 'Another!Pass9'), 400, LINK_INVALID);
    expectAnswer(await post('/api/users/password-reset/check', { token: first }), 400, LINK_INVALID);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('works for one hour only', async () => {
    const email = 'slow.reader@gmail.com';
    await register(email);
    const token = await tokenFor(email);
    wait(60 * 60 - 1);
    expectAnswer(await post('/api/users/password-reset/check', { token }), 200, { email });
    wait(1);
    expectAnswer(await post('/api/users/password-reset/check', { token }), 400, LINK_INVALID);
    expectAnswer(await complete(token, NEW_PASSWORD), 400, LINK_INVALID);
    expect((await login(email, VALID_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps only a hash of the token, so a copy of the database opens no account', async () => {
    const email = 'stolen.backup@gmail.com';
    await register(email);
    const token = await tokenFor(email);
    const db = new Database(sqliteFile(h.config.DATA_DIR, 'auth'), { readonly: true });
    try {
      const rows = db.prepare('SELECT * FROM password_resets').all();
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(JSON.stringify(rows)).toContain(createHash('sha256').update(token).digest('hex'));
    } finally {
      db.close();
    }
  });

  it('enforces the sign-up password rules with their messages, and a refused password leaves the link usable', async () => {
    const email = 'weak.choice@gmail.com';
    const session = await register(email);
    const token = await tokenFor(email);
    const cases: [unknown, string][] = [
      ['Short1!', 'Password must be at least 8 characters'],
      ['NoSymbol123', 'Password must contain at least one symbol'],
      ['No!number!', 'Password must contain at least one number'],
      ['Password1!', 'This password is too common. Please choose another.'],
      [undefined, 'Password must be at least 8 characters'],
      [{ $ne: '' }, 'Password must be at least 8 characters'],
    ];
    for (const [password, message] of cases) expectAnswer(await complete(token, password), 400, { message });
    expect(await isValid(session.sessionId)).toBe(true);
    expect((await complete(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a malformed, unknown or missing token with the same 400', async () => {
    for (const token of [undefined, '', 'short', 'x'.repeat(43), `${'A'.repeat(42)}!`, { $gt: '' }, 'A'.repeat(2000)]) {
      expectAnswer(await complete(token, NEW_PASSWORD), 400, LINK_INVALID);
      expectAnswer(await post('/api/users/password-reset/check', { token }), 400, LINK_INVALID);
    }
  });

  it('lets the person in at once even while guesses at the old password made the account wait', async () => {
    const email = 'under.attack@gmail.com';
    await register(email);
    for (let i = 0; i < 6; i++) await login(email, `Wr0ng!guess${i}`);
    expect((await login(email, VALID_PASSWORD)).statusCode).toBe(429);
    const token = await tokenFor(email);
    expect((await complete(token, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('ends the links sent before a password change', async () => {
    const email = 'remembered.it@gmail.com';
    const session = await register(email);
    const token = await tokenFor(email);
    const changed = await post('/api/users/password', { currentPassword: VALID_PASSWORD, newPassword: NEW_PASSWORD }, await h.as(session));
    expect(changed.statusCode).toBe(200);
    expectAnswer(await complete(token, 'Another!Pass9'), 400, LINK_INVALID);
  });
});

describe('delivery through SMTP_URL', () => {
  it('sends the link through the SMTP server with nodemailer, and the link it carries resets the password', async () => {
    const smtp = await startFakeSmtpServer();
    const smtpDeliveries = new ResetDeliveries();
    const mailed = await startAuthHarness(
      nats.nats.url,
      { SMTP_URL: smtp.url, MAIL_FROM: 'Story Platform <no-reply@story.example>', PUBLIC_SITE_URL: 'https://story.example/' },
      undefined,
      { resetDeliveries: smtpDeliveries },
    );
    try {
      const email = 'by.smtp@gmail.com';
      expect((await mailed.app.inject({ method: 'POST', url: '/api/users/register', payload: registration({ email }) })).statusCode).toBe(201);
      const asked = await mailed.app.inject({ method: 'POST', url: '/api/users/password-reset', payload: { email } });
      expect(asked.statusCode).toBe(202);
      const received = await smtp.next();
      expect(received).toMatchObject({ from: 'no-reply@story.example', to: [email], subject: 'Reset your Story Platform password' });
      const token = /https:\/\/story\.example\/reset-password#token=([A-Za-z0-9_-]{43})\n/.exec(received.text)?.[1];
      expect(token).toBeDefined();
      const reset = await mailed.app.inject({ method: 'POST', url: '/api/users/password-reset/complete', payload: { token, password: NEW_PASSWORD } });
      expect(reset.statusCode).toBe(200);
      const login = await mailed.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: NEW_PASSWORD } });
      expect(login.statusCode).toBe(200);
      await smtpDeliveries.idle();
    } finally {
      await mailed.close();
      await smtp.stop();
    }
  });
});
