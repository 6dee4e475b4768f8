import type { SqliteDatabase } from '@story/service-kit';
import {
  storedProfileContentSchema,
  type NewPublishedProfile,
  type PublicProfileRepository,
  type PublishedProfileRecord,
  type SaveProfileOutcome,
} from './public-profile.repository.ts';

interface ProfileRow {
  user_id: number;
  slug: string;
  custom_name: number;
  content: string;
  published_at: string;
  updated_at: string;
}

const SELECT = 'SELECT user_id, slug, custom_name, content, published_at, updated_at FROM public_profiles';

const toRecord = (row: ProfileRow): PublishedProfileRecord => ({
  userId: row.user_id,
  slug: row.slug,
  customName: row.custom_name === 1,
  content: storedProfileContentSchema.parse(JSON.parse(row.content)),
  publishedAt: row.published_at,
  updatedAt: row.updated_at,
});

const isUniqueViolation = (error: unknown) => error instanceof Error && (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/** Published profiles in the service's SQLite file: a row per person, the slug unique. */
export class SqlitePublicProfileRepository implements PublicProfileRepository {
  private readonly statements;

  constructor(private readonly db: SqliteDatabase) {
    this.statements = {
      ofUser: db.prepare<[number], ProfileRow>(`${SELECT} WHERE user_id = ?`),
      bySlug: db.prepare<[string], ProfileRow>(`${SELECT} WHERE slug = ?`),
      upsert: db.prepare<[number, string, number, string, string, string]>(
        `INSERT INTO public_profiles (user_id, slug, custom_name, content, published_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET slug = excluded.slug, custom_name = excluded.custom_name, content = excluded.content, updated_at = excluded.updated_at`,
      ),
      remove: db.prepare<[number]>('DELETE FROM public_profiles WHERE user_id = ?'),
      addNameChange: db.prepare<[number, string]>('INSERT INTO public_profile_name_changes (user_id, changed_at) VALUES (?, ?)'),
      nameChangesSince: db.prepare<[number, string], { n: number }>(
        'SELECT count(*) AS n FROM public_profile_name_changes WHERE user_id = ? AND changed_at >= ?',
      ),
      removeNameChanges: db.prepare<[number]>('DELETE FROM public_profile_name_changes WHERE user_id = ?'),
      heldFor: db.prepare<[string, string], { user_id: number }>('SELECT user_id FROM public_profile_name_holds WHERE slug = ? AND released_at >= ?'),
      hold: db.prepare<[string, number, string]>('INSERT OR REPLACE INTO public_profile_name_holds (slug, user_id, released_at) VALUES (?, ?, ?)'),
      unhold: db.prepare<[string]>('DELETE FROM public_profile_name_holds WHERE slug = ?'),
      removeHolds: db.prepare<[number]>('DELETE FROM public_profile_name_holds WHERE user_id = ?'),
      expireHolds: db.prepare<[string]>('DELETE FROM public_profile_name_holds WHERE released_at < ?'),
    };
  }

  async ofUser(userId: number): Promise<PublishedProfileRecord | undefined> {
    const row = this.statements.ofUser.get(userId);
    return row && toRecord(row);
  }

  async bySlug(slug: string): Promise<PublishedProfileRecord | undefined> {
    const row = this.statements.bySlug.get(slug);
    return row && toRecord(row);
  }

  async save(profile: NewPublishedProfile): Promise<SaveProfileOutcome> {
    const content = JSON.stringify(storedProfileContentSchema.parse(profile.content));
    // One transaction: the hold is looked at, the address taken and the old one held together.
    const taken = this.db.transaction((): boolean => {
      const { namesHeldSince } = profile;
      if (namesHeldSince !== undefined) this.statements.expireHolds.run(namesHeldSince);
      const holder = namesHeldSince === undefined ? undefined : this.statements.heldFor.get(profile.slug, namesHeldSince);
      if (holder && holder.user_id !== profile.userId) return true;
      const before = this.statements.ofUser.get(profile.userId);
      try {
        this.statements.upsert.run(profile.userId, profile.slug, profile.customName ? 1 : 0, content, profile.now, profile.now);
      } catch (error) {
        if (isUniqueViolation(error)) return true;
        throw error;
      }
      if (before && before.slug !== profile.slug) this.statements.hold.run(before.slug, profile.userId, profile.now);
      // Taken back by its owner, or held for someone no longer: not held any more.
      this.statements.unhold.run(profile.slug);
      return false;
    })();
    if (taken) return { kind: 'slug-taken' };
    const record = await this.ofUser(profile.userId);
    if (!record) throw new Error('the profile just saved is missing');
    return { kind: 'saved', record };
  }

  async remove(userId: number, at: string): Promise<boolean> {
    return this.db.transaction(() => {
      const before = this.statements.ofUser.get(userId);
      if (!before) return false;
      this.statements.remove.run(userId);
      this.statements.hold.run(before.slug, userId, at);
      return true;
    })();
  }

  async recordNameChange(userId: number, at: string): Promise<void> {
    this.statements.addNameChange.run(userId, at);
  }

  async nameChangesSince(userId: number, since: string): Promise<number> {
    return this.statements.nameChangesSince.get(userId, since)?.n ?? 0;
  }

  async removeAllOf(userId: number): Promise<number> {
    return this.db.transaction(
      () =>
        this.statements.remove.run(userId).changes + this.statements.removeNameChanges.run(userId).changes + this.statements.removeHolds.run(userId).changes,
    )();
  }
}
