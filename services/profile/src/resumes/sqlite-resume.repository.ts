import { RESUME_FORMATS, resumeContentSchema, resumeSuggestionSchema, type ResumeFormat } from '@story/proto';
import { z } from 'zod';
import type { SqliteDatabase } from '@story/service-kit';
import {
  ResumeQuotaReachedError,
  storedContentBytes,
  type AddVersionOutcome,
  type NewResume,
  type NewResumeVersion,
  type ResumeRecord,
  type ResumeRepository,
  type ResumeVersionKey,
  type ResumeVersionSummary,
  type StoredSuggestions,
} from './resume.repository.ts';

const storedSuggestionsSchema = z.object({ version: z.number(), items: z.array(resumeSuggestionSchema) });

interface ResumeRow {
  id: number;
  user_id: number;
  file_name: string;
  format: string;
  created_at: string;
  latest_version: number;
  bullet_threads: string;
  dismissed: string;
  suggestions: string | null;
  version: number;
  content: string;
  reviewed: number;
  updated_at: string;
}

const SELECT = `SELECT r.id, r.user_id, r.file_name, r.format, r.created_at, r.latest_version, r.bullet_threads, r.dismissed, r.suggestions,
  v.version, v.content, v.reviewed, v.created_at AS updated_at
  FROM resumes r JOIN resume_versions v ON v.resume_id = r.id`;

const formatOf = (text: string): ResumeFormat => RESUME_FORMATS.find((format) => format === text) ?? 'txt';

