import mongoose, { type Connection } from 'mongoose';
import { nextSequence, type MongoOutbox } from '@story/service-kit';
import type {
  SaveSnippetConversationInput,
  SnippetConversationRecord,
  SnippetConversationRepository,
  SnippetStoryEvents,
} from './snippet-conversation.repository.ts';
import { extendsHistory, firstChangedExchange, parseStoredHistory } from './snippet-history.ts';

interface SnippetConversationDoc {
  _id: number;
  snippetId: number;
  userId: number;
  conversationHistory: unknown;
  createdAt: string;
  updatedAt: string;
}

const snippetConversationSchema = new mongoose.Schema<SnippetConversationDoc>(
  {
    _id: Number,
    snippetId: { type: Number, required: true },
    userId: { type: Number, required: true },
    conversationHistory: { type: mongoose.Schema.Types.Mixed, default: [] },
    createdAt: { type: String, required: true },
    updatedAt: { type: String, required: true },
  },
  { versionKey: false },
);
snippetConversationSchema.index({ userId: 1, snippetId: 1, updatedAt: -1, _id: -1 });

const toSnippetConversation = (doc: SnippetConversationDoc): SnippetConversationRecord => ({
  id: doc._id,
  snippetId: doc.snippetId,
  userId: doc.userId,
  conversationHistory: parseStoredHistory(doc.conversationHistory),
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** Snippet conversations in MongoDB; a save and its story events commit in one transaction. */
export class MongoSnippetConversationRepository implements SnippetConversationRepository {
  private readonly conversations;

  constructor(
    private readonly connection: Connection,
    private readonly outbox: MongoOutbox,
  ) {
    this.conversations = connection.model<SnippetConversationDoc>('SnippetConversation', snippetConversationSchema, 'snippet_conversations');
  }

  async init(): Promise<void> {
    await this.conversations.createCollection().catch(() => undefined);
    await this.conversations.syncIndexes();
  }

  async listSnippetConversations(userId: number, snippetId: number): Promise<SnippetConversationRecord[]> {
    const docs = await this.conversations.find({ userId, snippetId }).sort({ updatedAt: -1, _id: -1 }).lean<SnippetConversationDoc[]>();
    return docs.map(toSnippetConversation);
  }

  async practisedSnippetIds(userId: number): Promise<number[]> {
    const ids = (await this.conversations.distinct('snippetId', { userId })) as number[];
    return ids.sort((a, b) => a - b);
  }

  async saveSnippetConversation(
    { userId, snippetId, history, now }: SaveSnippetConversationInput,
    buildEvents: SnippetStoryEvents,
  ): Promise<{ record: SnippetConversationRecord; created: boolean }> {
    const newId = await nextSequence(this.connection, 'snippet_conversations');
    return this.connection.transaction(async (session) => {
      const latestDoc = await this.conversations
        .findOne({ userId, snippetId })
        .sort({ updatedAt: -1, _id: -1 })
        .session(session)
        .lean<SnippetConversationDoc>();
      const latest = latestDoc ? toSnippetConversation(latestDoc) : undefined;
      const continues = latest !== undefined && extendsHistory(latest.conversationHistory, history);
      let record: SnippetConversationRecord;
      if (continues) {
        await this.conversations.updateOne({ _id: latest.id }, { $set: { conversationHistory: history, updatedAt: now } }, { session });
        record = { ...latest, conversationHistory: history, updatedAt: now };
      } else {
        const doc: SnippetConversationDoc = { _id: newId, snippetId, userId, conversationHistory: history, createdAt: now, updatedAt: now };
        await this.conversations.create([doc], { session });
        record = toSnippetConversation(doc);
      }
      for (const event of buildEvents(record, continues ? firstChangedExchange(latest.conversationHistory, history) : 0))
        await this.outbox.write(event, session);
      return { record, created: !continues };
    });
  }

  async deleteSnippetConversations(userId: number, snippetId: number): Promise<number> {
    return (await this.conversations.deleteMany({ userId, snippetId })).deletedCount;
  }

  async forgetUser(userId: number): Promise<number> {
    return (await this.conversations.deleteMany({ userId })).deletedCount;
  }
}
