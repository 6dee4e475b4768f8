import mongoose, { type ClientSession, type Connection } from 'mongoose';
import { nextSequence, type MongoOutbox } from '@story/service-kit';
import type {
  DeletionEvents,
  JobDescriptionRecord,
  JobDescriptionRepository,
  JobDescriptionUpdate,
  NewJobDescription,
  NewSnippet,
  SnippetRecord,
} from './job-description.repository.ts';

/** A description as stored: the record's fields under MongoDB's `_id`, its snippets counted when read. */
type JobDescriptionDoc = Omit<JobDescriptionRecord, 'id' | 'snippetCount'> & { _id: number };
/** A snippet as stored: the record's fields under MongoDB's `_id`. */
type SnippetDoc = Omit<SnippetRecord, 'id'> & { _id: number };

const jobDescriptionSchema = new mongoose.Schema<JobDescriptionDoc>(
  {
    _id: Number,
    userId: { type: Number, required: true },
    companyName: { type: String, required: true },
    jobTitle: { type: String, required: true },
    formattedContent: { type: String, required: true },
    originalContent: { type: String, default: '' },
    isArchived: { type: Boolean, default: false },
    createdAt: { type: String, required: true },
  },
  { versionKey: false },
);
jobDescriptionSchema.index({ userId: 1, isArchived: 1, createdAt: -1, _id: -1 });

const snippetSchema = new mongoose.Schema<SnippetDoc>(
  {
    _id: Number,
    jobDescriptionId: { type: Number, required: true },
    userId: { type: Number, required: true },
    snippetText: { type: String, required: true },
    createdAt: { type: String, required: true },
  },
  { versionKey: false },
);
snippetSchema.index({ userId: 1, jobDescriptionId: 1, createdAt: -1, _id: -1 });

/** One per user: its `writes` is the user's write version, moved on by every insert a quota counts (JobWriteService). */
interface QuotaGuardDoc {
  _id: number;
  writes: number;
}
const quotaGuardSchema = new mongoose.Schema<QuotaGuardDoc>({ _id: Number, writes: { type: Number, default: 0 } }, { versionKey: false });

const toJobDescription = (doc: JobDescriptionDoc, snippetCount: number): JobDescriptionRecord => ({
  id: doc._id,
  userId: doc.userId,
  companyName: doc.companyName,
  jobTitle: doc.jobTitle,
  formattedContent: doc.formattedContent,
  originalContent: doc.originalContent,
  isArchived: doc.isArchived,
  createdAt: doc.createdAt,
  snippetCount,
});

const toSnippet = (doc: SnippetDoc): SnippetRecord => ({
  id: doc._id,
  jobDescriptionId: doc.jobDescriptionId,
  userId: doc.userId,
  snippetText: doc.snippetText,
  createdAt: doc.createdAt,
});

/** Job descriptions and snippets in MongoDB; a deletion and its events commit in one transaction. */
export class MongoJobDescriptionRepository implements JobDescriptionRepository {
  private readonly descriptions;
  private readonly snippets;
  private readonly quotaGuards;

  constructor(
    private readonly connection: Connection,
    private readonly outbox: MongoOutbox,
  ) {
    this.descriptions = connection.model<JobDescriptionDoc>('JobDescription', jobDescriptionSchema, 'job_descriptions');
    this.snippets = connection.model<SnippetDoc>('JobDescriptionSnippet', snippetSchema, 'job_description_snippets');
    this.quotaGuards = connection.model<QuotaGuardDoc>('JobsQuotaGuard', quotaGuardSchema, 'quota_guards');
  }

  async init(): Promise<void> {
    for (const model of [this.descriptions, this.snippets, this.quotaGuards]) {
      await model.createCollection().catch(() => undefined);
      await model.syncIndexes();
    }
  }

  /** Snippet counts of the user's descriptions, in one aggregation for the whole list. */
  private async snippetCounts(userId: number, ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const counts = await this.snippets.aggregate<{ _id: number; n: number }>([
      { $match: { userId, jobDescriptionId: { $in: [...ids] } } },
      { $group: { _id: '$jobDescriptionId', n: { $sum: 1 } } },
    ]);
    return new Map(counts.map((count) => [count._id, count.n]));
  }

  async listJobDescriptions(userId: number, archived: boolean): Promise<JobDescriptionRecord[]> {
    const docs = await this.descriptions.find({ userId, isArchived: archived }).sort({ createdAt: -1, _id: -1 }).lean<JobDescriptionDoc[]>();
    const counts = await this.snippetCounts(
      userId,
      docs.map((doc) => doc._id),
    );
    return docs.map((doc) => toJobDescription(doc, counts.get(doc._id) ?? 0));
  }

  async findJobDescription(userId: number, id: number): Promise<JobDescriptionRecord | undefined> {
    const doc = await this.descriptions.findOne({ userId, _id: id }).lean<JobDescriptionDoc>();
    if (!doc) return undefined;
    return toJobDescription(doc, await this.snippets.countDocuments({ userId, jobDescriptionId: id }));
  }

