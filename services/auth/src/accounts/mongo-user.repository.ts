import mongoose, { type Connection, type Model } from 'mongoose';
import { USER_TYPES, userTypeSchema, type UserType } from '@story/proto';
import { isDuplicateKeyError, nextSequence } from '@story/service-kit';
import { DuplicateUserError, type NewUser, type UserRecord, type UserRepository, type UserSearch } from './user.repository.ts';

interface UserDoc {
  _id: number;
  email: string;
  emailLower: string;
  firstName: string;
  lastName: string;
  passwordHash?: string | null;
  googleId?: string | null;
  isAdmin: boolean;
  userType: string;
  requestedPlan?: string | null;
  authProvider: string;
  createdAt: Date;
}

const userSchema = new mongoose.Schema<UserDoc>(
  {
    _id: { type: Number, required: true },
    email: { type: String, required: true },
    emailLower: { type: String, required: true, unique: true },
    firstName: { type: String, required: true },
    lastName: { type: String, default: '' },
    passwordHash: { type: String },
    // Sparse: accounts without Google are left out of the index instead of colliding on null.
    googleId: { type: String, unique: true, sparse: true },
    isAdmin: { type: Boolean, required: true, default: false },
    userType: { type: String, required: true, enum: USER_TYPES, default: 'standard' },
    requestedPlan: { type: String, enum: [...USER_TYPES, null], default: null },
    authProvider: { type: String, required: true, enum: ['email', 'google'], default: 'email' },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, strict: 'throw' },
);
userSchema.index({ createdAt: -1, _id: -1 });

const toUser = (doc: UserDoc): UserRecord => ({
  id: doc._id,
  email: doc.email,
  firstName: doc.firstName,
  lastName: doc.lastName,
  passwordHash: doc.passwordHash ?? null,
  googleId: doc.googleId ?? null,
  isAdmin: doc.isAdmin,
  userType: userTypeSchema.parse(doc.userType),
  requestedPlan: doc.requestedPlan ? userTypeSchema.parse(doc.requestedPlan) : null,
  authProvider: doc.authProvider === 'google' ? 'google' : 'email',
  createdAt: doc.createdAt,
});

/** A case-insensitive pattern that finds `word` anywhere, every character taken literally. */
const containing = (word: string) => new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');

/** Maps MongoDB's duplicate-key error to the field it is about. */
function duplicateField(error: unknown): DuplicateUserError | undefined {
  if (!isDuplicateKeyError(error)) return undefined;
  return 'googleId' in (error.keyPattern ?? {}) ? new DuplicateUserError('googleId') : new DuplicateUserError('email');
}

/** Accounts in the auth database of MongoDB, numeric ids from a counter. */
export class MongoUserRepository implements UserRepository {
  private readonly users: Model<UserDoc>;

  constructor(private readonly connection: Connection) {
    this.users = connection.model<UserDoc>('User', userSchema, 'users');
  }

  /** Builds the unique indexes. */
  async init(): Promise<void> {
    await this.users.init();
  }

  async createUser(user: NewUser, now: Date): Promise<UserRecord> {
    // Check first so that a taken e-mail does not burn a sequence number; the unique index decides races.
    if (await this.users.exists({ emailLower: user.email.toLowerCase() })) throw new DuplicateUserError('email');
    const id = await nextSequence(this.connection, 'users');
    const doc: UserDoc = {
      _id: id,
      email: user.email,
      emailLower: user.email.toLowerCase(),
      firstName: user.firstName,
      lastName: user.lastName,
      isAdmin: user.isAdmin,
      userType: user.userType ?? 'standard',
      requestedPlan: user.requestedPlan ?? null,
      authProvider: user.authProvider,
      createdAt: now,
      ...(user.passwordHash === null ? {} : { passwordHash: user.passwordHash }),
      ...(user.googleId === null ? {} : { googleId: user.googleId }),
    };
    try {
      await this.users.create(doc);
    } catch (error) {
      throw duplicateField(error) ?? error;
    }
    return toUser(doc);
  }

  async findUserById(id: number): Promise<UserRecord | undefined> {
    const doc = await this.users.findById(id).lean<UserDoc>();
    return doc ? toUser(doc) : undefined;
  }

  async findUserByEmail(email: string): Promise<UserRecord | undefined> {
    const doc = await this.users.findOne({ emailLower: String(email).toLowerCase() }).lean<UserDoc>();
    return doc ? toUser(doc) : undefined;
  }

  async findUserByGoogleId(googleId: string): Promise<UserRecord | undefined> {
    const doc = await this.users.findOne({ googleId: String(googleId) }).lean<UserDoc>();
    return doc ? toUser(doc) : undefined;
  }

  async linkGoogleAccount(userId: number, googleId: string): Promise<UserRecord | undefined> {
    try {
      const doc = await this.users.findByIdAndUpdate(userId, { $set: { googleId: String(googleId) } }, { returnDocument: 'after' }).lean<UserDoc>();
      return doc ? toUser(doc) : undefined;
    } catch (error) {
      throw duplicateField(error) ?? error;
    }
  }

  async setAdmin(userId: number, isAdmin: boolean): Promise<UserRecord | undefined> {
    const doc = await this.users.findByIdAndUpdate(userId, { $set: { isAdmin } }, { returnDocument: 'after' }).lean<UserDoc>();
    return doc ? toUser(doc) : undefined;
  }

  async setUserType(userId: number, userType: UserType): Promise<UserRecord | undefined> {
    const doc = await this.users.findByIdAndUpdate(userId, { $set: { userType } }, { returnDocument: 'after' }).lean<UserDoc>();
    return doc ? toUser(doc) : undefined;
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<UserRecord | undefined> {
    const doc = await this.users.findByIdAndUpdate(userId, { $set: { passwordHash } }, { returnDocument: 'after' }).lean<UserDoc>();
    return doc ? toUser(doc) : undefined;
  }

  async listUsers(): Promise<UserRecord[]> {
    const docs = await this.users.find().sort({ createdAt: -1, _id: -1 }).lean<UserDoc[]>();
    return docs.map(toUser);
  }

  async searchUsers({ words, offset, limit }: UserSearch): Promise<{ users: UserRecord[]; total: number }> {
    // Built from the parsed words only, each escaped: no operator can come from the input.
    const filter =
      words.length > 0 ? { $and: words.map((word) => ({ $or: ['emailLower', 'firstName', 'lastName'].map((field) => ({ [field]: containing(word) })) })) } : {};
    const [docs, total] = await Promise.all([
      this.users.find(filter).sort({ createdAt: -1, _id: -1 }).skip(offset).limit(limit).lean<UserDoc[]>(),
      this.users.countDocuments(filter),
    ]);
    return { users: docs.map(toUser), total };
  }
}