function toRecord(row: ResumeRow): ResumeRecord {
  return {
    id: row.id,
    userId: row.user_id,
    version: row.version,
    reviewed: row.reviewed === 1,
    fileName: row.file_name,
    format: formatOf(row.format),
    content: resumeContentSchema.parse(JSON.parse(row.content)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    bulletThreads: JSON.parse(row.bullet_threads) as Record<string, number[]>,
    dismissed: JSON.parse(row.dismissed) as string[],
    suggestions: row.suggestions === null ? null : storedSuggestionsSchema.parse(JSON.parse(row.suggestions)),
  };
}

/** Résumés in the service's SQLite file: a row per résumé, a row per version. */
export class SqliteResumeRepository implements ResumeRepository {
  private readonly statements;

  constructor(private readonly db: SqliteDatabase) {
    this.statements = {
      latestOfUser: db.prepare<[number], ResumeRow>(`${SELECT} WHERE r.user_id = ? AND v.version = r.latest_version ORDER BY r.id DESC LIMIT 1`),
      latest: db.prepare<[number, number], ResumeRow>(`${SELECT} WHERE r.user_id = ? AND r.id = ? AND v.version = r.latest_version`),
      atVersion: db.prepare<[number, number, number], ResumeRow>(`${SELECT} WHERE r.user_id = ? AND r.id = ? AND v.version = ?`),
      insertResume: db.prepare<[number, string, string, string, number], { id: number }>(
        'INSERT INTO resumes (user_id, file_name, format, created_at, latest_version, stored_bytes) VALUES (?, ?, ?, ?, 1, ?) RETURNING id',
      ),
      insertVersion: db.prepare<[number, number, string, number, string, string]>(
        'INSERT INTO resume_versions (resume_id, version, content, reviewed, note, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      owned: db.prepare<[number, number], { latest_version: number; bullet_threads: string; dismissed: string }>(
        'SELECT latest_version, bullet_threads, dismissed FROM resumes WHERE user_id = ? AND id = ?',
      ),
      setLatest: db.prepare<[number, number, number]>('UPDATE resumes SET latest_version = ?, stored_bytes = stored_bytes + ? WHERE id = ?'),
      storedBytes: db.prepare<[number], { bytes: number }>('SELECT coalesce(sum(stored_bytes), 0) AS bytes FROM resumes WHERE user_id = ?'),
      setDismissed: db.prepare<[string, number]>('UPDATE resumes SET dismissed = ? WHERE id = ?'),
      setSuggestions: db.prepare<[string, number, number]>('UPDATE resumes SET suggestions = ? WHERE user_id = ? AND id = ?'),
      setThreads: db.prepare<[string, number]>('UPDATE resumes SET bullet_threads = ? WHERE id = ?'),
      versions: db.prepare<[number, number], { version: number; created_at: string; reviewed: number; note: string }>(
        `SELECT v.version, v.created_at, v.reviewed, v.note FROM resume_versions v JOIN resumes r ON r.id = v.resume_id
         WHERE r.user_id = ? AND r.id = ? ORDER BY v.version DESC`,
      ),
      // Walks the user's résumés in id order and each one's versions by its primary key: no sort, `limit` rows read.
      versionKeysFrom: db.prepare<[number, number, number, number, number], { id: number; version: number }>(
        `SELECT r.id, v.version FROM resumes r JOIN resume_versions v ON v.resume_id = r.id
         WHERE r.user_id = ? AND r.id >= ? AND v.version <= r.latest_version AND (r.id > ? OR v.version >= ?)
         ORDER BY r.id, v.version LIMIT ?`,
      ),
      count: db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM resumes WHERE user_id = ?'),
      removeAll: db.prepare<[number]>('DELETE FROM resumes WHERE user_id = ?'),
    };
  }

  async create(resume: NewResume): Promise<ResumeRecord> {
    const bytes = storedContentBytes(resume.content);
    const id = this.db.transaction(() => {
      const { quotas } = resume;
      if (quotas && (this.statements.count.get(resume.userId)?.n ?? 0) >= quotas.resumesPerUser) throw new ResumeQuotaReachedError('resumesPerUser');
      if (quotas && this.storedBytes(resume.userId) + bytes > quotas.bytesPerUser) throw new ResumeQuotaReachedError('bytesPerUser');
      const row = this.statements.insertResume.get(resume.userId, resume.fileName, resume.format, resume.now, bytes);
      if (!row) throw new Error('the résumé was not inserted');
      this.statements.insertVersion.run(row.id, 1, JSON.stringify(resume.content), 0, 'Uploaded', resume.now);
      return row.id;
    })();
    const record = await this.find(resume.userId, id);
    if (!record) throw new Error('the résumé just inserted is missing');
    return record;
  }

  async current(userId: number): Promise<ResumeRecord | undefined> {
    const row = this.statements.latestOfUser.get(userId);
    return row && toRecord(row);
  }

  async find(userId: number, id: number, version?: number): Promise<ResumeRecord | undefined> {
    const row = version === undefined ? this.statements.latest.get(userId, id) : this.statements.atVersion.get(userId, id, version);
    return row && toRecord(row);
  }

  async addVersion(userId: number, id: number, next: NewResumeVersion): Promise<AddVersionOutcome> {
    const json = JSON.stringify(next.content);
    const bytes = Buffer.byteLength(json, 'utf8');
    const outcome = this.db.transaction((): AddVersionOutcome | undefined => {
      const owned = this.statements.owned.get(userId, id);
      if (!owned) return { kind: 'not-found' };
      if (next.basedOn !== undefined && next.basedOn !== owned.latest_version) return { kind: 'conflict', current: owned.latest_version };
      const { quotas } = next;
      if (quotas && owned.latest_version >= quotas.versionsPerResume) throw new ResumeQuotaReachedError('versionsPerResume');
      if (quotas && this.storedBytes(userId) + bytes > quotas.bytesPerUser) throw new ResumeQuotaReachedError('bytesPerUser');
      const version = owned.latest_version + 1;
      this.statements.insertVersion.run(id, version, json, next.reviewed ? 1 : 0, next.note, next.now);
      this.statements.setLatest.run(version, bytes, id);
      return undefined;
    })();
    if (outcome) return outcome;
    const record = await this.find(userId, id);
    return record ? { kind: 'added', record } : { kind: 'not-found' };
  }

  async versions(userId: number, id: number): Promise<ResumeVersionSummary[] | undefined> {
    if (!this.statements.owned.get(userId, id)) return undefined;
    return this.statements.versions
      .all(userId, id)
      .map((row) => ({ version: row.version, updatedAt: row.created_at, reviewed: row.reviewed === 1, note: row.note }));
  }

  async dismiss(userId: number, id: number, suggestionId: string): Promise<boolean> {
    return this.db.transaction(() => {
      const owned = this.statements.owned.get(userId, id);
      if (!owned) return false;
      const dismissed = new Set(JSON.parse(owned.dismissed) as string[]).add(suggestionId);
      this.statements.setDismissed.run(JSON.stringify([...dismissed]), id);
      return true;
    })();
  }

  async linkThread(userId: number, id: number, bulletId: string, threadId: number): Promise<boolean> {
    return this.db.transaction(() => {
      const owned = this.statements.owned.get(userId, id);
      if (!owned) return false;
      const threads = JSON.parse(owned.bullet_threads) as Record<string, number[]>;
      const linked = threads[bulletId] ?? [];
      if (!linked.includes(threadId)) threads[bulletId] = [...linked, threadId];
      this.statements.setThreads.run(JSON.stringify(threads), id);
      return true;
    })();
  }

  async storeSuggestions(userId: number, id: number, suggestions: StoredSuggestions): Promise<boolean> {
    return this.statements.setSuggestions.run(JSON.stringify(suggestions), userId, id).changes === 1;
  }

  async countOf(userId: number): Promise<number> {
    return this.statements.count.get(userId)?.n ?? 0;
  }

  async versionKeysFrom(userId: number, from: ResumeVersionKey | undefined, limit: number): Promise<ResumeVersionKey[]> {
    const start = from ?? { id: 0, version: 0 };
    return this.statements.versionKeysFrom.all(userId, start.id, start.id, start.version, limit).map((row) => ({ id: row.id, version: row.version }));
  }

  async removeAllOf(userId: number): Promise<number> {
    return this.statements.removeAll.run(userId).changes;
  }

  private storedBytes(userId: number): number {
    return this.statements.storedBytes.get(userId)?.bytes ?? 0;
  }
}
