import { USER_TYPES, DEFAULT_TIME_LIMIT_SECONDS, userTypeSchema, responseTypeSchema, type ResponseType, type UserType } from '@story/proto';
import { openSqlite, type SqliteDatabase } from '@story/service-kit';
import {
  DuplicateUserError,
  type AuthProvider,
  type NewUser,
  type SessionRecord,
  type UserRecord,
  type UserRepository,
  type UserTypeSettingRecord,
} from './user.repository.ts';

const seedSettings = USER_TYPES.map(
  (userType) =>
    `INSERT INTO user_type_settings (user_type, time_limit, response_type, created_at, updated_at)
     VALUES ('${userType}', ${DEFAULT_TIME_LIMIT_SECONDS}, 'text', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));`,
).join('\n');

/** Schema versions of auth.sqlite; append, never edit a shipped entry. */
export const AUTH_SQLITE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL,
    email_lower TEXT NOT NULL UNIQUE,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    password_hash TEXT,
    google_id TEXT UNIQUE,
    is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    user_type TEXT NOT NULL DEFAULT 'standard' CHECK (user_type IN ('standard', 'plus', 'pro')),
    auth_provider TEXT NOT NULL DEFAULT 'email' CHECK (auth_provider IN ('email', 'google')),
    created_at TEXT NOT NULL
  );
  CREATE INDEX users_created_at ON users (created_at);
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    revoked_at TEXT
  );
  CREATE INDEX sessions_user_id ON sessions (user_id);
  CREATE TABLE user_type_settings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_type TEXT NOT NULL UNIQUE CHECK (user_type IN ('standard', 'plus', 'pro')),
    time_limit INTEGER NOT NULL DEFAULT ${DEFAULT_TIME_LIMIT_SECONDS},
    response_type TEXT NOT NULL DEFAULT 'text' CHECK (response_type IN ('text', 'text_and_voice')),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  ${seedSettings}
  CREATE TABLE password_resets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reset_at TEXT NOT NULL
  );
  `,
];

interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  google_id: string | null;
  is_admin: number;
  user_type: string;
  auth_provider: string;
  created_at: string;
}

interface SessionRow {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

interface SettingRow {
  id: number;
  user_type: string;
  time_limit: number;
  response_type: string;
  created_at: string;
  updated_at: string;
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
  authProvider: (row.auth_provider === 'google' ? 'google' : 'email') satisfies AuthProvider,
  createdAt: new Date(row.created_at),
});

const toSession = (row: SessionRow): SessionRecord => ({
  id: row.id,
  userId: row.user_id,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
});

const toSetting = (row: SettingRow): UserTypeSettingRecord => ({
  id: row.id,
  userType: userTypeSchema.parse(row.user_type),
  timeLimit: row.time_limit,
  responseType: responseTypeSchema.parse(row.response_type),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** Which unique column a SQLite constraint error is about, if it is one. */
function duplicateField(error: unknown): DuplicateUserError | undefined {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== 'SQLITE_CONSTRAINT_UNIQUE') return undefined;
  if (error.message.includes('users.email_lower')) return new DuplicateUserError('email');
  if (error.message.includes('users.google_id')) return new DuplicateUserError('googleId');
  return undefined;
}

/** The embedded driver: one SQLite file under DATA_DIR. */
export class SqliteUserRepository implements UserRepository {
  readonly kind = 'sqlite';

  private constructor(private readonly db: SqliteDatabase) {}

  /** Opens (and migrates) the file; `:memory:` works for throwaway stores. */
  static open(file: string): SqliteUserRepository {
    return new SqliteUserRepository(openSqlite(file, AUTH_SQLITE_MIGRATIONS));
  }

  async createUser(user: NewUser, now: Date): Promise<UserRecord> {
    try {
      const row = this.db
        .prepare<unknown[], UserRow>(
          `INSERT INTO users (email, email_lower, first_name, last_name, password_hash, google_id, is_admin, user_type, auth_provider, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
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

  async listUsers(): Promise<UserRecord[]> {
    return this.db.prepare<[], UserRow>('SELECT * FROM users ORDER BY created_at DESC, id DESC').all().map(toUser);
  }

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

  async revokeSession(id: string, at: Date): Promise<boolean> {
    const result = this.db.prepare('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at.toISOString(), id);
    return result.changes > 0;
  }

  async extendSession(id: string, expiresAt: Date): Promise<boolean> {
    const result = this.db.prepare('UPDATE sessions SET expires_at = ? WHERE id = ? AND revoked_at IS NULL').run(expiresAt.toISOString(), id);
    return result.changes > 0;
  }

  async listUserTypeSettings(): Promise<UserTypeSettingRecord[]> {
    const rows = this.db.prepare<[], SettingRow>('SELECT * FROM user_type_settings').all().map(toSetting);
    return rows.sort((a, b) => USER_TYPES.indexOf(a.userType) - USER_TYPES.indexOf(b.userType));
  }

  async findUserTypeSetting(userType: UserType): Promise<UserTypeSettingRecord | undefined> {
    const row = this.db.prepare<[string], SettingRow>('SELECT * FROM user_type_settings WHERE user_type = ?').get(userType);
    return row && toSetting(row);
  }

  async updateUserTypeSetting(userType: UserType, change: { timeLimit: number; responseType: ResponseType }, at: Date): Promise<UserTypeSettingRecord> {
    const stamp = at.toISOString();
    // Upsert: a type whose seed row was removed by hand comes back instead of failing.
    const row = this.db
      .prepare<[string, number, string, string, string], SettingRow>(
        `INSERT INTO user_type_settings (user_type, time_limit, response_type, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_type) DO UPDATE SET time_limit = excluded.time_limit, response_type = excluded.response_type, updated_at = excluded.updated_at
         RETURNING *`,
      )
      .get(userType, change.timeLimit, change.responseType, stamp, stamp);
    if (!row) throw new Error('upsert returned no row');
    return toSetting(row);
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
