import { DEFAULT_MONTHLY_MINUTES, USER_TYPES, responseTypeSchema, userTypeSchema, type UserType } from '@story/proto';
import type { SqliteDatabase } from '@story/service-kit';
import { storedFeatures, storedFeaturesOf } from './stored-features.ts';
import type { UserTypeSettingChange, UserTypeSettingRecord, UserTypeSettingRepository } from './user-type-setting.repository.ts';

interface SettingRow {
  id: number;
  user_type: string;
  time_limit: number;
  response_type: string;
  /** NULL: the plan's default. */
  monthly_minutes: number | null;
  /** JSON, without AI voice replies (the reply type says it); NULL: the plan's default. */
  features: string | null;
  created_at: string;
  updated_at: string;
}

const toSetting = (row: SettingRow): UserTypeSettingRecord => {
  const userType = userTypeSchema.parse(row.user_type);
  const responseType = responseTypeSchema.parse(row.response_type);
  return {
    id: row.id,
    userType,
    timeLimit: row.time_limit,
    responseType,
    monthlyMinutes: row.monthly_minutes ?? DEFAULT_MONTHLY_MINUTES[userType],
    features: storedFeaturesOf(userType, row.features === null ? undefined : JSON.parse(row.features), responseType),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
};

/** User-type settings in auth.sqlite (seeded by its first migration). */
export class SqliteUserTypeSettingRepository implements UserTypeSettingRepository {
  constructor(private readonly db: SqliteDatabase) {}

  async listUserTypeSettings(): Promise<UserTypeSettingRecord[]> {
    const rows = this.db.prepare<[], SettingRow>('SELECT * FROM user_type_settings').all().map(toSetting);
    return rows.sort((a, b) => USER_TYPES.indexOf(a.userType) - USER_TYPES.indexOf(b.userType));
  }

  async findUserTypeSetting(userType: UserType): Promise<UserTypeSettingRecord | undefined> {
    const row = this.db.prepare<[string], SettingRow>('SELECT * FROM user_type_settings WHERE user_type = ?').get(userType);
    return row && toSetting(row);
  }

  async updateUserTypeSetting(userType: UserType, change: UserTypeSettingChange, at: Date): Promise<UserTypeSettingRecord> {
    const stamp = at.toISOString();
    // Upsert: a type whose seed row was removed by hand comes back instead of failing.
    const row = this.db
      .prepare<[string, number, string, number, string, string, string], SettingRow>(
        `INSERT INTO user_type_settings (user_type, time_limit, response_type, monthly_minutes, features, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_type) DO UPDATE SET time_limit = excluded.time_limit, response_type = excluded.response_type,
           monthly_minutes = excluded.monthly_minutes, features = excluded.features, updated_at = excluded.updated_at
         RETURNING *`,
      )
      .get(userType, change.timeLimit, change.responseType, change.monthlyMinutes, JSON.stringify(storedFeatures(change.features)), stamp, stamp);
    if (!row) throw new Error('upsert returned no row');
    return toSetting(row);
  }
}
