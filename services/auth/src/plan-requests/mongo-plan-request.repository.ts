import mongoose, { type Connection, type Model } from 'mongoose';
import { PLAN_REQUEST_STATUSES, USER_TYPES, planRequestStatusSchema, userTypeSchema } from '@story/proto';
import { isDuplicateKeyError, nextSequence } from '@story/service-kit';
import {
  OpenPlanRequestError,
  type NewPlanRequest,
  type PlanRequestDecision,
  type PlanRequestRecord,
  type PlanRequestRepository,
} from './plan-request.repository.ts';

interface PlanRequestDoc {
  _id: number;
  userId: number;
  userType: string;
  fromUserType: string;
  status: string;
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: number | null;
  toldAt: Date | null;
}

const planRequestSchema = new mongoose.Schema<PlanRequestDoc>(
  {
    _id: { type: Number, required: true },
    userId: { type: Number, required: true, index: true },
    userType: { type: String, required: true, enum: USER_TYPES },
    fromUserType: { type: String, required: true, enum: USER_TYPES },
    status: { type: String, required: true, enum: PLAN_REQUEST_STATUSES },
    createdAt: { type: Date, required: true },
    decidedAt: { type: Date, default: null },
    decidedBy: { type: Number, default: null },
    toldAt: { type: Date, default: null },
  },
  { versionKey: false, strict: 'throw' },
);
// One open request per person, whatever the race between two instances.
planRequestSchema.index({ userId: 1 }, { name: 'one_open_per_user', unique: true, partialFilterExpression: { status: 'open' } });
planRequestSchema.index({ status: 1, createdAt: 1 });

const toRequest = (doc: PlanRequestDoc): PlanRequestRecord => ({
  id: doc._id,
  userId: doc.userId,
  userType: userTypeSchema.parse(doc.userType),
  fromUserType: userTypeSchema.parse(doc.fromUserType),
  status: planRequestStatusSchema.parse(doc.status),
  createdAt: doc.createdAt,
  decidedAt: doc.decidedAt ?? null,
  decidedBy: doc.decidedBy ?? null,
  toldAt: doc.toldAt ?? null,
});

/**
 * Plan requests in the auth database of MongoDB, numeric ids from a counter. The account's
 * `requestedPlan` follows the open request right after each change (a display, which the request decides).
 */
export class MongoPlanRequestRepository implements PlanRequestRepository {
  private readonly requests: Model<PlanRequestDoc>;
  /** The accounts, whose `requestedPlan` mirrors the open request (the admins' users table shows it). */
  private readonly users;

  constructor(private readonly connection: Connection) {
    this.requests = connection.model<PlanRequestDoc>('PlanRequest', planRequestSchema, 'plan_requests');
    this.users = connection.collection<{ _id: number; requestedPlan: string | null }>('users');
  }

  /** Builds the indexes (the partial unique one keeps one open request per person). */
  async init(): Promise<void> {
    await this.requests.init();
  }

  async open(request: NewPlanRequest, at: Date): Promise<PlanRequestRecord> {
    // Checked first so that a refused request does not burn a sequence number; the index decides races.
    if (await this.requests.exists({ userId: request.userId, status: 'open' })) throw new OpenPlanRequestError();
    const doc: PlanRequestDoc = {
      _id: await nextSequence(this.connection, 'plan_requests'),
      userId: request.userId,
      userType: request.userType,
      fromUserType: request.fromUserType,
      status: 'open',
      createdAt: at,
      decidedAt: null,
      decidedBy: null,
      toldAt: null,
    };
    try {
      await this.requests.create(doc);
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new OpenPlanRequestError();
      throw error;
    }
    await this.users.updateOne({ _id: request.userId }, { $set: { requestedPlan: request.userType } });
    return toRequest(doc);
  }

  async findById(id: number): Promise<PlanRequestRecord | undefined> {
    const doc = await this.requests.findById(id).lean<PlanRequestDoc>();
    return doc ? toRequest(doc) : undefined;
  }

  async findOpen(userId: number): Promise<PlanRequestRecord | undefined> {
    const doc = await this.requests.findOne({ userId, status: 'open' }).lean<PlanRequestDoc>();
    return doc ? toRequest(doc) : undefined;
  }

  async decide(id: number, decision: PlanRequestDecision): Promise<PlanRequestRecord | undefined> {
    const doc = await this.requests
      .findOneAndUpdate(
        { _id: id, status: 'open' },
        { $set: { status: decision.status, decidedAt: decision.at, decidedBy: decision.decidedBy, toldAt: decision.told ? decision.at : null } },
        { returnDocument: 'after' },
      )
      .lean<PlanRequestDoc>();
    if (!doc) return undefined;
    await this.users.updateOne({ _id: doc.userId }, { $set: { requestedPlan: null } });
    return toRequest(doc);
  }

  async findUntold(userId: number): Promise<PlanRequestRecord | undefined> {
    const doc = await this.requests
      .findOne({ userId, status: { $in: ['granted', 'refused'] }, toldAt: null })
      .sort({ decidedAt: -1, _id: -1 })
      .lean<PlanRequestDoc>();
    return doc ? toRequest(doc) : undefined;
  }

  async markTold(id: number, userId: number, at: Date): Promise<PlanRequestRecord | undefined> {
    const closed = { userId, status: { $ne: 'open' } };
    await this.requests.updateOne({ _id: id, ...closed, toldAt: null }, { $set: { toldAt: at } });
    const doc = await this.requests.findOne({ _id: id, ...closed }).lean<PlanRequestDoc>();
    if (!doc) return undefined;
    await this.requests.updateMany({ ...closed, _id: { $lt: id }, toldAt: null }, { $set: { toldAt: at } });
    return toRequest(doc);
  }

  async listOpen(): Promise<PlanRequestRecord[]> {
    return (await this.requests.find({ status: 'open' }).sort({ createdAt: 1, _id: 1 }).lean<PlanRequestDoc[]>()).map(toRequest);
  }

  async listForUser(userId: number): Promise<PlanRequestRecord[]> {
    return (await this.requests.find({ userId }).sort({ createdAt: -1, _id: -1 }).lean<PlanRequestDoc[]>()).map(toRequest);
  }
}
