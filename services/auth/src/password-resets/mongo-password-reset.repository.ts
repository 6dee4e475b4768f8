import mongoose, { type Connection, type Model } from 'mongoose';
import { nextSequence } from '@story/service-kit';
import type { NewPasswordReset, PasswordResetRecord, PasswordResetRepository } from './password-reset.repository.ts';

interface ResetDoc {
  _id: number;
  userId: number;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  resetAt: Date | null;
}

const resetSchema = new mongoose.Schema<ResetDoc>(
  {
    _id: { type: Number, required: true },
    userId: { type: Number, required: true, index: true },
    tokenHash: { type: String, required: true, unique: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true, index: true },
    resetAt: { type: Date, default: null },
  },
  { versionKey: false, strict: 'throw' },
);

const toReset = (doc: ResetDoc): PasswordResetRecord => ({
  id: doc._id,
  userId: doc.userId,
  createdAt: doc.createdAt,
  expiresAt: doc.expiresAt,
  resetAt: doc.resetAt ?? null,
});

/** Password-reset links in auth's MongoDB database, numeric ids from a counter. */
export class MongoPasswordResetRepository implements PasswordResetRepository {
  private readonly resets: Model<ResetDoc>;

  constructor(private readonly connection: Connection) {
    this.resets = connection.model<ResetDoc>('PasswordReset', resetSchema, 'password_resets');
  }

  /** Builds the unique index on the token hash. */
  async init(): Promise<void> {
    await this.resets.init();
  }

  async createReset(reset: NewPasswordReset): Promise<PasswordResetRecord> {
    const doc: ResetDoc = { _id: await nextSequence(this.connection, 'password_resets'), ...reset, resetAt: null };
    await this.resets.create(doc);
    return toReset(doc);
  }

  async findUsable(tokenHash: string, now: Date): Promise<PasswordResetRecord | undefined> {
    const doc = await this.resets.findOne({ tokenHash: String(tokenHash), resetAt: null, expiresAt: { $gt: now } }).lean<ResetDoc>();
    return doc ? toReset(doc) : undefined;
  }

  async useReset(tokenHash: string, now: Date): Promise<PasswordResetRecord | undefined> {
    // One conditional update: of two requests with the same link, only one finds it unused.
    const doc = await this.resets
      .findOneAndUpdate({ tokenHash: String(tokenHash), resetAt: null, expiresAt: { $gt: now } }, { $set: { resetAt: now } }, { returnDocument: 'after' })
      .lean<ResetDoc>();
    return doc ? toReset(doc) : undefined;
  }

  async deleteUnused(userId: number): Promise<number> {
    return (await this.resets.deleteMany({ userId, resetAt: null })).deletedCount;
  }

  async deleteExpired(before: Date): Promise<number> {
    return (await this.resets.deleteMany({ resetAt: null, expiresAt: { $lt: before } })).deletedCount;
  }

  async listUserResets(userId: number): Promise<PasswordResetRecord[]> {
    return (await this.resets.find({ userId }).sort({ createdAt: 1, _id: 1 }).lean<ResetDoc[]>()).map(toReset);
  }
}
