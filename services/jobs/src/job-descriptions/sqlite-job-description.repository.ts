import { SqliteWriteVersions, type SqliteDatabase, type SqliteOutbox } from '@story/service-kit';
import type {
  DeletionEvents,
  JobDescriptionRecord,
  JobDescriptionRepository,
  JobDescriptionUpdate,
  NewJobDescription,
  NewSnippet,
  SnippetRecord,
} from './job-description.repository.ts';

interface JobDescriptionRow {
  id: number;
  user_id: number;
  company_name: string;
  job_title: string;
  formatted_content: string;
  original_content: string;
  is_archived: number;
  created_at: string;
  snippet_count: number;
}

interface SnippetRow {
  id: number;
  job_description_id: number;
  user_id: number;
  snippet_text: string;
  created_at: string;
}

const toJobDescription = (row: JobDescriptionRow): JobDescriptionRecord => ({
  id: row.id,
  userId: row.user_id,
  companyName: row.company_name,
  jobTitle: row.job_title,
  formattedContent: row.formatted_content,
  originalContent: row.original_content,
  isArchived: row.is_archived === 1,
  createdAt: row.created_at,
  snippetCount: row.snippet_count,
});

const toSnippet = (row: SnippetRow): SnippetRecord => ({
  id: row.id,
  jobDescriptionId: row.job_description_id,
  userId: row.user_id,
  snippetText: row.snippet_text,
  createdAt: row.created_at,
});

/** A description with its snippet count, counted by the index on snippets in the same statement. */
const WITH_COUNT = `SELECT d.*, (SELECT count(*) FROM job_description_snippets s WHERE s.job_description_id = d.id) AS snippet_count FROM job_descriptions d`;

