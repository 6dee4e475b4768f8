import mongoose, { type Connection, type Model } from 'mongoose';
import { DEFAULT_TIME_LIMIT_SECONDS, USER_TYPES, responseTypeSchema, userTypeSchema, type ResponseType, type UserType } from '@story/proto';
import { connectMongo, mongoReadiness, nextSequence } from '@story/service-kit';
import {
  DuplicateUserError,
  type NewUser,
  type SessionRecord,
  type UserRecord,
  type UserRepository,
  type UserTypeSettingRecord,
} from './user.repository.ts';

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
  authProvider: string;
  createdAt: Date;
}

interface SessionDoc {
  _id: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  revokedAt?: Date | null;
}

interface SettingDoc {
  _id: number;
  userType: string;
  timeLimit: number;
  responseType: string;
  createdAt: Date;
  updatedAt: Date;
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
    authProvider: { type: String, required: true, enum: ['email', 'google'], default: 'email' },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, strict: 'throw' },
);
userSchema.index({ createdAt: -1, _id: -1 });

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

const settingSchema = new mongoose.Schema<SettingDoc>(
  {
    _id: { type: Number, required: true },
    userType: { type: String, required: true, unique: true, enum: USER_TYPES },
    timeLimit: { type: Number, required: true },
    responseType: { type: String, required: true, enum: ['text', 'text_and_voice'] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, strict: 'throw' },
);

const toUser = (doc: UserDoc): UserRecord => ({
  id: doc._id,
  email: doc.email,
  firstName: doc.firstName,
  lastName: doc.lastName,
  passwordHash: doc.passwordHash ?? null,
  googleId: doc.googleId ?? null,
  isAdmin: doc.isAdmin,
  userType: userTypeSchema.parse(doc.userType),
  authProvider: doc.authProvider === 'google' ? 'google' : 'email',
  createdAt: doc.createdAt,
});

const toSession = (doc: SessionDoc): SessionRecord => ({
  id: doc._id,
  userId: doc.userId,
  createdAt: doc.createdAt,
  expiresAt: doc.expiresAt,
  revokedAt: doc.revokedAt ?? null,
});

const toSetting = (doc: SettingDoc): UserTypeSettingRecord => ({
  id: doc._id,
  userType: userTypeSchema.parse(doc.userType),
  timeLimit: doc.timeLimit,
  responseType: responseTypeSchema.parse(doc.responseType),
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** Maps MongoDB's duplicate-key error (11000) to the field it is about. */
function duplicateField(error: unknown): DuplicateUserError | undefined {
  if (typeof error !== 'object' || error === null || (error as { code?: unknown }).code !== 11000) return undefined;
  const keyPattern = (error as { keyPattern?: Record<string, unknown> }).keyPattern ?? {};
  if ('googleId' in keyPattern) return new DuplicateUserError('googleId');
  return new DuplicateUserError('email');
}

/** The production driver: the `auth` database of a MongoDB deployment, numeric ids from a counter. */
export class MongoUserRepository implements UserRepository {
  readonly kind = 'mongodb';
  private readonly users: Model<UserDoc>;
  private readonly sessions: Model<SessionDoc>;
  private readonly settings: Model<SettingDoc>;

  private constructor(private readonly connection: Connection) {
    this.users = connection.model<UserDoc>('User', userSchema, 'users');
    this.sessions = connection.model<SessionDoc>('Session', sessionSchema, 'sessions');
    this.settings = connection.model<SettingDoc>('UserTypeSetting', settingSchema, 'user_type_settings');
  }

  /** Connects, builds the unique indexes and seeds the user-type settings that are missing. */
  static async connect(url: string, dbName = 'auth'): Promise<MongoUserRepository> {
    const repository = new MongoUserRepository(await connectMongo(url, dbName));
    await Promise.all([repository.users.init(), repository.sessions.init(), repository.settings.init()]);
    await repository.seedSettings();
    return repository;
  }

  /** The underlying connection (tests drop their throwaway database through it). */
  get db(): Connection {
    return this.connection;
  }

  private async seedSettings(): Promise<void> {
    for (const userType of USER_TYPES) {
      if (await this.settings.exists({ userType })) continue;
      const now = new Date();
      const id = await nextSequence(this.connection, 'user_type_settings');
      // $setOnInsert: a second process seeding at the same moment leaves the first row alone.
      await this.settings
        .updateOne(
          { userType },
          { $setOnInsert: { _id: id, userType, timeLimit: DEFAULT_TIME_LIMIT_SECONDS, responseType: 'text', createdAt: now, updatedAt: now } },
          { upsert: true },
        )
        .catch((error: unknown) => {
          if (!duplicateField(error)) throw error;
        });
    }
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

  async listUsers(): Promise<UserRecord[]> {
    const docs = await this.users.find().sort({ createdAt: -1, _id: -1 }).lean<UserDoc[]>();
    return docs.map(toUser);
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

  async revokeSession(id: string, at: Date): Promise<boolean> {
    const result = await this.sessions.updateOne({ _id: String(id), revokedAt: null }, { $set: { revokedAt: at } });
    return result.modifiedCount > 0;
  }

  async extendSession(id: string, expiresAt: Date): Promise<boolean> {
    const result = await this.sessions.updateOne({ _id: String(id), revokedAt: null }, { $set: { expiresAt } });
    return result.matchedCount > 0;
  }

  async listUserTypeSettings(): Promise<UserTypeSettingRecord[]> {
    const docs = await this.settings.find().lean<SettingDoc[]>();
    return docs.map(toSetting).sort((a, b) => USER_TYPES.indexOf(a.userType) - USER_TYPES.indexOf(b.userType));
  }

  async findUserTypeSetting(userType: UserType): Promise<UserTypeSettingRecord | undefined> {
    const doc = await this.settings.findOne({ userType: String(userType) }).lean<SettingDoc>();
    return doc ? toSetting(doc) : undefined;
  }

  async updateUserTypeSetting(userType: UserType, change: { timeLimit: number; responseType: ResponseType }, at: Date): Promise<UserTypeSettingRecord> {
    const existing = await this.settings
      .findOneAndUpdate({ userType: String(userType) }, { $set: { timeLimit: change.timeLimit, responseType: change.responseType, updatedAt: at } }, { returnDocument: 'after' })
      .lean<SettingDoc>();
    if (existing) return toSetting(existing);
    // A type whose seed row was removed by hand comes back instead of failing.
    const id = await nextSequence(this.connection, 'user_type_settings');
    const doc: SettingDoc = { _id: id, userType, timeLimit: change.timeLimit, responseType: change.responseType, createdAt: at, updatedAt: at };
    await this.settings.create(doc);
    return toSetting(doc);
  }

  async ping(): Promise<void> {
    await mongoReadiness(this.connection)();
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}