  /** Also makes the user's guard document, so no transaction has to (an upsert racing inside two transactions would fail one of them for good). */
  async writeVersion(userId: number): Promise<number> {
    const guard = await this.quotaGuards.findOneAndUpdate({ _id: userId }, { $setOnInsert: { writes: 0 } }, { upsert: true, new: true }).lean<QuotaGuardDoc>();
    return guard?.writes ?? 0;
  }

  async countJobDescriptions(userId: number): Promise<number> {
    return await this.descriptions.countDocuments({ userId });
  }

  async insertJobDescription(input: NewJobDescription, version: number): Promise<JobDescriptionRecord | undefined> {
    const id = await nextSequence(this.connection, 'job_descriptions');
    return this.ifCurrent(input.userId, version, async (session) => {
      const doc: JobDescriptionDoc = { _id: id, ...input, isArchived: false };
      await this.descriptions.create([doc], { session });
      return toJobDescription(doc, 0);
    });
  }

  async updateJobDescription(userId: number, id: number, update: JobDescriptionUpdate): Promise<JobDescriptionRecord | undefined> {
    const fields: Partial<JobDescriptionDoc> = { companyName: update.companyName, jobTitle: update.jobTitle, formattedContent: update.formattedContent };
    if (update.originalContent !== undefined) fields.originalContent = update.originalContent;
    await this.descriptions.updateOne({ userId, _id: id }, { $set: fields });
    return this.findJobDescription(userId, id);
  }

  async setArchived(userId: number, id: number, archived: boolean): Promise<JobDescriptionRecord | undefined> {
    await this.descriptions.updateOne({ userId, _id: id }, { $set: { isArchived: archived } });
    return this.findJobDescription(userId, id);
  }

  async deleteJobDescription(userId: number, id: number, buildEvents: DeletionEvents): Promise<boolean> {
    return this.connection.transaction(async (session) => {
      const doc = await this.descriptions.findOne({ userId, _id: id }).session(session).lean<JobDescriptionDoc>();
      if (!doc) return false;
      const snippets = (await this.snippets.find({ userId, jobDescriptionId: id }).sort({ createdAt: -1, _id: -1 }).session(session).lean<SnippetDoc[]>()).map(
        toSnippet,
      );
      await this.snippets.deleteMany({ userId, jobDescriptionId: id }, { session });
      await this.descriptions.deleteOne({ userId, _id: id }, { session });
      for (const event of buildEvents(toJobDescription(doc, snippets.length), snippets)) await this.outbox.write(event, session);
      return true;
    });
  }

  async insertSnippet(input: NewSnippet, version: number): Promise<SnippetRecord | undefined> {
    const id = await nextSequence(this.connection, 'job_description_snippets');
    return this.ifCurrent(input.userId, version, async (session) => {
      if (!(await this.descriptions.exists({ userId: input.userId, _id: input.jobDescriptionId }).session(session))) return undefined;
      const doc: SnippetDoc = { _id: id, ...input };
      await this.snippets.create([doc], { session });
      return toSnippet(doc);
    });
  }

  async listSnippets(userId: number, jobDescriptionId: number): Promise<SnippetRecord[] | undefined> {
    if (!(await this.descriptions.exists({ userId, _id: jobDescriptionId }))) return undefined;
    const docs = await this.snippets.find({ userId, jobDescriptionId }).sort({ createdAt: -1, _id: -1 }).lean<SnippetDoc[]>();
    return docs.map(toSnippet);
  }

  async findSnippet(userId: number, snippetId: number): Promise<SnippetRecord | undefined> {
    const doc = await this.snippets.findOne({ userId, _id: snippetId }).lean<SnippetDoc>();
    return doc ? toSnippet(doc) : undefined;
  }

  /**
   * Runs `write` in a transaction that first moves the user's version on from `version`, or writes
   * nothing when the version has moved. Counts read in a snapshot would not stop two transactions
   * from both taking a user's last slot; both writing the user's guard document does: the second
   * conflicts, is retried by the driver, and then finds the version moved.
   */
  private async ifCurrent<T>(userId: number, version: number, write: (session: ClientSession) => Promise<T | undefined>): Promise<T | undefined> {
    return this.connection.transaction(async (session): Promise<T | undefined> => {
      const claimed = await this.quotaGuards.updateOne({ _id: userId, writes: version }, { $inc: { writes: 1 } }, { session });
      if (claimed.modifiedCount === 0) return undefined;
      return write(session);
    });
  }

  async forgetUser(userId: number): Promise<number> {
    return this.connection.transaction(async (session) => {
      const snippets = (await this.snippets.deleteMany({ userId }, { session })).deletedCount;
      const descriptions = (await this.descriptions.deleteMany({ userId }, { session })).deletedCount;
      await this.quotaGuards.deleteOne({ _id: userId }, { session });
      return snippets + descriptions;
    });
  }
}
