import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failureOf } from '@story/testing/service-under-test';
import { openSqliteSpeechStorage, type SpeechStorage } from '../storage/speech-storage.ts';
import { MonthlyUsageService } from './monthly-usage.service.ts';

/** MonthlyUsageService on a real SQLite ledger with a clock the test moves across month ends. */
describe('MonthlyUsageService', () => {
  let storage: SpeechStorage;
  let now: Date;
  let recorded: number;
  let usage: MonthlyUsageService;
  const starter = { monthlyMinutes: 120, timeLimit: 300 };

  beforeEach(() => {
    storage = openSqliteSpeechStorage(':memory:');
    now = new Date('2026-11-30T23:50:00.000Z');
    recorded = 0;
    usage = new MonthlyUsageService({
      ledger: storage.usage,
      clock: () => now,
      onRecorded: () => (recorded += 1),
      log: pino({ level: 'silent' }),
      holdMarginSeconds: 60,
    });
  });
  afterEach(async () => storage.close());

  it('refuses a new recording once the month is used, naming the minutes and the first of next month', async () => {
    await usage.admit(7, 'rec-month-1', starter);
    await usage.count(7, 'rec-month-1', 120 * 60);
    expect(await failureOf(usage.admit(7, 'rec-month-2', starter))).toEqual({
      status: 403,
      message: 'You have used your 120 minutes for this month. They renew on 1 December.',
    });
    expect(await usage.usageOf(7)).toEqual({
      usedSeconds: 7200,
      periodStart: new Date('2026-11-01T00:00:00.000Z'),
      periodEnd: new Date('2026-12-01T00:00:00.000Z'),
    });
    // A new month, new minutes: the same person may record at midnight UTC.
    now = new Date('2026-12-01T00:00:00.000Z');
    await usage.admit(7, 'rec-month-2', starter);
    expect((await usage.usageOf(7)).usedSeconds).toBe(0);
    await usage.count(7, 'rec-month-2', 30);
    expect(await usage.usageOf(7)).toEqual({
      usedSeconds: 30,
      periodStart: new Date('2026-12-01T00:00:00.000Z'),
      periodEnd: new Date('2027-01-01T00:00:00.000Z'),
    });
  });

  it('names January across the year end, and half minutes as written', async () => {
    now = new Date('2026-12-31T23:59:59.999Z');
    const half = { monthlyMinutes: 0.5, timeLimit: 300 };
    await usage.count(8, 'rec-year-1', 31);
    expect(await failureOf(usage.admit(8, 'rec-year-2', half))).toEqual({
      status: 403,
      message: 'You have used your 0.5 minutes for this month. They renew on 1 January.',
    });
  });

  it('counts a recording once however often it is reported, and tells the relay once', async () => {
    await usage.admit(9, 'rec-once-1', starter);
    await usage.count(9, 'rec-once-1', 42);
    await usage.count(9, 'rec-once-1', 42);
    expect((await usage.usageOf(9)).usedSeconds).toBe(42);
    expect(recorded).toBe(1);
    expect((await usage.everybody()).users).toEqual([{ userId: 9, usedSeconds: 42 }]);
  });

  it('a running recording holds its time limit until counted or released', async () => {
    const tight = { monthlyMinutes: 5, timeLimit: 300 };
    await usage.admit(10, 'rec-hold-1', tight);
    expect(await failureOf(usage.admit(10, 'rec-hold-2', tight))).toMatchObject({ status: 403 });
    // Its own fallback is never refused.
    await usage.admit(10, 'rec-hold-1', tight);
    await usage.release(10, 'rec-hold-1');
    await usage.admit(10, 'rec-hold-2', tight);
    // Past its limit and margin a forgotten hold lapses.
    now = new Date(now.getTime() + 361_000);
    await usage.admit(10, 'rec-hold-3', tight);
  });
});
