import mongoose, { type Connection } from 'mongoose';
import { nextSequence } from '@story/service-kit';
import {
  mockInterviewDocSchema,
  type MockInterviewDoc,
  type MockInterviewOwner,
  type MockInterviewRecord,
  type MockInterviewRepository,
} from './mock-interview.repository.ts';

/** An interview as MongoDB keeps it: the id as `_id`, its owner and description for the queries, the document as one JSON string. */
interface MockInterviewMongoDoc {
  _id: number;
  userId: number;
  jobDescriptionId: number;
  version: number;
  doc: string;
}

const mockInterviewSchema = new mongoose.Schema<MockInterviewMongoDoc>(
  {
    _id: Number,
    userId: { type: Number, required: true },
    jobDescriptionId: { type: Number, required: true },
    version: { type: Number, required: true },
    doc: { type: String, required: true },
  },
  { versionKey: false },
);
mockInterviewSchema.index({ userId: 1, jobDescriptionId: 1, _id: -1 });

const toRecord = (row: MockInterviewMongoDoc): MockInterviewRecord => ({
  id: row._id,
  userId: row.userId,
  version: row.version,
  doc: mockInterviewDocSchema.parse(JSON.parse(row.doc)),
});

/** Mock interviews in the feedback service's MongoDB database. */
export class MongoMockInterviewRepository implements MockInterviewRepository {
  private readonly interviews;

  constructor(private readonly connection: Connection) {
    this.interviews = connection.model<MockInterviewMongoDoc>('MockInterview', mockInterviewSchema, 'mock_interviews');
  }

  async init(): Promise<void> {
    await this.interviews.init();
  }

  async create(userId: number, doc: MockInterviewDoc): Promise<MockInterviewRecord> {
    const id = await nextSequence(this.connection, 'mock_interviews');
    await this.interviews.create({ _id: id, userId, jobDescriptionId: doc.jobDescriptionId, version: 1, doc: JSON.stringify(doc) });
    return { id, userId, version: 1, doc };
  }

  async find(userId: number, id: number): Promise<MockInterviewRecord | undefined> {
    const row = await this.interviews.findOne({ _id: id, userId }).lean<MockInterviewMongoDoc>();
    return row ? toRecord(row) : undefined;
  }

  async list(userId: number, jobDescriptionId?: number): Promise<MockInterviewRecord[]> {
    const filter = jobDescriptionId === undefined ? { userId } : { userId, jobDescriptionId };
    const rows = await this.interviews.find(filter).sort({ _id: -1 }).lean<MockInterviewMongoDoc[]>();
    return rows.map(toRecord);
  }

  async update(userId: number, id: number, version: number, doc: MockInterviewDoc): Promise<boolean> {
    const result = await this.interviews.updateOne({ _id: id, userId, version }, { $set: { doc: JSON.stringify(doc) }, $inc: { version: 1 } });
    return result.modifiedCount === 1;
  }

  async forget(userId: number, owner: MockInterviewOwner): Promise<number> {
    const filter = owner.kind === 'user' ? { userId } : { userId, jobDescriptionId: owner.jobDescriptionId };
    const result = await this.interviews.deleteMany(filter);
    return result.deletedCount;
  }
}
