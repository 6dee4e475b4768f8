import type { SqliteDatabase } from '@story/service-kit';
import type { NewPasswordReset, PasswordResetRecord, PasswordResetRepository } from './password-reset.repository.ts';

interface ResetRow {
  id: number;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  reset_at: string | null;
}

const toReset = (row: ResetRow): PasswordResetRecord => ({
  id: row.id,
  userId: row.user_id,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  resetAt: row.reset_at === null ? null : new Date(row.reset_at),
});

/** Password-reset links in auth.sqlite. ISO-8601 times in UTC compare as text in time order. */
export class SqlitePasswordResetRepository implements PasswordResetRepository {
  private readonly statements;

  constructor(db: SqliteDatabase) {
    this.statements = {
      insert: db.prepare<[number, string, string, string], ResetRow>(
        'INSERT INTO password_resets (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?) RETURNING *',
      ),
      usable: db.prepare<[string, string], ResetRow>('SELECT * FROM password_resets WHERE token_hash = ? AND reset_at IS NULL AND expires_at > ?'),
      use: db.prepare<[string, string, string], ResetRow>(
        'UPDATE password_resets SET reset_at = ? WHERE token_hash = ? AND reset_at IS NULL AND expires_at > ? RETURNING *',
      ),
      deleteUnused: db.prepare<[number]>('DELETE FROM password_resets WHERE user_id = ? AND reset_at IS NULL'),
      deleteExpired: db.prepare<[string]>('DELETE FROM password_resets WHERE reset_at IS NULL AND expires_at < ?'),
      ofUser: db.prepare<[number], ResetRow>('SELECT * FROM password_resets WHERE user_id = ? ORDER BY created_at, id'),
    };
  }

  async createReset(reset: NewPasswordReset): Promise<PasswordResetRecord> {
    const row = this.statements.insert.get(reset.userId, reset.tokenHash, reset.createdAt.toISOString(), reset.expiresAt.toISOString());
    if (!row) throw new Error('insert returned no row');
    return toReset(row);
  }

  async findUsable(tokenHash: string, now: Date): Promise<PasswordResetRecord | undefined> {
    const row = this.statements.usable.get(tokenHash, now.toISOString());
    return row && toReset(row);
  }

  async useReset(tokenHash: string, now: Date): Promise<PasswordResetRecord | undefined> {
    // One conditional UPDATE: of two requests with the same link, only one finds it unused.
    const at = now.toISOString();
    const row = this.statements.use.get(at, tokenHash, at);
    return row && toReset(row);
  }

  async deleteUnused(userId: number): Promise<number> {
    return this.statements.deleteUnused.run(userId).changes;
  }

  async deleteExpired(before: Date): Promise<number> {
    return this.statements.deleteExpired.run(before.toISOString()).changes;
  }

  async listUserResets(userId: number): Promise<PasswordResetRecord[]> {
    return this.statements.ofUser.all(userId).map(toReset);
  }
}
