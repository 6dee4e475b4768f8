import mongoose, { type ClientSession, type Connection } from 'mongoose';
import { nextSequence } from './mongo.ts';
import type { OutboxEntry, OutboxEvent, OutboxStore } from './outbox.ts';
import { currentTraceparent } from './telemetry/tracing.ts';

interface OutboxDoc {
  _id: number;
  subject: string;
  payload: string;
  createdAt: string;
  publishedAt: string | null;
  /** The trace context of the request that wrote the event (see OutboxEntry). */
  traceParent?: string | null;
}

const outboxSchema = new mongoose.Schema<OutboxDoc>(
  {
    _id: Number,
    subject: { type: String, required: true },
    payload: { type: String, required: true },
    createdAt: { type: String, required: true },
    publishedAt: { type: String, default: null },
    traceParent: { type: String, default: null },
  },
  { versionKey: false },
);
outboxSchema.index({ publishedAt: 1, _id: 1 });

/** The outbox in a service's MongoDB database. `write` joins the caller's transaction. */
export class MongoOutbox implements OutboxStore {
  private readonly outbox;

  constructor(private readonly connection: Connection) {
    this.outbox = connection.model<OutboxDoc>('OutboxEvent', outboxSchema, 'outbox');
  }

  /** Creates the collection and its index up front (not possible inside a transaction on older servers). */
  async init(): Promise<void> {
    await this.outbox.createCollection().catch(() => undefined);
    await this.outbox.syncIndexes();
  }

  /** Adds an event inside `session`'s transaction. Ids come from the counters collection; a gap after an abort is harmless. */
  async write(event: OutboxEvent, session: ClientSession): Promise<void> {
    const id = await nextSequence(this.connection, 'outbox');
    const doc: OutboxDoc = {
      _id: id,
      subject: event.subject,
      payload: JSON.stringify(event.payload),
      createdAt: new Date().toISOString(),
      publishedAt: null,
      traceParent: currentTraceparent() ?? null,
    };
    await this.outbox.create([doc], { session });
  }

  async pendingEvents(limit: number): Promise<OutboxEntry[]> {
    const docs = await this.outbox.find({ publishedAt: null }).sort({ _id: 1 }).limit(limit).lean<OutboxDoc[]>();
    return docs.map((doc) => ({ id: doc._id, subject: doc.subject, payload: doc.payload, traceParent: doc.traceParent ?? null }));
  }

  async markEventsPublished(ids: number[]): Promise<void> {
    await this.outbox.updateMany({ _id: { $in: ids }, publishedAt: null }, { $set: { publishedAt: new Date().toISOString() } });
  }

  async countPendingEvents(): Promise<number> {
    return this.outbox.countDocuments({ publishedAt: null });
  }

  async oldestPendingAt(): Promise<string | undefined> {
    const oldest = await this.outbox.findOne({ publishedAt: null }).sort({ _id: 1 }).select({ createdAt: 1 }).lean<Pick<OutboxDoc, 'createdAt'>>();
    return oldest?.createdAt;
  }

  async prunePublished(before: string): Promise<void> {
    await this.outbox.deleteMany({ publishedAt: { $type: 'string', $lt: before } });
  }
}
