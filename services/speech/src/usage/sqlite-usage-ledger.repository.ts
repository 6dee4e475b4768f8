import { EVENT_SUBJECTS } from '@story/proto';
import type { SqliteDatabase, SqliteOutbox } from '@story/service-kit';
import { ledgerKeyOf } from './recording-id.ts';
import type { RecordingCount, UsageEntry, UsageLedgerRepository, UsageReservation } from './usage-ledger.repository.ts';

/** The ledger in speech.sqlite; a reservation or a count is one IMMEDIATE transaction, so fronts sharing the file take turns. */
export class SqliteUsageLedgerRepository implements UsageLedgerRepository {
  private readonly statements;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly outbox: SqliteOutbox,
  ) {
    this.statements = {
      used: db.prepare<[number, string], { total: number | null }>('SELECT sum(seconds) AS total FROM usage_ledger WHERE user_id = ? AND period = ?'),
      byUser: db.prepare<[string], { userId: number; usedSeconds: number }>(
        'SELECT user_id AS userId, sum(seconds) AS usedSeconds FROM usage_ledger WHERE period = ? GROUP BY user_id ORDER BY user_id',
      ),
      // Counted under the id since a time, with this audio (any audio when none is given).
      countedSince: db.prepare<{ userId: number; recordingId: string; since: string; sha: string | null }, { n: number }>(
        `SELECT count(*) AS n FROM usage_ledger
         WHERE user_id = @userId AND recording_id = @recordingId AND recorded_at > @since AND (@sha IS NULL OR audio_sha256 = @sha)`,
      ),
      countedEver: db.prepare<[number, string], { n: number }>('SELECT count(*) AS n FROM usage_ledger WHERE user_id = ? AND recording_id = ?'),
      ownHold: db.prepare<[number, string, string], { n: number }>(
        'SELECT count(*) AS n FROM usage_holds WHERE user_id = ? AND recording_id = ? AND until > ?',
      ),
      otherHolds: db.prepare<[number, string, string], { total: number | null }>(
        'SELECT sum(seconds) AS total FROM usage_holds WHERE user_id = ? AND recording_id <> ? AND until > ?',
      ),
      hold: db.prepare<[number, string, number, string]>(
        `INSERT INTO usage_holds (user_id, recording_id, seconds, until) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id, recording_id) DO UPDATE SET seconds = excluded.seconds, until = excluded.until`,
      ),
      dropLapsed: db.prepare<[number, string]>('DELETE FROM usage_holds WHERE user_id = ? AND until <= ?'),
      insert: db.prepare<[number, string, string, string, string, number, string]>(
        'INSERT INTO usage_ledger (user_id, entry_key, recording_id, audio_sha256, period, seconds, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      release: db.prepare<[number, string]>('DELETE FROM usage_holds WHERE user_id = ? AND recording_id = ?'),
    };
  }

  async usedSeconds(userId: number, period: string): Promise<number> {
    return this.statements.used.get(userId, period)?.total ?? 0;
  }

  async usedSecondsByUser(period: string): Promise<{ userId: number; usedSeconds: number }[]> {
    return this.statements.byUser.all(period);
  }

  async reserve(r: UsageReservation): Promise<boolean> {
    const now = r.now.toISOString();
    return this.db
      .transaction(() => {
        const s = this.statements;
        s.dropLapsed.run(r.userId, now);
        const holding = (s.ownHold.get(r.userId, r.recordingId, now)?.n ?? 0) > 0;
        if (!holding) {
          const retry = { userId: r.userId, recordingId: r.recordingId, since: r.retriesSince.toISOString(), sha: r.audioSha256 ?? null };
          if ((s.countedSince.get(retry)?.n ?? 0) > 0) return true;
          const taken = (s.used.get(r.userId, r.period)?.total ?? 0) + (s.otherHolds.get(r.userId, r.recordingId, now)?.total ?? 0);
          if (taken >= r.limitSeconds) return false;
        }
        s.hold.run(r.userId, r.recordingId, r.seconds, r.until.toISOString());
        return true;
      })
      .immediate();
  }

  async record(count: RecordingCount): Promise<boolean> {
    return this.db
      .transaction(() => {
        const s = this.statements;
        const { userId, recordingId, audioSha256, period, seconds } = count;
        s.release.run(userId, recordingId);
        if ((s.countedSince.get({ userId, recordingId, since: count.sameSince.toISOString(), sha: audioSha256 })?.n ?? 0) > 0) return false;
        const key = ledgerKeyOf(recordingId, s.countedEver.get(userId, recordingId)?.n ?? 0);
        const at = count.at.toISOString();
        s.insert.run(userId, key, recordingId, audioSha256, period, seconds, at);
        this.outbox.write({ subject: EVENT_SUBJECTS.usageRecorded, payload: { userId, recordingId: key, period, seconds, at } });
        return true;
      })
      .immediate();
  }

  async release(userId: number, recordingId: string): Promise<void> {
    this.statements.release.run(userId, recordingId);
  }

  async entriesOf(userId: number): Promise<UsageEntry[]> {
    return this.db
      .prepare<[number], { user_id: number; entry_key: string; period: string; seconds: number; recorded_at: string }>(
        'SELECT user_id, entry_key, period, seconds, recorded_at FROM usage_ledger WHERE user_id = ? ORDER BY recorded_at, entry_key',
      )
      .all(userId)
      .map((row) => ({ userId: row.user_id, recordingId: row.entry_key, period: row.period, seconds: row.seconds, at: new Date(row.recorded_at) }));
  }

  async forgetUser(userId: number): Promise<number> {
    return this.db
      .transaction((): number => {
        const rows = this.db.prepare<[number]>('DELETE FROM usage_ledger WHERE user_id = ?').run(userId).changes;
        return rows + this.db.prepare<[number]>('DELETE FROM usage_holds WHERE user_id = ?').run(userId).changes;
      })
      .immediate();
  }
}
