import mongoose, { type ClientSession, type Connection } from 'mongoose';
import { nextSequence } from '@story/service-kit';
import type { ConversationRef, LexicalHit, RemovedOwner, SavedStory, SaveOutcome, StoryChanges, StoryRecord, StoryRepository, ThreadState } from './story.repository.ts';
import { ownerFilterOf, practiceKeyPrefix, storyMetadata, tombstoneOf } from './story-rules.ts';

/** A story as MongoDB keeps it: the record, its id as `_id`. */
type StoryDoc = Omit<StoryRecord, 'id'> & { _id: number };

interface OwnerStateDoc {
  _id: string;
  state: string;
  version: string;
}

const storySchema = new mongoose.Schema<StoryDoc>(
  {
    _id: Number,
    userId: { type: Number, required: true },
    storyKey: { type: String, required: true, unique: true },
    sourceType: { type: String, required: true },
    content: { type: String, required: true },
    threadId: { type: Number, default: null },
    snippetId: { type: Number, default: null },
    jobDescriptionId: { type: Number, default: null },
    metadata: { type: mongoose.Schema.Types.Mixed, default: {} },
    createdAt: { type: String, required: true },
    version: { type: String, required: true },
    hidden: { type: Boolean, default: false },
    embeddingGenerated: { type: Boolean, default: false },
    embedder: { type: String, default: null },
  },
  { versionKey: false, minimize: false },
);
// The lexical index: a text index with the user as its equality prefix, so a query reads one user's entries.
storySchema.index({ userId: 1, content: 'text' }, { default_language: 'english', name: 'stories_text' });
storySchema.index({ userId: 1, threadId: 1 });
storySchema.index({ userId: 1, snippetId: 1 });
storySchema.index({ userId: 1, jobDescriptionId: 1 });
storySchema.index({ embedder: 1, _id: 1 });

const ownerStateSchema = new mongoose.Schema<OwnerStateDoc>(
  { _id: String, state: { type: String, required: true }, version: { type: String, required: true } },
  { versionKey: false },
);

const toRecord = ({ _id, ...fields }: StoryDoc): StoryRecord => ({ id: _id, ...fields });

const NO_CHANGES: StoryChanges = { hidden: [], shown: [], removed: [] };
const ownerKey = (userId: number, kind: string, id: number) => `${userId}:${kind}:${id}`;

/** Stories in MongoDB, with a text index for the lexical side of search; changes run in transactions. */
export class MongoStoryRepository implements StoryRepository {
  private readonly stories;
  private readonly owners;

  constructor(private readonly connection: Connection) {
    this.stories = connection.model<StoryDoc>('UnifiedStory', storySchema, 'unified_stories');
    this.owners = connection.model<OwnerStateDoc>('StoryOwnerState', ownerStateSchema, 'story_owner_states');
  }

  async init(): Promise<void> {
    await this.stories.createCollection().catch(() => undefined);
    await this.owners.createCollection().catch(() => undefined);
    await this.stories.syncIndexes();
  }

  async applySaved(story: SavedStory): Promise<SaveOutcome> {
    const newId = await nextSequence(this.connection, 'unified_stories');
    return this.connection.transaction(async (session): Promise<SaveOutcome> => {
      const existing = await this.stories.findOne({ storyKey: story.storyKey }).session(session).lean<StoryDoc>();
      if (existing && (existing.userId !== story.userId || existing.version > story.version)) return { kind: 'stale' };
      const states = await this.owners
        .find({
          _id: {
            $in: [
              ...tombstoneOf(story).map((owner) => ownerKey(story.userId, owner.kind, owner.id)),
              ...(story.threadId === null ? [] : [ownerKey(story.userId, 'thread', story.threadId)]),
            ],
          },
        })
        .session(session)
        .lean<OwnerStateDoc[]>();
      const stateOf = (key: string) => states.find((doc) => doc._id === key)?.state;
      const gone = tombstoneOf(story).some((owner) => stateOf(ownerKey(story.userId, owner.kind, owner.id)) === 'gone');
      const threadState = story.threadId === null ? undefined : stateOf(ownerKey(story.userId, 'thread', story.threadId));
      if (gone || threadState === 'purged') {
        if (existing) await this.stories.deleteOne({ _id: existing._id }, { session });
        return { kind: 'dropped', removedIds: existing ? [existing._id] : [] };
      }
      const contentChanged = !existing || existing.content !== story.content;
      const fields = {
        sourceType: story.sourceType,
        content: story.content,
        threadId: story.threadId,
        snippetId: story.snippetId,
        jobDescriptionId: story.jobDescriptionId,
        metadata: storyMetadata(story),
        createdAt: story.createdAt,
        version: story.version,
        hidden: threadState === 'deleted',
        ...(contentChanged ? { embeddingGenerated: false, embedder: null } : {}),
      };
      if (existing) await this.stories.updateOne({ _id: existing._id }, { $set: fields }, { session });
      else await this.stories.create([{ _id: newId, userId: story.userId, storyKey: story.storyKey, ...fields }], { session });
      const doc = await this.stories
        .findById(existing?._id ?? newId)
        .session(session)
        .lean<StoryDoc>();
      if (!doc) throw new Error(`story ${story.storyKey} vanished inside its own transaction`);
      return { kind: 'stored', story: toRecord(doc), needsVector: contentChanged || !doc.embeddingGenerated };
    });
  }

