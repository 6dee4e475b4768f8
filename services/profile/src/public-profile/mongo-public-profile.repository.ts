import mongoose, { type Connection } from 'mongoose';
import {
  storedProfileContentSchema,
  type NewPublishedProfile,
  type PublicProfileRepository,
  type PublishedProfileRecord,
  type SaveProfileOutcome,
  type StoredProfileContent,
} from './public-profile.repository.ts';

/** A published profile as stored, under the person's id; its slug is unique. */
interface ProfileDoc {
  _id: number;
  slug: string;
  customName: boolean;
  content: StoredProfileContent;
  publishedAt: string;
  updatedAt: string;
}

interface NameChangeDoc {
  userId: number;
  changedAt: string;
}

/** An address its owner released, held for them (issue 36), under the address itself. */
interface NameHoldDoc {
  _id: string;
  userId: number;
  releasedAt: string;
}

const profileSchema = new mongoose.Schema<ProfileDoc>(
  {
    _id: Number,
    slug: { type: String, required: true },
    customName: { type: Boolean, required: true },
    content: { type: mongoose.Schema.Types.Mixed, required: true },
    publishedAt: { type: String, required: true },
    updatedAt: { type: String, required: true },
  },
  { versionKey: false, minimize: false },
);
profileSchema.index({ slug: 1 }, { unique: true });

const nameChangeSchema = new mongoose.Schema<NameChangeDoc>(
  { userId: { type: Number, required: true }, changedAt: { type: String, required: true } },
  { versionKey: false },
);
nameChangeSchema.index({ userId: 1, changedAt: -1 });

const nameHoldSchema = new mongoose.Schema<NameHoldDoc>(
  { _id: String, userId: { type: Number, required: true }, releasedAt: { type: String, required: true } },
  { versionKey: false },
);
nameHoldSchema.index({ userId: 1 });
nameHoldSchema.index({ releasedAt: 1 });

const isDuplicateKey = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;

const toRecord = (doc: ProfileDoc): PublishedProfileRecord => ({
  userId: doc._id,
  slug: doc.slug,
  customName: doc.customName,
  content: storedProfileContentSchema.parse(doc.content),
  publishedAt: doc.publishedAt,
  updatedAt: doc.updatedAt,
});

/** Published profiles in the service's MongoDB database: a document per person, the slug unique. */
export class MongoPublicProfileRepository implements PublicProfileRepository {
  private readonly profiles;
  private readonly nameChanges;
  private readonly nameHolds;

  constructor(connection: Connection) {
    this.profiles = connection.model<ProfileDoc>('PublicProfile', profileSchema, 'public_profiles');
    this.nameChanges = connection.model<NameChangeDoc>('PublicProfileNameChange', nameChangeSchema, 'public_profile_name_changes');
    this.nameHolds = connection.model<NameHoldDoc>('PublicProfileNameHold', nameHoldSchema, 'public_profile_name_holds');
  }

  /** Makes the collections and their indexes (the slug's unique index above all). */
  async init(): Promise<void> {
    await this.profiles.createCollection();
    await this.nameChanges.createCollection();
    await this.nameHolds.createCollection();
    await Promise.all([this.profiles.syncIndexes(), this.nameChanges.syncIndexes(), this.nameHolds.syncIndexes()]);
  }

  async ofUser(userId: number): Promise<PublishedProfileRecord | undefined> {
    const doc = await this.profiles.findById(userId).lean<ProfileDoc>();
    return doc ? toRecord(doc) : undefined;
  }

  async bySlug(slug: string): Promise<PublishedProfileRecord | undefined> {
    const doc = await this.profiles.findOne({ slug: String(slug) }).lean<ProfileDoc>();
    return doc ? toRecord(doc) : undefined;
  }

  // The hold is looked at just before the write (no transaction): a release and another person's
  // claim at the same moment may cross; the slug's unique index still keeps one profile per address.
  async save(profile: NewPublishedProfile): Promise<SaveProfileOutcome> {
    const content = storedProfileContentSchema.parse(profile.content);
    const slug = String(profile.slug);
    const { namesHeldSince } = profile;
    if (namesHeldSince !== undefined) {
      await this.nameHolds.deleteMany({ releasedAt: { $lt: namesHeldSince } });
      const holder = await this.nameHolds.findOne({ _id: slug, releasedAt: { $gte: namesHeldSince } }).lean<NameHoldDoc>();
      if (holder && holder.userId !== profile.userId) return { kind: 'slug-taken' };
    }
    const before = await this.profiles.findById(profile.userId, { slug: 1 }).lean<Pick<ProfileDoc, 'slug'>>();
    try {
      await this.profiles.updateOne(
        { _id: profile.userId },
        { $set: { slug, customName: profile.customName, content, updatedAt: profile.now }, $setOnInsert: { publishedAt: profile.now } },
        { upsert: true },
      );
    } catch (error) {
      if (isDuplicateKey(error)) return { kind: 'slug-taken' };
      throw error;
    }
    if (before && before.slug !== slug) await this.hold(before.slug, profile.userId, profile.now);
    await this.nameHolds.deleteOne({ _id: slug });
    const record = await this.ofUser(profile.userId);
    if (!record) throw new Error('the profile just saved is missing');
    return { kind: 'saved', record };
  }

  async remove(userId: number, at: string): Promise<boolean> {
    const removed = await this.profiles.findOneAndDelete({ _id: userId }).lean<ProfileDoc>();
    if (!removed) return false;
    await this.hold(removed.slug, userId, at);
    return true;
  }

  async recordNameChange(userId: number, at: string): Promise<void> {
    await this.nameChanges.create({ userId, changedAt: at });
  }

  async nameChangesSince(userId: number, since: string): Promise<number> {
    return this.nameChanges.countDocuments({ userId, changedAt: { $gte: since } });
  }

  async removeAllOf(userId: number): Promise<number> {
    const profiles = await this.profiles.deleteMany({ _id: userId });
    const changes = await this.nameChanges.deleteMany({ userId });
    const holds = await this.nameHolds.deleteMany({ userId });
    return profiles.deletedCount + changes.deletedCount + holds.deletedCount;
  }

  private async hold(slug: string, userId: number, at: string): Promise<void> {
    await this.nameHolds.updateOne({ _id: slug }, { $set: { userId, releasedAt: at } }, { upsert: true });
  }
}