/** Job descriptions and snippets in the embedded SQLite file. */
export class SqliteJobDescriptionRepository implements JobDescriptionRepository {
  private readonly statements;
  private readonly versions: SqliteWriteVersions;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly outbox: SqliteOutbox,
  ) {
    this.versions = new SqliteWriteVersions(db);
    this.statements = {
      list: db.prepare<[number, number], JobDescriptionRow>(`${WITH_COUNT} WHERE d.user_id = ? AND d.is_archived = ? ORDER BY d.created_at DESC, d.id DESC`),
      find: db.prepare<[number, number], JobDescriptionRow>(`${WITH_COUNT} WHERE d.user_id = ? AND d.id = ?`),
      countForUser: db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM job_descriptions WHERE user_id = ?'),
      insert: db.prepare<[number, string, string, string, string, string], { id: number }>(
        'INSERT INTO job_descriptions (user_id, company_name, job_title, formatted_content, original_content, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
      ),
      update: db.prepare<[string, string, string, string | null, number, number]>(
        'UPDATE job_descriptions SET company_name = ?, job_title = ?, formatted_content = ?, original_content = coalesce(?, original_content) WHERE user_id = ? AND id = ?',
      ),
      setArchived: db.prepare<[number, number, number]>('UPDATE job_descriptions SET is_archived = ? WHERE user_id = ? AND id = ?'),
      delete: db.prepare<[number, number]>('DELETE FROM job_descriptions WHERE user_id = ? AND id = ?'),
      deleteSnippets: db.prepare<[number, number]>('DELETE FROM job_description_snippets WHERE user_id = ? AND job_description_id = ?'),
      snippets: db.prepare<[number, number], SnippetRow>(
        'SELECT * FROM job_description_snippets WHERE user_id = ? AND job_description_id = ? ORDER BY created_at DESC, id DESC',
      ),
      // Only under a description of the same user that is still there.
      insertSnippet: db.prepare<[number, number, string, string, number, number], SnippetRow>(
        `INSERT INTO job_description_snippets (job_description_id, user_id, snippet_text, created_at)
         SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM job_descriptions WHERE id = ? AND user_id = ?) RETURNING *`,
      ),
      findSnippet: db.prepare<[number, number], SnippetRow>('SELECT * FROM job_description_snippets WHERE user_id = ? AND id = ?'),
    };
  }

  async listJobDescriptions(userId: number, archived: boolean): Promise<JobDescriptionRecord[]> {
    return this.statements.list.all(userId, archived ? 1 : 0).map(toJobDescription);
  }

  async findJobDescription(userId: number, id: number): Promise<JobDescriptionRecord | undefined> {
    const row = this.statements.find.get(userId, id);
    return row ? toJobDescription(row) : undefined;
  }

  async writeVersion(userId: number): Promise<number> {
    return this.versions.current(userId);
  }

  async countJobDescriptions(userId: number): Promise<number> {
    return this.statements.countForUser.get(userId)?.n ?? 0;
  }

  async insertJobDescription(input: NewJobDescription, version: number): Promise<JobDescriptionRecord | undefined> {
    return this.versions.ifCurrent(input.userId, version, () => {
      const { userId, companyName, jobTitle, formattedContent, originalContent, createdAt } = input;
      const inserted = this.statements.insert.get(userId, companyName, jobTitle, formattedContent, originalContent, createdAt);
      const row = inserted ? this.statements.find.get(userId, inserted.id) : undefined;
      if (!row) throw new Error('job description insert returned nothing');
      return toJobDescription(row);
    });
  }

  async updateJobDescription(userId: number, id: number, update: JobDescriptionUpdate): Promise<JobDescriptionRecord | undefined> {
    this.statements.update.run(update.companyName, update.jobTitle, update.formattedContent, update.originalContent ?? null, userId, id);
    return this.findJobDescription(userId, id);
  }

  async setArchived(userId: number, id: number, archived: boolean): Promise<JobDescriptionRecord | undefined> {
    this.statements.setArchived.run(archived ? 1 : 0, userId, id);
    return this.findJobDescription(userId, id);
  }

  async deleteJobDescription(userId: number, id: number, buildEvents: DeletionEvents): Promise<boolean> {
    return this.db
      .transaction(() => {
        const row = this.statements.find.get(userId, id);
        if (!row) return false;
        const snippets = this.statements.snippets.all(userId, id).map(toSnippet);
        this.statements.deleteSnippets.run(userId, id);
        this.statements.delete.run(userId, id);
        for (const event of buildEvents(toJobDescription(row), snippets)) this.outbox.write(event);
        return true;
      })
      .immediate();
  }

  async insertSnippet(input: NewSnippet, version: number): Promise<SnippetRecord | undefined> {
    return this.versions.ifCurrent(input.userId, version, () => {
      const { jobDescriptionId, userId } = input;
      const row = this.statements.insertSnippet.get(jobDescriptionId, userId, input.snippetText, input.createdAt, jobDescriptionId, userId);
      return row ? toSnippet(row) : undefined;
    });
  }

  async listSnippets(userId: number, jobDescriptionId: number): Promise<SnippetRecord[] | undefined> {
    if (!this.statements.find.get(userId, jobDescriptionId)) return undefined;
    return this.statements.snippets.all(userId, jobDescriptionId).map(toSnippet);
  }

  async findSnippet(userId: number, snippetId: number): Promise<SnippetRecord | undefined> {
    const row = this.statements.findSnippet.get(userId, snippetId);
    return row ? toSnippet(row) : undefined;
  }

  async forgetUser(userId: number): Promise<number> {
    return this.db
      .transaction((): number => {
        const snippets = this.db.prepare<[number]>('DELETE FROM job_description_snippets WHERE user_id = ?').run(userId).changes;
        const descriptions = this.db.prepare<[number]>('DELETE FROM job_descriptions WHERE user_id = ?').run(userId).changes;
        this.db.prepare<[number]>('DELETE FROM quota_guards WHERE user_id = ?').run(userId);
        return snippets + descriptions;
      })
      .immediate();
  }
}
