import type { SqliteDatabase } from '@story/service-kit';
import {
  storedFindingsSchema,
  type AnswerFeedbackRepository,
  type AttemptRecord,
  type FeedbackOwner,
  type FeedbackRecord,
  type QuestionGroupRecord,
  type RescoredFeedback,
} from './answer-feedback.repository.ts';

interface FeedbackRow {
  answer_id: string;
  user_id: number;
  thread_id: number | null;
  snippet_id: number | null;
  question_key: string;
  question: string;
  answer: string;
  source: FeedbackRecord['source'];
  engine: FeedbackRecord['engine'];
  overall: number;
  findings: string;
  answered_at: string;
  scored_at: string;
}

const ATTEMPT_COLUMNS = 'answer_id AS answerId, question_key AS questionKey, question, overall, answered_at AS answeredAt';

const toRecord = (row: FeedbackRow): FeedbackRecord => ({
  answerId: row.answer_id,
  userId: row.user_id,
  threadId: row.thread_id,
  snippetId: row.snippet_id,
  questionKey: row.question_key,
  question: row.question,
  answer: row.answer,
  source: row.source,
  engine: row.engine,
  overall: row.overall,
  findings: storedFindingsSchema.parse(JSON.parse(row.findings)),
  answeredAt: row.answered_at,
  scoredAt: row.scored_at,
});

/** Feedback in the service's SQLite file. */
export class SqliteAnswerFeedbackRepository implements AnswerFeedbackRepository {
  private readonly statements;

  constructor(private readonly db: SqliteDatabase) {
    this.statements = {
      insert: db.prepare<[FeedbackRow]>(
        `INSERT INTO answer_feedback (answer_id, user_id, thread_id, snippet_id, question_key, question, answer, source, engine, overall, findings, answered_at, scored_at)
         VALUES (@answer_id, @user_id, @thread_id, @snippet_id, @question_key, @question, @answer, @source, @engine, @overall, @findings, @answered_at, @scored_at)
         ON CONFLICT (answer_id) DO NOTHING`,
      ),
      rescore: db.prepare<[{ answer: string; engine: string; overall: number; findings: string; scored_at: string; user_id: number; answer_id: string }]>(
        'UPDATE answer_feedback SET answer = @answer, engine = @engine, overall = @overall, findings = @findings, scored_at = @scored_at WHERE user_id = @user_id AND answer_id = @answer_id',
      ),
      has: db.prepare<[string], { found: number }>('SELECT 1 AS found FROM answer_feedback WHERE answer_id = ?'),
      find: db.prepare<[number, string], FeedbackRow>('SELECT * FROM answer_feedback WHERE user_id = ? AND answer_id = ?'),
      attempts: db.prepare<[number, string], AttemptRecord>(
        `SELECT ${ATTEMPT_COLUMNS} FROM answer_feedback WHERE user_id = ? AND question_key = ? ORDER BY answered_at, answer_id`,
      ),
      // The first answer of each key (by answered_at, then answer_id), keys of the scope only: a prefix compared as text, so no LIKE wildcard in it counts.
      questionGroups: db.prepare<[number, string, string], QuestionGroupRecord>(
        `SELECT question_key AS questionKey, question FROM (
           SELECT question_key, question, answered_at, ROW_NUMBER() OVER (PARTITION BY question_key ORDER BY answered_at, answer_id) AS position
           FROM answer_feedback WHERE user_id = ? AND substr(question_key, 1, length(?)) = ?
         ) WHERE position = 1 ORDER BY answered_at, question_key`,
      ),
      snippetAttempts: db.prepare<[number, number], AttemptRecord>(
        `SELECT ${ATTEMPT_COLUMNS} FROM answer_feedback WHERE user_id = ? AND snippet_id = ? ORDER BY answered_at, answer_id`,
      ),
      forgetUser: db.prepare<[number]>('DELETE FROM answer_feedback WHERE user_id = ?'),
      forgetSnippet: db.prepare<[number, number]>('DELETE FROM answer_feedback WHERE user_id = ? AND snippet_id = ?'),
      forgetThread: db.prepare<[number, number]>('DELETE FROM answer_feedback WHERE user_id = ? AND thread_id = ?'),
    };
  }

  async save(record: FeedbackRecord): Promise<boolean> {
    const result = this.statements.insert.run({
      answer_id: record.answerId,
      user_id: record.userId,
      thread_id: record.threadId,
      snippet_id: record.snippetId,
      question_key: record.questionKey,
      question: record.question,
      answer: record.answer,
      source: record.source,
      engine: record.engine,
      overall: record.overall,
      findings: JSON.stringify(record.findings),
      answered_at: record.answeredAt,
      scored_at: record.scoredAt,
    });
    return result.changes === 1;
  }

  async rescore(userId: number, answerId: string, feedback: RescoredFeedback): Promise<boolean> {
    const result = this.statements.rescore.run({
      answer: feedback.answer,
      engine: feedback.engine,
      overall: feedback.overall,
      findings: JSON.stringify(feedback.findings),
      scored_at: feedback.scoredAt,
      user_id: userId,
      answer_id: answerId,
    });
    return result.changes === 1;
  }

  async has(answerId: string): Promise<boolean> {
    return this.statements.has.get(answerId) !== undefined;
  }

  async find(userId: number, answerId: string): Promise<FeedbackRecord | undefined> {
    const row = this.statements.find.get(userId, answerId);
    return row && toRecord(row);
  }

  async answerIds(userId: number): Promise<string[]> {
    return this.db
      .prepare<[number], { answer_id: string }>('SELECT answer_id FROM answer_feedback WHERE user_id = ? ORDER BY answered_at, answer_id')
      .all(userId)
      .map((row) => row.answer_id);
  }

  async attempts(userId: number, questionKey: string): Promise<AttemptRecord[]> {
    return this.statements.attempts.all(userId, questionKey);
  }

  async questionGroups(userId: number, scope: string): Promise<QuestionGroupRecord[]> {
    const prefix = `${scope}|`;
    return this.statements.questionGroups.all(userId, prefix, prefix);
  }

  async snippetAttempts(userId: number, snippetId: number): Promise<AttemptRecord[]> {
    return this.statements.snippetAttempts.all(userId, snippetId);
  }

  async forget(userId: number, owner: FeedbackOwner): Promise<number> {
    if (owner.kind === 'user') return this.statements.forgetUser.run(userId).changes;
    if (owner.kind === 'snippet') return this.statements.forgetSnippet.run(userId, owner.snippetId).changes;
    return this.statements.forgetThread.run(userId, owner.threadId).changes;
  }
}
