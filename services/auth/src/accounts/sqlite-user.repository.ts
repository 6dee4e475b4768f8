import { userTypeSchema, type UserType } from '@story/proto';
import type { SqliteDatabase } from '@story/service-kit';
import { DuplicateUserError, type AuthProvider, type NewUser, type UserRecord, type UserRepository, type UserSearch } from './user.repository.ts';

interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  google_id: string | null;
  is_admin: number;
  user_type: string;
  requested_plan: string | null;
  auth_provider: string;
  created_at: string;
}

const toUser = (row: UserRow): UserRecord => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  passwordHash: row.password_hash,
  googleId: row.google_id,
  isAdmin: row.is_admin === 1,
  userType: userTypeSchema.parse(row.user_type),
  requestedPlan: row.requested_plan === null ? null : userTypeSchema.parse(row.requested_plan),
  authProvider: (row.auth_provider === 'google' ? 'google' : 'email') satisfies AuthProvider,
  createdAt: new Date(row.created_at),
});

/** Which unique column a SQLite constraint error is about, if it is one. */
function duplicateField(error: unknown): DuplicateUserError | undefined {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== 'SQLITE_CONSTRAINT_UNIQUE') return undefined;
  if (error.message.includes('users.email_lower')) return new DuplicateUserError('email');
  if (error.message.includes('users.google_id')) return new DuplicateUserError('googleId');
  return undefined;
}

/** A LIKE pattern that finds `word` anywhere, its own % and _ taken literally. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Accounts in auth.sqlite. */
export class SqliteUserRepository implements UserRepository {
  constructor(private readonly db: SqliteDatabase) {}

  async createUser(user: NewUser, now: Date): Promise<UserRecord> {
    try {
      const row = this.db
        .prepare<unknown[], UserRow>(
          `INSERT INTO users (email, email_lower, first_name, last_name, password_hash, google_id, is_admin, user_type, requested_plan, auth_provider, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
        )
        .get(
          user.email,
          user.email.toLowerCase(),
          user.firstName,
          user.lastName,
          user.passwordHash,
          user.googleId,
          user.isAdmin ? 1 : 0,
          user.userType ?? 'standard',
          user.requestedPlan ?? null,
          user.authProvider,
          now.toISOString(),
        );
      if (!row) throw new Error('insert returned no row');
      return toUser(row);
    } catch (error) {
      throw duplicateField(error) ?? error;
    }
  }

  async findUserById(id: number): Promise<UserRecord | undefined> {
    const row = this.db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?').get(id);
    return row && toUser(row);
  }

  async findUserByEmail(email: string): Promise<UserRecord | undefined> {
    const row = this.db.prepare<[string], UserRow>('SELECT * FROM users WHERE email_lower = ?').get(email.toLowerCase());
    return row && toUser(row);
  }

  async findUserByGoogleId(googleId: string): Promise<UserRecord | undefined> {
    const row = this.db.prepare<[string], UserRow>('SELECT * FROM users WHERE google_id = ?').get(googleId);
    return row && toUser(row);
  }

  async linkGoogleAccount(userId: number, googleId: string): Promise<UserRecord | undefined> {
    try {
      const row = this.db.prepare<[string, number], UserRow>('UPDATE users SET google_id = ? WHERE id = ? RETURNING *').get(googleId, userId);
      return row && toUser(row);
    } catch (error) {
      throw duplicateField(error) ?? error;
    }
  }

  async setAdmin(userId: number, isAdmin: boolean): Promise<UserRecord | undefined> {
    const row = this.db.prepare<[number, number], UserRow>('UPDATE users SET is_admin = ? WHERE id = ? RETURNING *').get(isAdmin ? 1 : 0, userId);
    return row && toUser(row);
  }

  async setUserType(userId: number, userType: UserType): Promise<UserRecord | undefined> {
    const row = this.db.prepare<[string, number], UserRow>('UPDATE users SET user_type = ? WHERE id = ? RETURNING *').get(userType, userId);
    return row && toUser(row);
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<UserRecord | undefined> {
    const row = this.db.prepare<[string, number], UserRow>('UPDATE users SET password_hash = ? WHERE id = ? RETURNING *').get(passwordHash, userId);
    return row && toUser(row);
  }

  async listUsers(): Promise<UserRecord[]> {
    return this.db.prepare<[], UserRow>('SELECT * FROM users ORDER BY created_at DESC, id DESC').all().map(toUser);
  }

  async searchUsers({ words, offset, limit }: UserSearch): Promise<{ users: UserRecord[]; total: number }> {
    // Each word is a bound parameter; only the number of conditions comes from the input.
    const where = words.map(() => "(email_lower LIKE ? ESCAPE '\\' OR lower(first_name) LIKE ? ESCAPE '\\' OR lower(last_name) LIKE ? ESCAPE '\\')");
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const params = words.flatMap((word) => Array<string>(3).fill(containing(word)));
    const total = this.db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM users ${clause}`).get(...params)?.n ?? 0;
    const rows = this.db
      .prepare<unknown[], UserRow>(`SELECT * FROM users ${clause} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
      .all(...params, limit, offset);
    return { users: rows.map(toUser), total };
  }
}
