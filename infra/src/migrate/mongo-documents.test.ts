import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { MongoOutbox, SqliteTableMigratable, documentOf, openSqlite, rowOf, sqliteFile, type MigrationRow, type TableSpec } from '@story/service-kit';
import { tempDataDir } from '@story/testing/service-under-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoUserRepository } from '../../../services/auth/src/accounts/mongo-user.repository.ts';
import { MongoPlanRequestRepository } from '../../../services/auth/src/plan-requests/mongo-plan-request.repository.ts';
import { MongoSessionRepository } from '../../../services/auth/src/sessions/mongo-session.repository.ts';
import { MongoUserTypeSettingRepository } from '../../../services/auth/src/user-type-settings/mongo-user-type-setting.repository.ts';
import { MongoMessageAudioRepository } from '../../../services/conversations/src/message-audio/mongo-message-audio.repository.ts';
import { MongoSnippetConversationRepository } from '../../../services/conversations/src/snippet-conversations/mongo-snippet-conversation.repository.ts';
import { MongoThreadRepository } from '../../../services/conversations/src/threads/mongo-thread.repository.ts';
import { MongoAnswerFeedbackRepository } from '../../../services/feedback/src/answers/mongo-answer-feedback.repository.ts';
import { MongoMockInterviewRepository } from '../../../services/feedback/src/mock-interviews/mongo-mock-interview.repository.ts';
import { MongoJobDescriptionRepository } from '../../../services/jobs/src/job-descriptions/mongo-job-description.repository.ts';
import { MongoPublicProfileRepository } from '../../../services/profile/src/public-profile/mongo-public-profile.repository.ts';
import { MongoResumeRepository } from '../../../services/profile/src/resumes/mongo-resume.repository.ts';
import { MongoStoryRepository } from '../../../services/search/src/stories/mongo-story.repository.ts';
import { MongoUsageLedgerRepository } from '../../../services/speech/src/usage/mongo-usage-ledger.repository.ts';
import { SERVICE_MIGRATIONS } from './migration-units.ts';
import { seedInstallation } from '@story/testing/seeded-installation';

// Without a MongoDB server: every record of a seeded installation, as the migration writes it to
// MongoDB, must be a document the service's own mongoose schema accepts (types, required fields, no
// field the schema does not know), and must read back as the same row.

/** Each service's MongoDB repositories, made on a connection that never connects: their models are all this needs. */
const REPOSITORIES: Record<string, (connection: Connection) => void> = {
  auth: (c) =>
    void [
      new MongoUserRepository(c),
      new MongoSessionRepository(c),
      new MongoUserTypeSettingRepository(c),
      new MongoPlanRequestRepository(c),
      new MongoOutbox(c),
    ],
  conversations: (c) => {
    const outbox = new MongoOutbox(c);
    const audio = new MongoMessageAudioRepository(c);
    void [new MongoThreadRepository(c, outbox, audio), new MongoSnippetConversationRepository(c, outbox)];
  },
  feedback: (c) => void [new MongoAnswerFeedbackRepository(c), new MongoMockInterviewRepository(c)],
  jobs: (c) => void new MongoJobDescriptionRepository(c, new MongoOutbox(c)),
  profile: (c) => void [new MongoResumeRepository(c), new MongoPublicProfileRepository(c), new MongoOutbox(c)],
  search: (c) => void new MongoStoryRepository(c),
  speech: (c) => void new MongoUsageLedgerRepository(c, new MongoOutbox(c)),
};

/** A row with its JSON columns parsed (their text may differ in spacing or key order). */
const comparable = (spec: TableSpec, row: MigrationRow): MigrationRow =>
  Object.fromEntries(
    Object.entries(row).map(([column, value]) => {
      const kind = spec.fields.find((field) => field.column === column)?.kind;
      return [column, kind === 'json' && typeof value === 'string' ? (JSON.parse(value) as unknown) : value];
    }),
  );

let dataDir: string;

beforeAll(async () => {
  dataDir = join(tempDataDir('migrate-documents-'), 'source');
  mkdirSync(dataDir);
  await seedInstallation(dataDir, { people: 3, messagesPerPerson: 4 });
});
afterAll(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }));

describe('migrate-to-mongo writes the documents the services’ MongoDB schemas expect', () => {
  for (const migration of SERVICE_MIGRATIONS) {
    it(`${migration.service}: every record is a valid document of its collection and reads back as the same row`, async () => {
      const connection = mongoose.createConnection();
      REPOSITORIES[migration.service]?.(connection);
      const db = openSqlite(sqliteFile(dataDir, migration.service), migration.sqliteMigrations);
      try {
        for (const spec of migration.tables) {
          const name = spec.mongoCollection ?? spec.collection;
          const model = Object.values(connection.models).find((candidate) => candidate.collection.collectionName === name);
          expect(model, `${migration.service}: no mongoose model for ${name}`).toBeDefined();
          if (!model) continue;
          const { rows } = await new SqliteTableMigratable(db, spec).exportPage(undefined, 10_000);
          for (const row of rows) {
            const doc = documentOf(spec, row);
            const instance = new model(doc);
            expect(instance.validateSync(), `${name} ${JSON.stringify(doc._id)}`).toBeUndefined();
            // Nothing cast on the way in: the document holds the schema's types already.
            expect(instance.toObject({ depopulate: true, minimize: false })).toEqual(expect.objectContaining(doc));
            // Every column comes back (those MongoDB does without are derived from the document).
            expect(comparable(spec, rowOf(spec, doc)), name).toEqual(comparable(spec, row));
          }
        }
      } finally {
        db.close();
        await connection.close();
      }
    });
  }
});
