import mongoose, { type Connection } from 'mongoose';
import { RESUME_FORMATS, resumeContentSchema, type ResumeContent, type ResumeFormat } from '@story/proto';
import { nextSequence } from '@story/service-kit';
import {
  ResumeQuotaReachedError,
  storedContentBytes,
  type AddVersionOutcome,
  type NewResume,
  type NewResumeVersion,
  type ResumeRecord,
  type ResumeRepository,
  type ResumeVersionKey,
  type ResumeVersionSummary,
  type StoredSuggestions,
} from './resume.repository.ts';

/** A résumé as stored: who owns it, its file, its latest version and what hangs on its bullets. */
interface ResumeDoc {
  _id: number;
  userId: number;
  fileName: string;
  format: ResumeFormat;
  createdAt: string;
  latestVersion: number;
  bulletThreads: Record<string, number[]>;
  dismissed: string[];
  suggestions: StoredSuggestions | null;
  /** What its versions' content weighs (issue 36; absent on résumés kept before: counted as 0). */
  storedBytes?: number;
}

/** A version as stored, under `<résumé id>:<version>` so that two writers of one version collide. */
interface VersionDoc {
  _id: string;
  resumeId: number;
  version: number;
  content: ResumeContent;
  reviewed: boolean;
  note: string;
  createdAt: string;
}

const resumeSchema = new mongoose.Schema<ResumeDoc>(
  {
    _id: Number,
    userId: { type: Number, required: true },
    fileName: { type: String, required: true },
    format: { type: String, enum: RESUME_FORMATS, required: true },
    createdAt: { type: String, required: true },
    latestVersion: { type: Number, required: true },
    bulletThreads: { type: mongoose.Schema.Types.Mixed, default: {} },
    dismissed: { type: [String], default: [] },
    suggestions: { type: mongoose.Schema.Types.Mixed, default: null },
    storedBytes: { type: Number, default: 0 },
  },
  { versionKey: false, minimize: false },
);
resumeSchema.index({ userId: 1, _id: -1 });

const versionSchema = new mongoose.Schema<VersionDoc>(
  {
    _id: String,
    resumeId: { type: Number, required: true },
    version: { type: Number, required: true },
    content: { type: mongoose.Schema.Types.Mixed, required: true },
    reviewed: { type: Boolean, required: true },
    note: { type: String, required: true },
    createdAt: { type: String, required: true },
  },
  { versionKey: false, minimize: false },
);
versionSchema.index({ resumeId: 1, version: -1 });

const versionKey = (resumeId: number, version: number) => `${resumeId}:${version}`;
const isDuplicateKey = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;

/** Résumés in the service's MongoDB database: a document per résumé, one per version. */
export class MongoResumeRepository implements ResumeRepository {
  private readonly resumes;
  private readonly versionDocs;

  constructor(private readonly connection: Connection) {
    this.resumes = connection.model<ResumeDoc>('Resume', resumeSchema, 'resumes');
    this.versionDocs = connection.model<VersionDoc>('ResumeVersion', versionSchema, 'resume_versions');
  }

  /** Makes the collections and their indexes. */
  async init(): Promise<void> {
    await this.resumes.createCollection();
    await this.versionDocs.createCollection();
    await Promise.all([this.resumes.syncIndexes(), this.versionDocs.syncIndexes()]);
  }

  // The quotas are checked just before the write: two writes of one person at the same moment may
  // both pass by one (SQLite checks inside the write's transaction).
  async create(resume: NewResume): Promise<ResumeRecord> {
    const bytes = storedContentBytes(resume.content);
    const { quotas } = resume;
    if (quotas && (await this.countOf(resume.userId)) >= quotas.resumesPerUser) throw new ResumeQuotaReachedError('resumesPerUser');
    if (quotas && (await this.storedBytes(resume.userId)) + bytes > quotas.bytesPerUser) throw new ResumeQuotaReachedError('bytesPerUser');
    const id = await nextSequence(this.connection, 'resumes');
    await this.versionDocs.create({
      _id: versionKey(id, 1),
      resumeId: id,
      version: 1,
      content: resume.content,
      reviewed: false,
      note: 'Uploaded',
      createdAt: resume.now,
    });
    await this.resumes.create({
      _id: id,
      userId: resume.userId,
      fileName: resume.fileName,
      format: resume.format,
      createdAt: resume.now,
      latestVersion: 1,
      bulletThreads: {},
      dismissed: [],
      suggestions: null,
      storedBytes: bytes,
    });
    const record = await this.find(resume.userId, id);
    if (!record) throw new Error('the résumé just inserted is missing');
    return record;
  }

  async current(userId: number): Promise<ResumeRecord | undefined> {
    const doc = await this.resumes.findOne({ userId }).sort({ _id: -1 }).lean<ResumeDoc>();
    return doc ? this.withVersion(doc, doc.latestVersion) : undefined;
  }

  async find(userId: number, id: number, version?: number): Promise<ResumeRecord | undefined> {
    const doc = await this.resumes.findOne({ _id: id, userId }).lean<ResumeDoc>();
    if (!doc || (version !== undefined && version > doc.latestVersion)) return undefined;
    return this.withVersion(doc, version ?? doc.latestVersion);
  }

