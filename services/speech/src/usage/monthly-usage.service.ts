import type { FastifyBaseLogger } from 'fastify';
import { calendarMonthOf, monthlyMinutesUsedMessage } from '@story/proto';
import { HttpError } from '@story/service-kit';
import type { UsageLedgerRepository } from './usage-ledger.repository.ts';

export interface MonthlyUsageServiceDeps {
  ledger: UsageLedgerRepository;
  clock: () => Date;
  /** A count wrote its event to the outbox: the relay may publish it now. */
  onRecorded: () => void;
  log: FastifyBaseLogger;
  /** How long past its time limit a recording's hold lasts when nobody counts or releases it. */
  holdMarginSeconds: number;
}

/** The plan facts a check needs: its minutes a month and the longest one recording may be. */
export interface MonthlyPlan {
  monthlyMinutes: number;
  /** Seconds. */
  timeLimit: number;
}

/**
 * How long a recording id names one recording (issue 36): the same id with the same audio within it
 * is a retry, counted once; after it the id is new again, and so is its audio.
 */
export const RECORDING_ID_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * How long after a recording was counted a retry of it (the same id, the very same audio: a request
 * whose answer was lost, a live recording's fallback) is answered even when the month is used: it
 * was counted already. Later, or with any other audio, the month's limit applies.
 */
export const RECORDING_RETRY_WINDOW_MS = 10 * 60 * 1000;

/** The month a person is in, and what they have used of it. */
export interface MonthlyUsage {
  usedSeconds: number;
  periodStart: Date;
  periodEnd: Date;
}

/**
 * Monthly minutes (issue 21): a recording is admitted only while its owner's month has minutes
 * left (it then holds up to its time limit, so concurrent recordings overshoot by at most one
 * recording), and counted once when transcribed. A failed one is released. A recording is its id
 * *and* its audio (issue 36): other audio under a counted id is a new recording, admitted and
 * counted as one; only the very same audio is a retry.
 */
export class MonthlyUsageService {
  constructor(private readonly deps: MonthlyUsageServiceDeps) {}

  /**
   * Admits a recording, or refuses it with 403 and when the minutes renew. `audioSha256`: the
   * sha-256 of its bytes, when they are at hand; a retry of audio counted under the id a moment ago
   * is let through. Without it (a live recording opening), an id counted a moment ago is let
   * through too, and checked again with its audio at its finish.
   */
  async admit(userId: number, recordingId: string, plan: MonthlyPlan, audioSha256?: string): Promise<void> {
    const now = this.deps.clock();
    const month = calendarMonthOf(now);
    const admitted = await this.deps.ledger.reserve({
      userId,
      recordingId,
      audioSha256,
      period: month.key,
      seconds: plan.timeLimit,
      limitSeconds: plan.monthlyMinutes * 60,
      now,
      until: new Date(now.getTime() + (plan.timeLimit + this.deps.holdMarginSeconds) * 1000),
      retriesSince: new Date(now.getTime() - RECORDING_RETRY_WINDOW_MS),
    });
    if (!admitted) throw new HttpError(403, monthlyMinutesUsedMessage(plan.monthlyMinutes, month.end));
  }

  /**
   * Counts a transcribed recording's seconds in the current month, once per recording id and audio
   * (`audioSha256`, the sha-256 of its bytes) within a day. A ledger that fails is logged, never
   * the person's problem: the transcript is theirs all the same.
   */
  async count(userId: number, recordingId: string, seconds: number, audioSha256: string): Promise<void> {
    const at = this.deps.clock();
    try {
      const counted = await this.deps.ledger.record({
        userId,
        recordingId,
        audioSha256,
        period: calendarMonthOf(at).key,
        seconds: Math.max(0, seconds),
        at,
        sameSince: new Date(at.getTime() - RECORDING_ID_LIFETIME_MS),
      });
      if (counted) this.deps.onRecorded();
    } catch (error) {
      this.deps.log.error({ err: error, userId, recordingId, seconds }, 'could not count a recording in the monthly minutes');
    }
  }

  /** Lets go of a recording's hold (it failed or was dropped); nothing is counted. */
  async release(userId: number, recordingId: string): Promise<void> {
    await this.deps.ledger.release(userId, recordingId).catch((error: unknown) => {
      this.deps.log.warn({ err: error, userId, recordingId }, 'could not release a recording’s hold; it lapses by itself');
    });
  }

  /** What the person has used this month. */
  async usageOf(userId: number): Promise<MonthlyUsage> {
    const month = calendarMonthOf(this.deps.clock());
    return { usedSeconds: await this.deps.ledger.usedSeconds(userId, month.key), periodStart: month.start, periodEnd: month.end };
  }

  /** Everybody's seconds this month (the admin's users table). */
  async everybody(): Promise<{ periodStart: Date; periodEnd: Date; users: { userId: number; usedSeconds: number }[] }> {
    const month = calendarMonthOf(this.deps.clock());
    return { periodStart: month.start, periodEnd: month.end, users: await this.deps.ledger.usedSecondsByUser(month.key) };
  }
}
