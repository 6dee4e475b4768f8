import mongoose, { type Connection, type Model, type QueryFilter } from 'mongoose';
import type { SessionRecord, SessionRepository } from './session.repository.ts';

interface SessionDoc {
  _id: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  revokedAt?: Date | null;
}

const sessionSchema = new mongoose.Schema<SessionDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: Number, required: true, index: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    revokedAt: { type: Date, default: null },
  },
  { versionKey: false, strict: 'throw' },
);

const toSession = (doc: SessionDoc): SessionRecord => ({
  id: doc._id,
  userId: doc.userId,
  createdAt: doc.createdAt,
  expiresAt: doc.expiresAt,
  revokedAt: doc.revokedAt ?? null,
});

/** Sessions in the auth database of MongoDB. */
export class MongoSessionRepository implements SessionRepository {
  private readonly sessions: Model<SessionDoc>;

  constructor(connection: Connection) {
    this.sessions = connection.model<SessionDoc>('Session', sessionSchema, 'sessions');
  }

  async init(): Promise<void> {
    await this.sessions.init();
  }

  async createSession(session: Omit<SessionRecord, 'revokedAt'>): Promise<SessionRecord> {
    const doc: SessionDoc = { _id: session.id, userId: session.userId, createdAt: session.createdAt, expiresAt: session.expiresAt, revokedAt: null };
    await this.sessions.create(doc);
    return toSession(doc);
  }

  async findSession(id: string): Promise<SessionRecord | undefined> {
    const doc = await this.sessions.findById(String(id)).lean<SessionDoc>();
    return doc ? toSession(doc) : undefined;
  }

  async listUserSessions(userId: number): Promise<SessionRecord[]> {
    return (await this.sessions.find({ userId }).sort({ createdAt: 1, _id: 1 }).lean<SessionDoc[]>()).map(toSession);
  }

  async revokeSession(id: string, at: Date): Promise<boolean> {
    const result = await this.sessions.updateOne({ _id: String(id), revokedAt: null }, { $set: { revokedAt: at } });
    return result.modifiedCount > 0;
  }

  async extendSession(id: string, expiresAt: Date): Promise<boolean> {
    const result = await this.sessions.updateOne({ _id: String(id), revokedAt: null }, { $set: { expiresAt } });
    return result.matchedCount > 0;
  }

  async revokeUserSessions(userId: number, at: Date): Promise<string[]> {
    return this.revokeLive({ userId, revokedAt: null, expiresAt: { $gt: at } }, at);
  }

  async revokeOtherSessions(userId: number, keepSessionId: string, at: Date): Promise<string[]> {
    return this.revokeLive({ userId, _id: { $ne: String(keepSessionId) }, revokedAt: null, expiresAt: { $gt: at } }, at);
  }

  private async revokeLive(live: QueryFilter<SessionDoc>, at: Date): Promise<string[]> {
    const ids = (await this.sessions.find(live, { _id: 1 }).lean<Pick<SessionDoc, '_id'>[]>()).map((doc) => doc._id);
    if (ids.length === 0) return [];
    // One that another request revoked in between keeps its time; it is still reported, and its revocation published again.
    await this.sessions.updateMany({ _id: { $in: ids }, revokedAt: null }, { $set: { revokedAt: at } });
    return ids;
  }
}
