import type { SqliteDatabase } from '@story/service-kit';
import type { SessionRecord, SessionRepository } from './session.repository.ts';

interface SessionRow {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

const toSession = (row: SessionRow): SessionRecord => ({
  id: row.id,
  userId: row.user_id,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
});

/** Sessions in auth.sqlite. */
export class SqliteSessionRepository implements SessionRepository {
  constructor(private readonly db: SqliteDatabase) {}

  async createSession(session: Omit<SessionRecord, 'revokedAt'>): Promise<SessionRecord> {
    const row = this.db
      .prepare<[string, number, string, string], SessionRow>('INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?) RETURNING *')
      .get(session.id, session.userId, session.createdAt.toISOString(), session.expiresAt.toISOString());
    if (!row) throw new Error('insert returned no row');
    return toSession(row);
  }

  async findSession(id: string): Promise<SessionRecord | undefined> {
    const row = this.db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?').get(id);
    return row && toSession(row);
  }

  async listUserSessions(userId: number): Promise<SessionRecord[]> {
    return this.db.prepare<[number], SessionRow>('SELECT * FROM sessions WHERE user_id = ? ORDER BY created_at, id').all(userId).map(toSession);
  }

  async revokeSession(id: string, at: Date): Promise<boolean> {
    const result = this.db.prepare('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at.toISOString(), id);
    return result.changes > 0;
  }

  async extendSession(id: string, expiresAt: Date): Promise<boolean> {
    const result = this.db.prepare('UPDATE sessions SET expires_at = ? WHERE id = ? AND revoked_at IS NULL').run(expiresAt.toISOString(), id);
    return result.changes > 0;
  }

  async revokeUserSessions(userId: number, at: Date): Promise<string[]> {
    const rows = this.db
      .prepare<[string, number, string], { id: string }>(
        'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? RETURNING id',
      )
      .all(at.toISOString(), userId, at.toISOString());
    return rows.map((row) => row.id);
  }

  async revokeOtherSessions(userId: number, keepSessionId: string, at: Date): Promise<string[]> {
    // ISO-8601 times in UTC compare as text in time order.
    const rows = this.db
      .prepare<[string, number, string, string], { id: string }>(
        'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND id <> ? AND revoked_at IS NULL AND expires_at > ? RETURNING id',
      )
      .all(at.toISOString(), userId, keepSessionId, at.toISOString());
    return rows.map((row) => row.id);
  }
}
