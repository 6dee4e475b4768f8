import type { SqliteDatabase } from '@story/service-kit';
import {
  mockInterviewDocSchema,
  type MockInterviewDoc,
  type MockInterviewOwner,
  type MockInterviewRecord,
  type MockInterviewRepository,
} from './mock-interview.repository.ts';

interface MockInterviewRow {
  id: number;
  user_id: number;
  version: number;
  doc: string;
}

const toRecord = (row: MockInterviewRow): MockInterviewRecord => ({
  id: row.id,
  userId: row.user_id,
  version: row.version,
  doc: mockInterviewDocSchema.parse(JSON.parse(row.doc)),
});

/** Mock interviews in the feedback service's SQLite file. */
export class SqliteMockInterviewRepository implements MockInterviewRepository {
  private readonly statements;

  constructor(db: SqliteDatabase) {
    this.statements = {
      insert: db.prepare<[{ user_id: number; job_description_id: number; created_at: string; doc: string }]>(
        'INSERT INTO mock_interviews (user_id, job_description_id, version, created_at, doc) VALUES (@user_id, @job_description_id, 1, @created_at, @doc)',
      ),
      find: db.prepare<[number, number], MockInterviewRow>('SELECT id, user_id, version, doc FROM mock_interviews WHERE user_id = ? AND id = ?'),
      list: db.prepare<[number], MockInterviewRow>('SELECT id, user_id, version, doc FROM mock_interviews WHERE user_id = ? ORDER BY id DESC'),
      listOf: db.prepare<[number, number], MockInterviewRow>(
        'SELECT id, user_id, version, doc FROM mock_interviews WHERE user_id = ? AND job_description_id = ? ORDER BY id DESC',
      ),
      update: db.prepare<[{ doc: string; user_id: number; id: number; version: number }]>(
        'UPDATE mock_interviews SET doc = @doc, version = version + 1 WHERE user_id = @user_id AND id = @id AND version = @version',
      ),
      forgetUser: db.prepare<[number]>('DELETE FROM mock_interviews WHERE user_id = ?'),
      forgetDescription: db.prepare<[number, number]>('DELETE FROM mock_interviews WHERE user_id = ? AND job_description_id = ?'),
    };
  }

  async create(userId: number, doc: MockInterviewDoc): Promise<MockInterviewRecord> {
    const { lastInsertRowid } = this.statements.insert.run({
      user_id: userId,
      job_description_id: doc.jobDescriptionId,
      created_at: doc.createdAt,
      doc: JSON.stringify(doc),
    });
    return { id: Number(lastInsertRowid), userId, version: 1, doc };
  }

  async find(userId: number, id: number): Promise<MockInterviewRecord | undefined> {
    const row = this.statements.find.get(userId, id);
    return row ? toRecord(row) : undefined;
  }

  async list(userId: number, jobDescriptionId?: number): Promise<MockInterviewRecord[]> {
    const rows = jobDescriptionId === undefined ? this.statements.list.all(userId) : this.statements.listOf.all(userId, jobDescriptionId);
    return rows.map(toRecord);
  }

  async update(userId: number, id: number, version: number, doc: MockInterviewDoc): Promise<boolean> {
    return this.statements.update.run({ doc: JSON.stringify(doc), user_id: userId, id, version }).changes === 1;
  }

  async forget(userId: number, owner: MockInterviewOwner): Promise<number> {
    const result = owner.kind === 'user' ? this.statements.forgetUser.run(userId) : this.statements.forgetDescription.run(userId, owner.jobDescriptionId);
    return result.changes;
  }
}
