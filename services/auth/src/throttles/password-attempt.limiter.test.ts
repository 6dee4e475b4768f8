import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@story/proto';
import { failureOf } from '@story/testing/service-under-test';
import { memoryAttemptStore } from '../../test/support/memory-attempt-store.ts';
import { FORGET_FAILURES_AFTER_MS, PasswordAttemptLimiter, claimAttempt, delaySecondsAfter, type AttemptStore } from './password-attempt.limiter.ts';
import { TooManyAttemptsError } from './too-many-attempts.ts';

const POLICY = { freeFailures: 5, maxDelaySeconds: 300 };
const START = Date.parse('2024-06-01T12:00:00.000Z');

describe('delaySecondsAfter', () => {
  it('is free for the first failures, then doubles from 2 s up to the cap', () => {
    expect([1, 5, 6, 7, 8, 13, 14, 100].map((failures) => delaySecondsAfter(failures, POLICY))).toEqual([0, 0, 2, 4, 8, 256, 300, 300]);
    expect(delaySecondsAfter(1, { freeFailures: 0, maxDelaySeconds: 60 })).toBe(2);
  });
});

describe('claimAttempt', () => {
  it('refuses while the account waits and starts over once the failures are a day old', () => {
    const waiting = { failures: 6, waitUntil: START + 2000, lastAttemptAt: START };
    expect(claimAttempt(waiting, START + 1999, POLICY)).toBeUndefined();
    expect(claimAttempt(waiting, START + 2000, POLICY)).toEqual({ failures: 7, waitUntil: START + 2000 + 4000, lastAttemptAt: START + 2000 });
    expect(claimAttempt(waiting, START + FORGET_FAILURES_AFTER_MS, POLICY)).toEqual({
      failures: 1,
      waitUntil: START + FORGET_FAILURES_AFTER_MS,
      lastAttemptAt: START + FORGET_FAILURES_AFTER_MS,
    });
  });
});

describe('PasswordAttemptLimiter', () => {
  it('refuses with 429 and the wait, counts each account apart in any case, and forgets after a success', async () => {
    let now = START;
    const attempts = new PasswordAttemptLimiter(memoryAttemptStore(), POLICY, () => new Date(now));
    for (let i = 0; i < 6; i++) await attempts.claim('Ada@Gmail.com');
    const refused = await attempts.claim('ada@gmail.com').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyAttemptsError);
    expect(refused).toMatchObject({
      statusCode: 429,
      retryAfterSeconds: 2,
      message: 'Too many sign-in attempts for this account. Please try again in 2 seconds.',
    });
    await attempts.claim('grace@gmail.com');
    now += 2000;
    await attempts.claim('ada@gmail.com');
    await attempts.succeeded('ADA@gmail.com');
    for (let i = 0; i < 6; i++) await attempts.claim('ada@gmail.com');
  });

  it('answers 503 and checks nothing when the shared counts cannot be reached', async () => {
    const unreachable: AttemptStore = {
      update: () => Promise.reject(new Error('no responders available for request')),
      remove: () => Promise.reject(new Error('no responders available for request')),
    };
    const attempts = new PasswordAttemptLimiter(unreachable, POLICY, () => new Date(START));
    expect(await failureOf(attempts.claim('ada@gmail.com'))).toEqual({ status: 503, message: ACCOUNT_MESSAGES.signInUnavailable });
    expect(await failureOf(attempts.succeeded('ada@gmail.com'))).toEqual({ status: 503, message: ACCOUNT_MESSAGES.signInUnavailable });
  });
});
