import mongoose, { type ClientSession, type Connection, type Model } from 'mongoose';
import { EVENT_SUBJECTS } from '@story/proto';
import { isDuplicateKeyError, type MongoOutbox } from '@story/service-kit';
import { ledgerKeyOf } from './recording-id.ts';
import type { RecordingCount, UsageEntry, UsageLedgerRepository, UsageReservation } from './usage-ledger.repository.ts';

interface LedgerDoc {
  /** `${userId}:${key}`, the key being the recording id or `<id>#<n>` for later audio under it (`ledgerKeyOf`): a recording is counted once. */
  _id: string;
  userId: number;
  /** The id as its recorder sent it. */
  recordingId: string;
  /** The sha-256 of its audio (issue 36); absent on rows counted before, whose audio matches none. */
  audioSha256?: string;
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
    audioSha256: { type: String },
    period: { type: String, required: true },
    seconds: { type: Number, required: true },
    recordedAt: { type: Date, required: true },
  },
  { versionKey: false, strict: 'throw' },
);
ledgerSchema.index({ period: 1, userId: 1 });
ledgerSchema.index({ userId: 1, recordingId: 1, recordedAt: 1 });

const holdsSchema = new mongoose.Schema<HoldsDoc>(
  {
    _id: { type: Number, required: true },
    holds: [{ _id: false, recordingId: String, seconds: Number, until: Date }],
    version: { type: Number, required: true },
  },
  { versionKey: false, strict: 'throw' },
);

/** Attempts at a reservation, or a count, before giving up on a person whose holds or ledger keep changing under it. */
const ATTEMPTS = 10;

/** The key of a ledger document, from the person and the recording's key. */
const docId = (userId: number, key: string) => `${userId}:${key}`;

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
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const doc = await this.holds.findById(r.userId).lean<HoldsDoc>();
      const live = (doc?.holds ?? []).filter((hold) => hold.until > r.now);
      const holding = live.some((hold) => hold.recordingId === r.recordingId);
      const others = live.filter((hold) => hold.recordingId !== r.recordingId);
      if (!holding) {
        if (await this.countedSince(r.userId, r.recordingId, r.retriesSince, r.audioSha256)) return true;
        const taken = (await this.usedSeconds(r.userId, r.period)) + others.reduce((sum, hold) => sum + hold.seconds, 0);
        if (taken >= r.limitSeconds) return false;
      }
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

  async record(count: RecordingCount): Promise<boolean> {
    const { userId, recordingId, audioSha256, period, seconds, at } = count;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        return await this.connection.transaction(async (session) => {
          await this.holds.updateOne({ _id: userId }, { $pull: { holds: { recordingId } }, $inc: { version: 1 } }, { upsert: true, session });
          if (await this.countedSince(userId, recordingId, count.sameSince, audioSha256, session)) return false;
          const key = ledgerKeyOf(recordingId, await this.ledger.countDocuments({ userId, recordingId }).session(session));
          const doc: LedgerDoc = { _id: docId(userId, key), userId, recordingId, audioSha256, period, seconds, recordedAt: at };
          await this.ledger.create([doc], { session });
          await this.outbox.write(
            { subject: EVENT_SUBJECTS.usageRecorded, payload: { userId, recordingId: key, period, seconds, at: at.toISOString() } },
            session,
          );
          return true;
        });
      } catch (error) {
        // Another front counted under the same id a moment before: read the ledger again.
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    throw new Error(`could not count a recording of user ${userId}: its id kept being counted under it`);
  }

  /** Whether the recording was counted under its id since `since`, with this audio (any audio when none is given). */
  private async countedSince(userId: number, recordingId: string, since: Date, audioSha256: string | undefined, session?: ClientSession): Promise<boolean> {
    const filter = {
      userId,
      recordingId: String(recordingId),
      recordedAt: { $gt: since },
      ...(audioSha256 === undefined ? {} : { audioSha256: String(audioSha256) }),
    };
    return (await this.ledger.exists(filter).session(session ?? null)) !== null;
  }

  async release(userId: number, recordingId: string): Promise<void> {
    await this.holds.updateOne({ _id: userId }, { $pull: { holds: { recordingId: String(recordingId) } }, $inc: { version: 1 } });
  }

  async entriesOf(userId: number): Promise<UsageEntry[]> {
    const docs = await this.ledger.find({ userId }).sort({ recordedAt: 1, _id: 1 }).lean<LedgerDoc[]>();
    const keyOf = (doc: LedgerDoc) => doc._id.slice(doc._id.indexOf(':') + 1);
    return docs.map((doc) => ({ userId: doc.userId, recordingId: keyOf(doc), period: doc.period, seconds: doc.seconds, at: doc.recordedAt }));
  }

  async forgetUser(userId: number): Promise<number> {
    const ledger = await this.ledger.deleteMany({ userId });
    // One holds document per person, named by their id.
    const holds = await this.holds.findOneAndDelete({ _id: userId }).lean<HoldsDoc>();
    return ledger.deletedCount + (holds?.holds.length ?? 0);
  }
}
