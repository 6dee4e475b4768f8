import mongoose, { type Connection, type Model } from 'mongoose';
import { EVENT_SUBJECTS } from '@story/proto';
import { isDuplicateKeyError, type MongoOutbox } from '@story/service-kit';
import type { UsageEntry, UsageLedgerRepository, UsageReservation } from './usage-ledger.repository.ts';

interface LedgerDoc {
  /** `${userId}:${recordingId}`: a recording is counted once. */
  _id: string;
  userId: number;
  recordingId: string;
  period: string;
  seconds: number;
  recordedAt: Date;
}

interface Hold {
  recordingId: string;
  seconds: number;
  until: Date;
}

/** A person's recordings in progress; `version` grows with every change to them or to the person's ledger. */
interface HoldsDoc {
  _id: number;
  holds: Hold[];
  version: number;
}

const ledgerSchema = new mongoose.Schema<LedgerDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: Number, required: true },
    recordingId: { type: String, required: true },
    period: { type: String, required: true },
    seconds: { type: Number, required: true },
    recordedAt: { type: Date, required: true },
  },
  { versionKey: false, strict: 'throw' },
);
ledgerSchema.index({ period: 1, userId: 1 });

const holdsSchema = new mongoose.Schema<HoldsDoc>(
  {
    _id: { type: Number, required: true },
    holds: [{ _id: false, recordingId: String, seconds: Number, until: Date }],
    version: { type: Number, required: true },
  },
  { versionKey: false, strict: 'throw' },
);

/** Attempts at a reservation before giving up on a person whose holds keep changing under it. */
const RESERVE_ATTEMPTS = 10;

/**
 * The ledger in the speech database of MongoDB. A reservation is an optimistic write on the
 * person's holds document (its `version`, which every count also moves), so two fronts cannot both
 * take the last minutes; a count and its event commit in one transaction.
 */
export class MongoUsageLedgerRepository implements UsageLedgerRepository {
  private readonly ledger: Model<LedgerDoc>;
  private readonly holds: Model<HoldsDoc>;

  constructor(
    private readonly connection: Connection,
    private readonly outbox: MongoOutbox,
  ) {
    this.ledger = connection.model<LedgerDoc>('UsageEntry', ledgerSchema, 'usage_ledger');
    this.holds = connection.model<HoldsDoc>('UsageHolds', holdsSchema, 'usage_holds');
  }

  /** Creates the collections and indexes (not possible inside a transaction on older servers). */
  async init(): Promise<void> {
    for (const model of [this.ledger, this.holds]) {
      await model.createCollection().catch(() => undefined);
      await model.syncIndexes();
    }
  }

  async usedSeconds(userId: number, period: string): Promise<number> {
    const [row] = await this.ledger.aggregate<{ total: number }>([
      { $match: { userId, period: String(period) } },
      { $group: { _id: null, total: { $sum: '$seconds' } } },
    ]);
    return row?.total ?? 0;
  }

  async usedSecondsByUser(period: string): Promise<{ userId: number; usedSeconds: number }[]> {
    const rows = await this.ledger.aggregate<{ _id: number; total: number }>([
      { $match: { period: String(period) } },
      { $group: { _id: '$userId', total: { $sum: '$seconds' } } },
      { $sort: { _id: 1 } },
    ]);
    return rows.map((row) => ({ userId: row._id, usedSeconds: row.total }));
  }

  async reserve(r: UsageReservation): Promise<boolean> {
    for (let attempt = 0; attempt < RESERVE_ATTEMPTS; attempt++) {
      if (await this.ledger.exists({ _id: `${r.userId}:${r.recordingId}` })) return true;
      const doc = await this.holds.findById(r.userId).lean<HoldsDoc>();
      const live = (doc?.holds ?? []).filter((hold) => hold.until > r.now);
      const holding = live.some((hold) => hold.recordingId === r.recordingId);
      const others = live.filter((hold) => hold.recordingId !== r.recordingId);
      const taken = (await this.usedSeconds(r.userId, r.period)) + others.reduce((sum, hold) => sum + hold.seconds, 0);
      if (!holding && taken >= r.limitSeconds) return false;
      const holds = [...others, { recordingId: r.recordingId, seconds: r.seconds, until: r.until }];
      try {
        const written = await this.holds.updateOne({ _id: r.userId, version: doc?.version ?? 0 }, { $set: { holds }, $inc: { version: 1 } }, { upsert: !doc });
        if (written.modifiedCount + written.upsertedCount > 0) return true;
      } catch (error) {
        // Another front made the person's document first: read it again.
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    throw new Error(`could not reserve monthly minutes for user ${r.userId}: their recordings kept changing`);
  }

  async record(entry: UsageEntry): Promise<boolean> {
    const { userId, recordingId, period, seconds, at } = entry;
    const doc: LedgerDoc = { _id: `${userId}:${recordingId}`, userId, recordingId, period, seconds, recordedAt: at };
    try {
      await this.connection.transaction(async (session) => {
        await this.ledger.create([doc], { session });
        await this.holds.updateOne({ _id: userId }, { $pull: { holds: { recordingId } }, $inc: { version: 1 } }, { upsert: true, session });
        await this.outbox.write({ subject: EVENT_SUBJECTS.usageRecorded, payload: { ...entry, at: at.toISOString() } }, session);
      });
      return true;
    } catch (error) {
      // Counted before (a fallback or a retry of a recording already counted): nothing changes.
      if (!isDuplicateKeyError(error)) throw error;
      await this.release(userId, recordingId);
      return false;
    }
  }

  async release(userId: number, recordingId: string): Promise<void> {
    await this.holds.updateOne({ _id: userId }, { $pull: { holds: { recordingId: String(recordingId) } }, $inc: { version: 1 } });
  }

  async entriesOf(userId: number): Promise<UsageEntry[]> {
    const docs = await this.ledger.find({ userId }).sort({ recordedAt: 1, recordingId: 1 }).lean<LedgerDoc[]>();
    return docs.map((doc) => ({ userId: doc.userId, recordingId: doc.recordingId, period: doc.period, seconds: doc.seconds, at: doc.recordedAt }));
  }

  async forgetUser(userId: number): Promise<number> {
    const ledger = await this.ledger.deleteMany({ userId });
    // One holds document per person, named by their id.
    const holds = await this.holds.findOneAndDelete({ _id: userId }).lean<HoldsDoc>();
    return ledger.deletedCount + (holds?.holds.length ?? 0);
  }
}
