import type { NatsConnection } from '@nats-io/transport-node';
import { ACCOUNT_MESSAGES, NATS_BUCKETS, PASSWORD_RESET_MESSAGES, tooManyEmailChecksMessage, tooManyResetRequestsMessage } from '@story/proto';
import { HttpError, SharedRateLimiter, openSharedBucket, sharedKey, updateShared } from '@story/service-kit';
import { FORGET_FAILURES_AFTER_MS, PasswordAttemptLimiter, type AttemptPolicy, type AttemptRecord, type AttemptStore } from './password-attempt.limiter.ts';
import { TooManyAttemptsError } from './too-many-attempts.ts';

/** The NATS KV bucket of auth's throttles; every auth instance opens the same one. */
export const AUTH_THROTTLES_BUCKET = NATS_BUCKETS.authThrottles;
const CHECK_EMAIL_WINDOW_MS = 60_000;
const RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;

type SharedBucket = Awaited<ReturnType<typeof openSharedBucket>>;

export interface AuthThrottleServiceOptions {
  passwordAttempts: AttemptPolicy;
  checkEmailPerMinute: number;
  /** Password-reset requests per hour about one e-mail (issue 39, 6). */
  resetRequestsPerHour: number;
  clock: () => Date;
}

/**
 * The auth service's throttles, in a NATS KV bucket so that every instance counts alike and a
 * restart forgets nothing: password attempts per account, check-email calls and password-reset
 * requests per e-mail. Usable
 * once `open` has run (on NATS connect); before that they answer 503 rather than let anything through.
 */
export class AuthThrottleService {
  readonly passwordAttempts: PasswordAttemptLimiter;
  private bucket: SharedBucket | undefined;
  private emailChecks: SharedRateLimiter | undefined;
  private resetRequests: SharedRateLimiter | undefined;

  constructor(private readonly options: AuthThrottleServiceOptions) {
    const store: AttemptStore = {
      update: (key, change) => updateShared<AttemptRecord>(this.openBucket(), key, change),
      remove: async (key) => {
        await this.openBucket().delete(key);
      },
    };
    this.passwordAttempts = new PasswordAttemptLimiter(store, options.passwordAttempts, options.clock);
  }

  /** Opens (creating if needed) the shared bucket; its entries vanish a day after their last write. */
  async open(nc: NatsConnection): Promise<void> {
    const bucket = await openSharedBucket(nc, AUTH_THROTTLES_BUCKET, FORGET_FAILURES_AFTER_MS);
    this.emailChecks = new SharedRateLimiter(bucket, CHECK_EMAIL_WINDOW_MS, this.options.clock);
    this.resetRequests = new SharedRateLimiter(bucket, RESET_REQUEST_WINDOW_MS, this.options.clock);
    this.bucket = bucket;
  }

  /** Counts one check-email call against the e-mail it asks about; 429 past the per-minute budget. */
  async countEmailCheck(email: string): Promise<void> {
    const counter = this.emailChecks;
    if (!counter) throw new HttpError(503, ACCOUNT_MESSAGES.signInUnavailable);
    const result = await counter.take(sharedKey('check-email', email.trim().toLowerCase()), 1, this.options.checkEmailPerMinute).catch(() => {
      throw new HttpError(503, ACCOUNT_MESSAGES.signInUnavailable);
    });
    if (!result.allowed) throw new TooManyAttemptsError('auth-check-email', tooManyEmailChecksMessage(result.retryAfterSeconds), result.retryAfterSeconds);
  }

  /**
   * Counts one password-reset request against the e-mail it names, whether or not an account has it
   * (so a refusal tells nobody which do); 429 past the hourly budget, 503 (nothing sent) without the counts.
   */
  async countResetRequest(email: string): Promise<void> {
    const counter = this.resetRequests;
    if (!counter) throw new HttpError(503, PASSWORD_RESET_MESSAGES.unavailable);
    const result = await counter.take(sharedKey('password-reset', email.trim().toLowerCase()), 1, this.options.resetRequestsPerHour).catch(() => {
      throw new HttpError(503, PASSWORD_RESET_MESSAGES.unavailable);
    });
    if (!result.allowed) {
      throw new TooManyAttemptsError('auth-password-resets', tooManyResetRequestsMessage(result.retryAfterSeconds), result.retryAfterSeconds);
    }
  }

  private openBucket(): SharedBucket {
    if (!this.bucket) throw new HttpError(503, ACCOUNT_MESSAGES.signInUnavailable);
    return this.bucket;
  }
}