  async addVersion(userId: number, id: number, next: NewResumeVersion): Promise<AddVersionOutcome> {
    const doc = await this.resumes.findOne({ _id: id, userId }).lean<ResumeDoc>();
    if (!doc) return { kind: 'not-found' };
    const current = doc.latestVersion;
    if (next.basedOn !== undefined && next.basedOn !== current) return { kind: 'conflict', current };
    const bytes = storedContentBytes(next.content);
    const { quotas } = next;
    if (quotas && current >= quotas.versionsPerResume) throw new ResumeQuotaReachedError('versionsPerResume');
    if (quotas && (await this.storedBytes(userId)) + bytes > quotas.bytesPerUser) throw new ResumeQuotaReachedError('bytesPerUser');
    const version = current + 1;
    try {
      await this.versionDocs.create({
        _id: versionKey(id, version),
        resumeId: id,
        version,
        content: next.content,
        reviewed: next.reviewed,
        note: next.note,
        createdAt: next.now,
      });
    } catch (error) {
      // Another writer made this version first.
      if (isDuplicateKey(error)) return { kind: 'conflict', current: version };
      throw error;
    }
    await this.resumes.updateOne({ _id: id, latestVersion: current }, { $set: { latestVersion: version }, $inc: { storedBytes: bytes } });
    const record = await this.find(userId, id);
    return record ? { kind: 'added', record } : { kind: 'not-found' };
  }

  async versions(userId: number, id: number): Promise<ResumeVersionSummary[] | undefined> {
    const doc = await this.resumes.findOne({ _id: id, userId }).lean<ResumeDoc>();
    if (!doc) return undefined;
    const rows = await this.versionDocs
      .find({ resumeId: id, version: { $lte: doc.latestVersion } })
      .sort({ version: -1 })
      .lean<VersionDoc[]>();
    return rows.map((row) => ({ version: row.version, updatedAt: row.createdAt, reviewed: row.reviewed, note: row.note }));
  }

  async dismiss(userId: number, id: number, suggestionId: string): Promise<boolean> {
    const result = await this.resumes.updateOne({ _id: id, userId }, { $addToSet: { dismissed: suggestionId } });
    return result.matchedCount === 1;
  }

  async linkThread(userId: number, id: number, bulletId: string, threadId: number): Promise<boolean> {
    const result = await this.resumes.updateOne({ _id: id, userId }, { $addToSet: { [`bulletThreads.${bulletId}`]: threadId } });
    return result.matchedCount === 1;
  }

  async storeSuggestions(userId: number, id: number, suggestions: StoredSuggestions): Promise<boolean> {
    const result = await this.resumes.updateOne({ _id: id, userId }, { $set: { suggestions } });
    return result.matchedCount === 1;
  }

  async countOf(userId: number): Promise<number> {
    return this.resumes.countDocuments({ userId });
  }

  async versionKeysFrom(userId: number, from: ResumeVersionKey | undefined, limit: number): Promise<ResumeVersionKey[]> {
    const start = from ?? { id: 0, version: 0 };
    // Each résumé has at least one version: `limit` résumés are enough for `limit` keys.
    const docs = await this.resumes
      .find({ userId, _id: { $gte: start.id } }, { _id: 1, latestVersion: 1 })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<Pick<ResumeDoc, '_id' | 'latestVersion'>[]>();
    const keys: ResumeVersionKey[] = [];
    for (const doc of docs) {
      if (keys.length >= limit) break;
      const rows = await this.versionDocs
        .find({ resumeId: doc._id, version: { $gte: doc._id === start.id ? start.version : 0, $lte: doc.latestVersion } }, { version: 1 })
        .sort({ version: 1 })
        .limit(limit - keys.length)
        .lean<Pick<VersionDoc, 'version'>[]>();
      for (const row of rows) keys.push({ id: doc._id, version: row.version });
    }
    return keys;
  }

  async removeAllOf(userId: number): Promise<number> {
    const ids = (await this.resumes.find({ userId }, { _id: 1 }).lean<{ _id: number }[]>()).map((doc) => doc._id);
    await this.versionDocs.deleteMany({ resumeId: { $in: ids } });
    const result = await this.resumes.deleteMany({ userId });
    return result.deletedCount;
  }

  private async storedBytes(userId: number): Promise<number> {
    const [total] = await this.resumes.aggregate<{ bytes: number }>([{ $match: { userId } }, { $group: { _id: null, bytes: { $sum: '$storedBytes' } } }]);
    return total?.bytes ?? 0;
  }

  private async withVersion(doc: ResumeDoc, version: number): Promise<ResumeRecord | undefined> {
    const row = await this.versionDocs.findById(versionKey(doc._id, version)).lean<VersionDoc>();
    if (!row) return undefined;
    return {
      id: doc._id,
      userId: doc.userId,
      version,
      reviewed: row.reviewed,
      fileName: doc.fileName,
      format: doc.format,
      content: resumeContentSchema.parse(row.content),
      createdAt: doc.createdAt,
      updatedAt: row.createdAt,
      bulletThreads: doc.bulletThreads,
      dismissed: doc.dismissed,
      suggestions: doc.suggestions ?? null,
    };
  }
}
