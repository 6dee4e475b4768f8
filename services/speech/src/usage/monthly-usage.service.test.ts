import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failureOf, tempDataDir } from '@story/testing/service-under-test';
import { openSqliteSpeechStorage, type SpeechStorage } from '../storage/speech-storage.ts';
import { MonthlyUsageService, RECORDING_ID_LIFETIME_MS, RECORDING_RETRY_WINDOW_MS } from './monthly-usage.service.ts';

/** The sha-256 of a recording's bytes, as the front and the workers take it. */
const audioOf = (bytes: string): string => createHash('sha256').update(bytes).digest('hex');
const SHORT_ANSWER = audioOf('a 7 s answer');
const LONG_FILE = audioOf('a 31 s file');
const OTHER_FILE = audioOf('another file');

/** MonthlyUsageService on a real SQLite ledger file with a clock the test moves across month ends. */
describe('MonthlyUsageService', () => {
  let dir: string;
  let storage: SpeechStorage;
  let now: Date;
  let recorded: number;
  let usage: MonthlyUsageService;
  const starter = { monthlyMinutes: 120, timeLimit: 300 };

  beforeEach(() => {
    dir = tempDataDir('monthly-usage-');
    storage = openSqliteSpeechStorage(join(dir, 'speech.sqlite'));
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
  afterEach(async () => {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const minutes = (monthlyMinutes: number) => ({ monthlyMinutes, timeLimit: 300 });
  const used = async (userId: number) => (await usage.usageOf(userId)).usedSeconds;
  const later = (ms: number) => (now = new Date(now.getTime() + ms));

  it('refuses a new recording once the month is used, naming the minutes and the first of next month', async () => {
    await usage.admit(7, 'rec-month-1', starter);
    await usage.count(7, 'rec-month-1', 120 * 60, LONG_FILE);
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
    await usage.count(7, 'rec-month-2', 30, SHORT_ANSWER);
    expect(await usage.usageOf(7)).toEqual({
      usedSeconds: 30,
      periodStart: new Date('2026-12-01T00:00:00.000Z'),
      periodEnd: new Date('2027-01-01T00:00:00.000Z'),
    });
  });

  it('names January across the year end, and half minutes as written', async () => {
    now = new Date('2026-12-31T23:59:59.999Z');
    const half = { monthlyMinutes: 0.5, timeLimit: 300 };
    await usage.count(8, 'rec-year-1', 31, LONG_FILE);
    expect(await failureOf(usage.admit(8, 'rec-year-2', half))).toEqual({
      status: 403,
      message: 'You have used your 0.5 minutes for this month. They renew on 1 January.',
    });
  });

  it('counts a recording once however often it is reported, and tells the relay once', async () => {
    await usage.admit(9, 'rec-once-1', starter);
    await usage.count(9, 'rec-once-1', 42, SHORT_ANSWER);
    await usage.count(9, 'rec-once-1', 42, SHORT_ANSWER);
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
  describe('a recording id is tied to its audio (issue 36)', () => {
    const spent = { status: 403, message: 'You have used your 0.5 minutes for this month. They renew on 1 December.' };
    beforeEach(() => {
      now = new Date('2026-11-10T09:00:00.000Z');
    });

    it('counts new audio sent under a counted id as a new recording: a 7 s answer, then a 31 s file three times under its id', async () => {
      await usage.admit(11, 'rec-tied-1', starter, SHORT_ANSWER);
      await usage.count(11, 'rec-tied-1', 7, SHORT_ANSWER);
      for (let send = 0; send < 3; send++) {
        later(1000);
        await usage.admit(11, 'rec-tied-1', starter, LONG_FILE);
        await usage.count(11, 'rec-tied-1', 31, LONG_FILE);
      }
      // The 31 s file is new audio, counted once: its two repeats are retries of it.
      expect(await used(11)).toBe(38);
      expect(recorded).toBe(2);
      // Under a key of its own: the first recording's row is never overwritten.
      expect((await storage.usage.entriesOf(11)).map((entry) => [entry.recordingId, entry.seconds])).toEqual([
        ['rec-tied-1', 7],
        ['rec-tied-1#2', 31],
      ]);
    });

    it('refuses new audio under an old id once the month is used; the very same audio is answered again for a short while', async () => {
      const half = minutes(0.5);
      await usage.admit(12, 'rec-spent-1', half, SHORT_ANSWER);
      await usage.count(12, 'rec-spent-1', 7, SHORT_ANSWER);
      await usage.admit(12, 'rec-spent-2', half, LONG_FILE);
      await usage.count(12, 'rec-spent-2', 31, LONG_FILE);
      expect(await failureOf(usage.admit(12, 'rec-spent-1', half, OTHER_FILE))).toEqual(spent);
      expect(await failureOf(usage.admit(12, 'rec-spent-2', half, OTHER_FILE))).toEqual(spent);
      // A retry of what was counted (its answer was lost on the way) is answered, and not counted again.
      later(60_000);
      await usage.admit(12, 'rec-spent-2', half, LONG_FILE);
      await usage.count(12, 'rec-spent-2', 31, LONG_FILE);
      expect(await used(12)).toBe(38);
      // Past the retry window the limit holds for it too.
      later(RECORDING_RETRY_WINDOW_MS);
      expect(await failureOf(usage.admit(12, 'rec-spent-2', half, LONG_FILE))).toEqual(spent);
    });

    it('forgets an id after a day: the same audio under it is then a new recording', async () => {
      await usage.admit(13, 'rec-day-1', starter, SHORT_ANSWER);
      await usage.count(13, 'rec-day-1', 7, SHORT_ANSWER);
      later(RECORDING_ID_LIFETIME_MS - 1000);
      await usage.count(13, 'rec-day-1', 7, SHORT_ANSWER);
      expect(await used(13)).toBe(7);
      later(2000);
      await usage.admit(13, 'rec-day-1', starter, SHORT_ANSWER);
      await usage.count(13, 'rec-day-1', 7, SHORT_ANSWER);
      expect(await used(13)).toBe(14);
      expect(recorded).toBe(2);
    });

    it('lets a live recording reopened under a just-counted id start, and checks it with its audio at the finish', async () => {
      const half = minutes(0.5);
      await usage.admit(14, 'rec-live-1', half, LONG_FILE);
      await usage.count(14, 'rec-live-1', 31, LONG_FILE);
      // Opened again under that id (a mock interview's retry), before its audio is known.
      await usage.admit(14, 'rec-live-1', half);
      // At its finish, with its audio: new audio is refused, the very same answered.
      expect(await failureOf(usage.admit(14, 'rec-live-1', half, OTHER_FILE))).toEqual(spent);
      await usage.admit(14, 'rec-live-1', half, LONG_FILE);
      // A new id, or an old one past the retry window, is refused before any audio.
      expect(await failureOf(usage.admit(14, 'rec-live-2', half))).toEqual(spent);
      later(RECORDING_RETRY_WINDOW_MS + 1000);
      expect(await failureOf(usage.admit(14, 'rec-live-1', half))).toEqual(spent);
    });
  });
});
