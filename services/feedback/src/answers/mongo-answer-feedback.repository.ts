import mongoose, { type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@story/service-kit';
import {
  storedFindingsSchema,
  type AnswerFeedbackRepository,
  type AttemptRecord,
  type FeedbackOwner,
  type FeedbackRecord,
  type QuestionGroupRecord,
  type RescoredFeedback,
} from './answer-feedback.repository.ts';

/** Feedback as MongoDB keeps it: the record with the answer id as `_id` and the findings as one JSON string. */
type FeedbackDoc = Omit<FeedbackRecord, 'answerId' | 'findings'> & { _id: string; findings: string };

const feedbackSchema = new mongoose.Schema<FeedbackDoc>(
  {
    _id: String,
    userId: { type: Number, required: true },
    threadId: { type: Number, default: null },
    snippetId: { type: Number, default: null },
    questionKey: { type: String, required: true },
    question: { type: String, default: '' },
    answer: { type: String, required: true },
    source: { type: String, required: true },
    engine: { type: String, required: true },
    overall: { type: Number, required: true },
    findings: { type: String, required: true },
    answeredAt: { type: String, required: true },
    scoredAt: { type: String, required: true },
  },
  { versionKey: false },
);
feedbackSchema.index({ userId: 1, questionKey: 1, answeredAt: 1 });
feedbackSchema.index({ userId: 1, snippetId: 1, answeredAt: 1 });
feedbackSchema.index({ userId: 1, threadId: 1 });

const ATTEMPT_FIELDS = { _id: 1, questionKey: 1, question: 1, overall: 1, answeredAt: 1 } as const;
type AttemptDoc = Pick<FeedbackDoc, '_id' | 'questionKey' | 'question' | 'overall' | 'answeredAt'>;
const toAttempt = ({ _id, ...fields }: AttemptDoc): AttemptRecord => ({ answerId: _id, ...fields });

/** Feedback in the service's MongoDB database. */
export class MongoAnswerFeedbackRepository implements AnswerFeedbackRepository {
  private readonly feedback;

  constructor(connection: Connection) {
    this.feedback = connection.model<FeedbackDoc>('AnswerFeedback', feedbackSchema, 'answer_feedback');
  }

  async init(): Promise<void> {
    await this.feedback.createCollection().catch(() => undefined);
    await this.feedback.syncIndexes();
  }

  async save(record: FeedbackRecord): Promise<boolean> {
    const { answerId, findings, ...fields } = record;
    try {
      await this.feedback.create({ _id: answerId, ...fields, findings: JSON.stringify(findings) });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async rescore(userId: number, answerId: string, feedback: RescoredFeedback): Promise<boolean> {
    const { findings, ...fields } = feedback;
    const result = await this.feedback.updateOne({ _id: answerId, userId }, { $set: { ...fields, findings: JSON.stringify(findings) } });
    return result.matchedCount === 1;
  }

  async has(answerId: string): Promise<boolean> {
    return (await this.feedback.exists({ _id: answerId })) !== null;
  }

  async find(userId: number, answerId: string): Promise<FeedbackRecord | undefined> {
    const doc = await this.feedback.findOne({ _id: answerId, userId }).lean<FeedbackDoc>();
    if (!doc) return undefined;
    const { _id, findings, ...fields } = doc;
    return { answerId: _id, ...fields, findings: storedFindingsSchema.parse(JSON.parse(findings)) };
  }

  async answerIds(userId: number): Promise<string[]> {
    const docs = await this.feedback.find({ userId }, { _id: 1 }).sort({ answeredAt: 1, _id: 1 }).lean<{ _id: string }[]>();
    return docs.map((doc) => doc._id);
  }

  async attempts(userId: number, questionKey: string): Promise<AttemptRecord[]> {
    const docs = await this.feedback.find({ userId, questionKey }, ATTEMPT_FIELDS).sort({ answeredAt: 1, _id: 1 }).lean<AttemptDoc[]>();
    return docs.map(toAttempt);
  }

  async questionGroups(userId: number, scope: string): Promise<QuestionGroupRecord[]> {
    // An anchored prefix with every special character escaped: the index on (userId, questionKey) serves it.
    const escaped = `${scope}|`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const prefix = new RegExp(`^${escaped}`);
    const groups = await this.feedback
      .aggregate<{ _id: string; question: string; answeredAt: string }>([
        { $match: { userId, questionKey: prefix } },
        { $sort: { answeredAt: 1, _id: 1 } },
        { $group: { _id: '$questionKey', question: { $first: '$question' }, answeredAt: { $first: '$answeredAt' } } },
        { $sort: { answeredAt: 1, _id: 1 } },
      ])
      .exec();
    return groups.map((group) => ({ questionKey: group._id, question: group.question }));
  }

  async snippetAttempts(userId: number, snippetId: number): Promise<AttemptRecord[]> {
    const docs = await this.feedback.find({ userId, snippetId }, ATTEMPT_FIELDS).sort({ answeredAt: 1, _id: 1 }).lean<AttemptDoc[]>();
    return docs.map(toAttempt);
  }

  async forget(userId: number, owner: FeedbackOwner): Promise<number> {
    const filter =
      owner.kind === 'user' ? { userId } : owner.kind === 'snippet' ? { userId, snippetId: owner.snippetId } : { userId, threadId: owner.threadId };
    return (await this.feedback.deleteMany(filter)).deletedCount;
  }
}
