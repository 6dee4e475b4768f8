import { ACCOUNT_MESSAGES, tooManySignInAttemptsMessage } from '@story/proto';
import { HttpError, sharedKey } from '@story/service-kit';
import { TooManyAttemptsError } from './too-many-attempts.ts';

/** One account's recent password failures. Times are milliseconds since the epoch. */
export interface AttemptRecord {
  failures: number;
  /** No attempt is checked before this time. */
  waitUntil: number;
  lastAttemptAt: number;
}

/** Where attempt records live: a NATS KV bucket shared by every auth instance (`auth-throttle.service.ts`). */
export interface AttemptStore {
  /** Compare-and-set: `change` decides the next record from the current one, or undefined to write nothing. */
  update(
    key: string,
    change: (current: AttemptRecord | undefined) => AttemptRecord | undefined,
  ): Promise<{ written: boolean; value: AttemptRecord | undefined }>;
  remove(key: string): Promise<void>;
}

export interface AttemptPolicy {
  /** Failures that cost no wait. */
  freeFailures: number;
  /** The longest wait, so an attacker can delay a person but never lock them out. */
  maxDelaySeconds: number;
}

/** Failures older than this are forgotten (the bucket also drops entries after it). */
export const FORGET_FAILURES_AFTER_MS = 24 * 60 * 60 * 1000;

/** The wait after the n-th failure in a row: none for the free ones, then 2, 4, 8, ... seconds, capped. */
export function delaySecondsAfter(failures: number, policy: AttemptPolicy): number {
  if (failures <= policy.freeFailures) return 0;
  return Math.min(2 ** (failures - policy.freeFailures), policy.maxDelaySeconds);
}

/** The record after claiming an attempt at `now`, or undefined while the account must wait. */
export function claimAttempt(current: AttemptRecord | undefined, now: number, policy: AttemptPolicy): AttemptRecord | undefined {
  const live = current && now - current.lastAttemptAt < FORGET_FAILURES_AFTER_MS ? current : undefined;
  if (live && now < live.waitUntil) return undefined;
  const failures = (live?.failures ?? 0) + 1;
  return { failures, waitUntil: now + delaySecondsAfter(failures, policy) * 1000, lastAttemptAt: now };
}

/**
 * Per-account limit on password checks (sign-in and password change), whatever address they come
 * from. An attempt is claimed, and counted as a failure, before the password is checked, so many
 * attempts at once cannot all slip through before the first failure is written; the right password
 * then forgets the failures. An attempt made while the account waits is refused unchecked and uncounted.
 */
export class PasswordAttemptLimiter {
  constructor(
    private readonly store: AttemptStore,
    private readonly policy: AttemptPolicy,
    private readonly clock: () => Date,
  ) {}

  /** Claims one password check for the account; 429 with the wait while it must wait. */
  async claim(email: string): Promise<void> {
    const now = this.clock().getTime();
    const { written, value } = await this.reach(() => this.store.update(keyOf(email), (current) => claimAttempt(current, now, this.policy)));
    if (written) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(((value?.waitUntil ?? now) - now) / 1000));
    throw new TooManyAttemptsError('auth-password-attempts', tooManySignInAttemptsMessage(retryAfterSeconds), retryAfterSeconds);
  }

  /** The password was right: the account's failures are forgotten. */
  async succeeded(email: string): Promise<void> {
    await this.reach(() => this.store.remove(keyOf(email)));
  }

  /** Without the shared counts no password is checked: a clear 503, never an unthrottled check. */
  private async reach<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(503, ACCOUNT_MESSAGES.signInUnavailable);
    }
  }
}

/** One key per account, whatever case the e-mail was typed in (hashed: e-mails are not KV keys). */
const keyOf = (email: string) => sharedKey('password-attempts', email.trim().toLowerCase());