  async applyThreadState(userId: number, threadId: number, state: ThreadState, version: string): Promise<StoryChanges> {
    return this.connection.transaction(async (session): Promise<StoryChanges> => {
      const key = ownerKey(userId, 'thread', threadId);
      const current = await this.owners.findById(key).session(session).lean<OwnerStateDoc>();
      if (current && (current.state === 'purged' || current.version > version)) return NO_CHANGES;
      await this.owners.updateOne({ _id: key }, { $set: { state, version } }, { upsert: true, session });
      if (state === 'purged') return { ...NO_CHANGES, removed: await this.removeWhere({ userId, threadId }, session) };
      const hide = state === 'deleted';
      const ids = await this.idsWhere({ userId, threadId, hidden: !hide }, session);
      await this.stories.updateMany({ _id: { $in: ids } }, { $set: { hidden: hide } }, { session });
      return hide ? { ...NO_CHANGES, hidden: ids } : { ...NO_CHANGES, shown: ids };
    });
  }

  async removeOwner(userId: number, owner: RemovedOwner, version: string): Promise<StoryChanges> {
    return this.connection.transaction(async (session): Promise<StoryChanges> => {
      const { kind, id, column } = ownerFilterOf(owner);
      await this.owners.updateOne({ _id: ownerKey(userId, kind, id) }, { $set: { state: 'gone', version } }, { upsert: true, session });
      const field = column === 'snippet_id' ? 'snippetId' : column === 'job_description_id' ? 'jobDescriptionId' : undefined;
      return { ...NO_CHANGES, removed: await this.removeWhere(field ? { userId, [field]: id } : { userId }, session) };
    });
  }

  async markEmbedded(storyId: number, embedder: string, version: string): Promise<void> {
    await this.stories.updateOne({ _id: storyId, version }, { $set: { embeddingGenerated: true, embedder } });
  }

  async findVisible(userId: number, ids: readonly number[]): Promise<StoryRecord[]> {
    if (ids.length === 0) return [];
    return (await this.stories.find({ userId, hidden: false, _id: { $in: [...ids] } }).lean<StoryDoc[]>()).map(toRecord);
  }

  async findConversations(userId: number, conversations: readonly ConversationRef[]): Promise<StoryRecord[]> {
    if (conversations.length === 0) return [];
    const threadIds = conversations.flatMap((conversation) => (conversation.kind === 'thread' ? [conversation.threadId] : []));
    const storyKeys = conversations.flatMap((conversation) => (conversation.kind === 'story' ? [conversation.storyKey] : []));
    // The practice keys' prefix, anchored, reads the unique index on storyKey as a range.
    const practice = conversations.flatMap((conversation) =>
      conversation.kind === 'practice' ? [{ storyKey: { $regex: `^${practiceKeyPrefix(conversation.conversationId)}` } }] : [],
    );
    const anyOf = [
      ...(threadIds.length > 0 ? [{ threadId: { $in: threadIds } }] : []),
      ...(storyKeys.length > 0 ? [{ storyKey: { $in: storyKeys } }] : []),
      ...practice,
    ];
    return (await this.stories.find({ userId, hidden: false, $or: anyOf }).sort({ _id: 1 }).lean<StoryDoc[]>()).map(toRecord);
  }

  async storiesOf(userId: number): Promise<StoryRecord[]> {
    return (await this.stories.find({ userId }).sort({ _id: 1 }).lean<StoryDoc[]>()).map(toRecord);
  }

  async searchLexical(userId: number, words: readonly string[], limit: number): Promise<LexicalHit[]> {
    if (words.length === 0) return [];
    // Each word quoted would AND them; bare words are ORed, as in the SQLite index.
    const docs = await this.stories
      .find({ userId, hidden: false, $text: { $search: words.join(' ') } }, { score: { $meta: 'textScore' } })
      .sort({ score: { $meta: 'textScore' } })
      .limit(limit)
      .lean<(StoryDoc & { score: number })[]>();
    return docs.map((doc) => ({ id: doc._id, score: doc.score }));
  }

  async needingVectors(embedder: string, afterId: number, limit: number): Promise<StoryRecord[]> {
    return (
      await this.stories
        .find({ embedder: { $ne: embedder }, _id: { $gt: afterId } })
        .sort({ _id: 1 })
        .limit(limit)
        .lean<StoryDoc[]>()
    ).map(toRecord);
  }

  async countStories(userId?: number): Promise<number> {
    return this.stories.countDocuments(userId === undefined ? {} : { userId });
  }

  private async idsWhere(filter: Record<string, unknown>, session: ClientSession): Promise<number[]> {
    return (await this.stories.find(filter, { _id: 1 }).session(session).lean<{ _id: number }[]>()).map((doc) => doc._id);
  }

  private async removeWhere(filter: Record<string, unknown>, session: ClientSession): Promise<number[]> {
    const ids = await this.idsWhere(filter, session);
    await this.stories.deleteMany({ _id: { $in: ids } }, { session });
    return ids;
  }
}
