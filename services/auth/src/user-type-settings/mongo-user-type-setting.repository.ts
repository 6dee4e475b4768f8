import mongoose, { type Connection, type Model } from 'mongoose';
import {
  DEFAULT_MONTHLY_MINUTES,
  DEFAULT_RESPONSE_TYPES,
  DEFAULT_TIME_LIMIT_SECONDS,
  USER_TYPES,
  responseTypeSchema,
  userTypeSchema,
  type PlanFeatures,
  type UserType,
} from '@story/proto';
import { isDuplicateKeyError, nextSequence } from '@story/service-kit';
import { storedFeatures, storedFeaturesOf } from './stored-features.ts';
import type { UserTypeSettingChange, UserTypeSettingRecord, UserTypeSettingRepository } from './user-type-setting.repository.ts';

interface SettingDoc {
  _id: number;
  userType: string;
  timeLimit: number;
  responseType: string;
  /** Absent: the plan's default (documents from before issue 21). */
  monthlyMinutes?: number;
  /** Without AI voice replies, which the reply type says (issue 39, 4); absent: the plan's defaults. */
  features?: Partial<PlanFeatures>;
  createdAt: Date;
  updatedAt: Date;
}

const settingSchema = new mongoose.Schema<SettingDoc>(
  {
    _id: { type: Number, required: true },
    userType: { type: String, required: true, unique: true, enum: USER_TYPES },
    timeLimit: { type: Number, required: true },
    responseType: { type: String, required: true, enum: ['text', 'text_and_voice'] },
    monthlyMinutes: { type: Number },
    features: { type: mongoose.Schema.Types.Mixed },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, strict: 'throw' },
);

const toSetting = (doc: SettingDoc): UserTypeSettingRecord => {
  const userType = userTypeSchema.parse(doc.userType);
  const responseType = responseTypeSchema.parse(doc.responseType);
  return {
    id: doc._id,
    userType,
    timeLimit: doc.timeLimit,
    responseType,
    monthlyMinutes: doc.monthlyMinutes ?? DEFAULT_MONTHLY_MINUTES[userType],
    features: storedFeaturesOf(userType, doc.features, responseType),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
};

/** User-type settings in the auth database of MongoDB. */
export class MongoUserTypeSettingRepository implements UserTypeSettingRepository {
  private readonly settings: Model<SettingDoc>;

  constructor(private readonly connection: Connection) {
    this.settings = connection.model<SettingDoc>('UserTypeSetting', settingSchema, 'user_type_settings');
  }

  /** Builds the unique index, seeds the types that are missing, and brings older documents to one voice setting. */
  async init(): Promise<void> {
    await this.settings.init();
    await this.mergeVoiceSettings();
    for (const userType of USER_TYPES) {
      if (await this.settings.exists({ userType })) continue;
      const now = new Date();
      const id = await nextSequence(this.connection, 'user_type_settings');
      // $setOnInsert: a second process seeding at the same moment leaves the first row alone.
      await this.settings
        .updateOne(
          { userType },
          {
            $setOnInsert: {
              _id: id,
              userType,
              timeLimit: DEFAULT_TIME_LIMIT_SECONDS,
              responseType: DEFAULT_RESPONSE_TYPES[userType],
              createdAt: now,
              updatedAt: now,
            },
          },
          { upsert: true },
        )
        .catch((error: unknown) => {
          if (!isDuplicateKeyError(error)) throw error;
        });
    }
  }

  /**
   * Issue 39, 4, as auth.sqlite's migration does it (idempotent, run at each start): documents no
   * admin changed take the new defaults; the others keep what they did (spoken only with both the
   * reply type and the feature); the feature is no longer stored apart.
   */
  private async mergeVoiceSettings(): Promise<void> {
    const raw = this.connection.collection<SettingDoc>('user_type_settings');
    await raw.updateMany(
      { userType: { $in: ['plus', 'pro'] }, responseType: 'text', features: { $exists: false }, $expr: { $eq: ['$createdAt', '$updatedAt'] } },
      { $set: { responseType: 'text_and_voice' } },
    );
    await raw.updateMany({ responseType: 'text_and_voice', 'features.voiceReplies': false }, { $set: { responseType: 'text' } });
    await raw.updateMany({ 'features.voiceReplies': { $exists: true } }, { $unset: { 'features.voiceReplies': '' } });
  }

  async listUserTypeSettings(): Promise<UserTypeSettingRecord[]> {
    const docs = await this.settings.find().lean<SettingDoc[]>();
    return docs.map(toSetting).sort((a, b) => USER_TYPES.indexOf(a.userType) - USER_TYPES.indexOf(b.userType));
  }

  async findUserTypeSetting(userType: UserType): Promise<UserTypeSettingRecord | undefined> {
    const doc = await this.settings.findOne({ userType: String(userType) }).lean<SettingDoc>();
    return doc ? toSetting(doc) : undefined;
  }

  async updateUserTypeSetting(userType: UserType, change: UserTypeSettingChange, at: Date): Promise<UserTypeSettingRecord> {
    const fields = {
      timeLimit: change.timeLimit,
      responseType: change.responseType,
      monthlyMinutes: change.monthlyMinutes,
      features: storedFeatures(change.features),
    };
    const existing = await this.settings
      .findOneAndUpdate({ userType: String(userType) }, { $set: { ...fields, updatedAt: at } }, { returnDocument: 'after' })
      .lean<SettingDoc>();
    if (existing) return toSetting(existing);
    // A type whose seed row was removed by hand comes back instead of failing.
    const id = await nextSequence(this.connection, 'user_type_settings');
    const doc: SettingDoc = { _id: id, userType, ...fields, createdAt: at, updatedAt: at };
    await this.settings.create(doc);
    return toSetting(doc);
  }
}
