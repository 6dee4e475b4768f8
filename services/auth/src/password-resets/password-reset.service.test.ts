import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES } from '@story/proto';
import { failureOf } from '@story/testing/service-under-test';
import { memoryAttemptStore } from '../../test/support/memory-attempt-store.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import { sessionServiceOver } from '../../test/support/session-service.ts';
import type { SessionService } from '../sessions/session.service.ts';
import { openSqliteAuthStorage, type AuthStorage } from '../storage/auth-storage.ts';
import { AuthThrottleService } from '../throttles/auth-throttle.service.ts';
import { PasswordAttemptLimiter } from '../throttles/password-attempt.limiter.ts';
import { PasswordResetService } from './password-reset.service.ts';
import { ResetDeliveries } from './reset-deliveries.ts';

const NOW = new Date('2026-05-01T09:00:00.000Z');

/** A mailer whose sends wait until the test lets them go (or fail, when told to). */
function heldMailer(fail = false): Mailer & { sent: OutgoingMail[]; release(): void } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const sent: OutgoingMail[] = [];
  return {
    kind: 'smtp',
    sent,
    release: () => release(),
    async send(mail) {
      await gate;
      if (fail) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(mail);
    },
    close: () => undefined,
  };
}

/** A logger whose lines the test reads. */
function readableLog(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: Fastify({ logger: { level: 'info', stream } }).log, lines };
}

/** PasswordResetService on its own: real SQLite storage and sessions; the per-e-mail count in memory or unreachable. */
describe('PasswordResetService', () => {
  let storage: AuthStorage;
  let sessions: SessionService;
  const counted: string[] = [];
  const throttles: Pick<AuthThrottleService, 'countResetRequest' | 'passwordAttempts'> = {
    countResetRequest: async (email) => {
      counted.push(email);
    },
    passwordAttempts: new PasswordAttemptLimiter(memoryAttemptStore(), { freeFailures: 5, maxDelaySeconds: 300 }, () => NOW),
  };
  const serviceWith = (mailer: Mailer, deliveries: ResetDeliveries, log: FastifyBaseLogger, countedBy = throttles) =>
    new PasswordResetService({
      users: storage.users,
      resets: storage.passwordResets,
      sessions,
      throttles: countedBy,
      mailer,
      deliveries,
      siteUrl: 'http://localhost:8080',
      googleSignInOffered: false,
      clock: () => NOW,
      log,
    });

  beforeEach(async () => {
    storage = openSqliteAuthStorage(':memory:');
    sessions = await sessionServiceOver(storage, { absoluteLifetimeSeconds: 30 * 24 * 60 * 60, clock: () => NOW });
    await storage.users.createUser(
      {
        email: 'ada@gmail.com',
        firstName: 'Ada',
        lastName: 'L',
        passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
        googleId: null,
        isAdmin: false,
        authProvider: 'email',
      },
      NOW,
    );
  });

  it('answers before the e-mail is made or sent, so its time tells nothing about the account', async () => {
    const mailer = heldMailer();
    const deliveries = new ResetDeliveries();
    await serviceWith(mailer, deliveries, readableLog().log).request('ada@gmail.com');
    expect(counted).toContain('ada@gmail.com');
    // Answered, and the e-mail not yet sent: it waits on the held mailer.
    expect(mailer.sent).toEqual([]);
    mailer.release();
    await deliveries.idle();
    expect(mailer.sent.map((mail) => mail.to)).toEqual(['ada@gmail.com']);
    expect(mailer.sent[0]?.text).toMatch(/http:\/\/localhost:8080\/reset-password#token=[A-Za-z0-9_-]{43}/);
  });

  it('logs a failed delivery instead of failing the request that was answered already', async () => {
    const mailer = heldMailer(true);
    const deliveries = new ResetDeliveries();
    const { log, lines } = readableLog();
    await serviceWith(mailer, deliveries, log).request('ada@gmail.com');
    mailer.release();
    await deliveries.idle();
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } });
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'could not send a password reset e-mail',
        err: expect.objectContaining({ message: 'connect ECONNREFUSED 127.0.0.1:25' }),
      }),
    );
  });

  it('refuses with 503 and sends nothing while the request counts cannot be reached', async () => {
    const mailer = heldMailer();
    mailer.release();
    const deliveries = new ResetDeliveries();
    // Never opened on NATS: no count can be kept, so no e-mail goes out uncounted.
    const unopened = new AuthThrottleService({
      passwordAttempts: { freeFailures: 5, maxDelaySeconds: 300 },
      checkEmailPerMinute: 10,
      resetRequestsPerHour: 3,
      clock: () => NOW,
    });
    const service = serviceWith(mailer, deliveries, readableLog().log, unopened);
    expect(await failureOf(service.request('ada@gmail.com'))).toEqual({ status: 503, message: PASSWORD_RESET_MESSAGES.unavailable });
    await deliveries.idle();
    expect(mailer.sent).toEqual([]);
  });

  it('tells a Google-only account where the site offers no Google sign-in whom to ask, with no link', async () => {
    await storage.users.createUser(
      { email: 'grace@gmail.com', firstName: 'Grace', lastName: 'H', passwordHash: null, googleId: 'g-1', isAdmin: false, authProvider: 'google' },
      NOW,
    );
    const mailer = heldMailer();
    mailer.release();
    const deliveries = new ResetDeliveries();
    await serviceWith(mailer, deliveries, readableLog().log).request('grace@gmail.com');
    await deliveries.idle();
    expect(mailer.sent[0]?.text).toContain('This site does not offer Google sign-in at the moment; please ask its administrator for help.');
    expect(mailer.sent[0]?.text).not.toContain('reset-password');
    expect(await storage.passwordResets.listUserResets(2)).toEqual([]);
  });
});
