import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SUBJECTS } from '@story/proto';
import { USAGE_LATER as LATER, USAGE_NOW as NOW, audioHashOf as audio, recordingCount, usageReservation as reservation } from '@story/testing/fixtures/usage';
import type { SpeechStorage } from '../storage/speech-storage.ts';
import type { RecordingCount } from './usage-ledger.repository.ts';

/** A store to run the contract against; `reopen` closes and opens it again (a restart of the service). */
export interface SpeechStoreUnderTest {
  storage(): SpeechStorage;
  reopen(): Promise<void>;
  cleanup(): Promise<void>;
}

const NOV = '2026-11';
const DEC = '2026-12';

/**
 * The behaviour every UsageLedgerRepository must have, run against each driver (SQLite always,
 * MongoDB when one is reachable). Each test uses its own user ids, so the suite shares one store.
 */
export function usageLedgerRepositoryContract(name: string, open: () => Promise<SpeechStoreUnderTest>): void {
  describe(`UsageLedgerRepository contract: ${name}`, () => {
    let store: SpeechStoreUnderTest;
    let nextUser = 5000;
    const newUser = () => ++nextUser;
    const repo = () => store.storage().usage;
    const entry = (userId: number, recordingId: string, seconds: number, period = NOV, over: Partial<RecordingCount> = {}): RecordingCount =>
      recordingCount(userId, recordingId, seconds, { period, ...over });

    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => store.cleanup());

    it('counts a recording once, whatever repeats it (fallback, retry, redelivery), and only in its month', async () => {
      const userId = newUser();
      expect(await repo().usedSeconds(userId, NOV)).toBe(0);
      expect(await repo().record(entry(userId, 'rec-aaaa-1', 42.5))).toBe(true);
      expect(await repo().record(entry(userId, 'rec-aaaa-1', 42.5))).toBe(false);
      expect(await repo().record(entry(userId, 'rec-aaaa-1', 50))).toBe(false);
      expect(await repo().record(entry(userId, 'rec-aaaa-2', 10, DEC))).toBe(true);
      expect(await repo().usedSeconds(userId, NOV)).toBe(42.5);
      expect(await repo().usedSeconds(userId, DEC)).toBe(10);
      // The same recording id of somebody else is their own recording.
      const other = newUser();
      expect(await repo().record(entry(other, 'rec-aaaa-1', 7))).toBe(true);
      expect(await repo().usedSeconds(other, NOV)).toBe(7);
      const byUser = await repo().usedSecondsByUser(NOV);
      expect(byUser).toContainEqual({ userId, usedSeconds: 42.5 });
      expect(byUser).toContainEqual({ userId: other, usedSeconds: 7 });
      expect(byUser.find((row) => row.userId === userId && row.usedSeconds === 10)).toBeUndefined();
    });

    it('writes one usage event per counted recording to the outbox, none for a repeat', async () => {
      const userId = newUser();
      const before = await store.storage().outbox.countPendingEvents();
      await repo().record(entry(userId, 'rec-event-1', 30));
      await repo().record(entry(userId, 'rec-event-1', 30));
      expect(await store.storage().outbox.countPendingEvents()).toBe(before + 1);
      const pending = await store.storage().outbox.pendingEvents(1000);
      const mine = pending.filter((event) => event.subject === EVENT_SUBJECTS.usageRecorded && JSON.parse(event.payload).userId === userId);
      expect(mine.map((event) => JSON.parse(event.payload))).toEqual([{ userId, recordingId: 'rec-event-1', period: NOV, seconds: 30, at: NOW.toISOString() }]);
    });

    it('refuses a new recording once the month is used; lets through one holding, or a retry of the very audio just counted under its id', async () => {
      const userId = newUser();
      await repo().record(entry(userId, 'rec-used-1', 600));
      expect(await repo().reserve(reservation(userId, 'rec-new-1'))).toBe(false);
      // The very audio counted under the id since `retriesSince` is a retry; other audio under it, or a retry too late, is not (issue 36).
      expect(await repo().reserve(reservation(userId, 'rec-used-1', { audioSha256: audio('rec-used-1') }))).toBe(true);
      expect(await repo().reserve(reservation(userId, 'rec-used-1', { audioSha256: audio('other') }))).toBe(false);
      expect(await repo().reserve(reservation(userId, 'rec-used-1', { audioSha256: audio('rec-used-1'), retriesSince: NOW }))).toBe(false);
      // Before its audio is known (a live recording opening), a just-counted id passes: its finish is checked with the audio.
      expect(await repo().reserve(reservation(userId, 'rec-used-1'))).toBe(true);
      expect(await repo().reserve(reservation(userId, 'rec-used-1', { retriesSince: NOW }))).toBe(false);
      // A retry takes no hold: the month stays as it was.
      expect(await repo().reserve(reservation(userId, 'rec-new-1', { limitSeconds: 601 }))).toBe(true);
      expect(await repo().reserve(reservation(userId, 'rec-new-2', { period: DEC }))).toBe(true);
      // A plan of 0 minutes allows nothing.
      expect(await repo().reserve(reservation(newUser(), 'rec-zero-1', { limitSeconds: 0 }))).toBe(false);
    });

    it('ties a recording id to its audio: other audio under a counted id is counted under a key of its own, the first row untouched', async () => {
      const userId = newUser();
      const under = (name: string, seconds: number) => entry(userId, 'rec-tied-1', seconds, NOV, { audioSha256: audio(name) });
      const before = await store.storage().outbox.countPendingEvents();
      expect(await repo().record(under('short', 7))).toBe(true);
      expect(await repo().record(under('long', 31))).toBe(true);
      expect(await repo().record(under('long', 31))).toBe(false);
      expect(await repo().record(under('third', 5))).toBe(true);
      expect(await repo().record(under('short', 7))).toBe(false);
      expect(await repo().usedSeconds(userId, NOV)).toBe(43);
      const keys = [
        ['rec-tied-1', 7],
        ['rec-tied-1#2', 31],
        ['rec-tied-1#3', 5],
      ];
      expect((await repo().entriesOf(userId)).map((e) => [e.recordingId, e.seconds])).toEqual(keys);
      // One event each, under its key.
      expect(await store.storage().outbox.countPendingEvents()).toBe(before + 3);
      const pending = await store.storage().outbox.pendingEvents(1000);
      const mine = pending.map((event) => JSON.parse(event.payload)).filter((payload) => payload.userId === userId);
      expect(mine.map((payload) => [payload.recordingId, payload.seconds])).toEqual(keys);
    });

    it('counts the same audio under an id anew once `sameSince` has passed its count: ids expire', async () => {
      const userId = newUser();
      expect(await repo().record(entry(userId, 'rec-old-1', 12))).toBe(true);
      expect(await repo().record(entry(userId, 'rec-old-1', 12, NOV, { at: LATER, sameSince: NOW }))).toBe(true);
      expect(await repo().record(entry(userId, 'rec-old-1', 12, NOV, { at: LATER }))).toBe(false);
      expect((await repo().entriesOf(userId)).map((e) => e.recordingId)).toEqual(['rec-old-1', 'rec-old-1#2']);
      expect(await repo().usedSeconds(userId, NOV)).toBe(24);
    });

    it('counts each audio once when counts under one id race', async () => {
      const userId = newUser();
      const tries = await Promise.all(
        ['a', 'b', 'a', 'c', 'b'].map((name) => repo().record(entry(userId, 'rec-race-1', 10, NOV, { audioSha256: audio(name) }))),
      );
      expect(tries.filter(Boolean)).toHaveLength(3);
      expect(await repo().usedSeconds(userId, NOV)).toBe(30);
      expect((await repo().entriesOf(userId)).map((e) => e.recordingId)).toEqual(['rec-race-1', 'rec-race-1#2', 'rec-race-1#3']);
    });

    it('lets concurrent recordings overshoot by at most one recording: the holds count', async () => {
      const userId = newUser();
      const tries = await Promise.all(
        ['c1', 'c2', 'c3', 'c4'].map((id) => repo().reserve(reservation(userId, `rec-conc-${id}`, { seconds: 300, limitSeconds: 500 }))),
      );
      expect(tries.filter(Boolean)).toHaveLength(2);
      const granted = ['c1', 'c2', 'c3', 'c4'].filter((_, index) => tries[index]);
      // A recording that holds may start again (its fallback) even now.
      expect(await repo().reserve(reservation(userId, `rec-conc-${granted[0]}`, { limitSeconds: 500 }))).toBe(true);
      // Counted at its real length, its hold goes; released, nothing is counted.
      await repo().record(entry(userId, `rec-conc-${granted[0]}`, 20));
      await repo().release(userId, `rec-conc-${granted[1]}`);
      expect(await repo().usedSeconds(userId, NOV)).toBe(20);
      expect(await repo().reserve(reservation(userId, 'rec-conc-c5', { limitSeconds: 500 }))).toBe(true);
    });

    it('forgets a hold whose time is over (a front that died), and keeps the ledger across a restart', async () => {
      const userId = newUser();
      expect(await repo().reserve(reservation(userId, 'rec-lapse-1', { seconds: 600, limitSeconds: 600 }))).toBe(true);
      expect(await repo().reserve(reservation(userId, 'rec-lapse-2', { limitSeconds: 600 }))).toBe(false);
      const afterward = new Date(LATER.getTime() + 1000);
      expect(
        await repo().reserve(reservation(userId, 'rec-lapse-2', { limitSeconds: 600, now: afterward, until: new Date(afterward.getTime() + 60_000) })),
      ).toBe(true);
      await repo().record(entry(userId, 'rec-lapse-2', 61));
      await store.reopen();
      expect(await repo().usedSeconds(userId, NOV)).toBe(61);
      expect(await repo().record(entry(userId, 'rec-lapse-2', 61))).toBe(false);
    });

    it('forgets a deleted account’s rows and holds, once, and nobody else’s', async () => {
      const userId = newUser();
      const other = newUser();
      await repo().record(entry(userId, 'rec-forget-1', 30));
      await repo().record(entry(userId, 'rec-forget-2', 20, DEC));
      expect(await repo().reserve(reservation(userId, 'rec-forget-3'))).toBe(true);
      await repo().record(entry(other, 'rec-forget-1', 5));
      expect((await repo().entriesOf(userId)).map((e) => [e.recordingId, e.period, e.seconds])).toEqual([
        ['rec-forget-1', NOV, 30],
        ['rec-forget-2', DEC, 20],
      ]);

      expect(await repo().forgetUser(userId)).toBe(3);
      expect(await repo().entriesOf(userId)).toEqual([]);
      expect(await repo().usedSeconds(userId, NOV)).toBe(0);
      expect(await repo().usedSeconds(userId, DEC)).toBe(0);
      expect(await repo().forgetUser(userId)).toBe(0);
      expect(await repo().usedSeconds(other, NOV)).toBe(5);
    });
  });
}
