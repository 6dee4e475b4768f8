import mongoose, { type ClientSession, type Connection } from 'mongoose';
import { decodedByteLength } from '@story/proto';
import type { MessageAudioRecord, MessageAudioRepository } from './message-audio.repository.ts';

interface AudioDoc {
  /** The message's id: one spoken reply per message. */
  _id: number;
  threadId: number;
  userId: number;
  byteSize: number;
  audio: string;
}

/** A message document as saved before issue 7, with its spoken reply inside. */
interface LegacyMessageDoc {
  _id: number;
  threadId: number;
  userId: number;
  audioResponse?: string | null;
}

const { Schema } = mongoose;

const audioSchema = new Schema<AudioDoc>(
  {
    _id: Number,
    threadId: { type: Number, required: true },
    userId: { type: Number, required: true },
    byteSize: { type: Number, required: true },
    audio: { type: String, required: true },
  },
  { versionKey: false },
);
// Both indexes cover what they serve (a user's total, a thread's sizes): the audio is never loaded for them.
audioSchema.index({ userId: 1, byteSize: 1 });
audioSchema.index({ threadId: 1, _id: 1, byteSize: 1 });

const toAudio = (doc: AudioDoc): MessageAudioRecord => ({
  messageId: doc._id,
  threadId: doc.threadId,
  userId: doc.userId,
  byteSize: doc.byteSize,
  audio: doc.audio,
});

/**
 * Spoken replies in the `conversation_audio` collection. The methods that take a session are for
 * MongoThreadRepository, which calls them inside its own transactions.
 */
export class MongoMessageAudioRepository implements MessageAudioRepository {
  private readonly audio;

  constructor(private readonly connection: Connection) {
    this.audio = connection.model<AudioDoc>('ConversationAudio', audioSchema, 'conversation_audio');
  }

  /** Creates the collection and its indexes, then moves any reply still inside a message document here. */
  async init(): Promise<void> {
    await this.audio.createCollection().catch(() => undefined);
    await this.audio.syncIndexes();
    await this.moveFromMessages();
  }

  async findAudio(userId: number, threadId: number, messageId: number): Promise<MessageAudioRecord | undefined> {
    const doc = await this.audio.findOne({ _id: messageId, threadId, userId }).lean<AudioDoc>();
    return doc ? toAudio(doc) : undefined;
  }

  async savedAudioBytes(userId: number): Promise<number> {
    return this.bytesOf(userId);
  }

  /** Bytes the user has stored, read in the caller's transaction when given one. */
  async bytesOf(userId: number, session?: ClientSession): Promise<number> {
    const [total] = await this.audio
      .aggregate<{ bytes: number }>([{ $match: { userId } }, { $group: { _id: null, bytes: { $sum: '$byteSize' } } }])
      .session(session ?? null);
    return total?.bytes ?? 0;
  }

  /** Message id → bytes of its spoken reply, for the messages of a thread that have one. */
  async sizesInThread(threadId: number, messageIds?: readonly number[], session?: ClientSession): Promise<Map<number, number>> {
    const filter = messageIds ? { threadId, _id: { $in: messageIds } } : { threadId };
    const docs = await this.audio
      .find(filter, { _id: 1, byteSize: 1 })
      .session(session ?? null)
      .lean<Pick<AudioDoc, '_id' | 'byteSize'>[]>();
    return new Map(docs.map((doc) => [doc._id, doc.byteSize]));
  }

  /** Stores a message's spoken reply in the caller's transaction. */
  async insert(record: MessageAudioRecord, session: ClientSession): Promise<void> {
    const doc: AudioDoc = { _id: record.messageId, threadId: record.threadId, userId: record.userId, byteSize: record.byteSize, audio: record.audio };
    await this.audio.create([doc], { session });
  }

  /** Removes every spoken reply of a thread in the purge's transaction. */
  async deleteThread(threadId: number, session: ClientSession): Promise<void> {
    await this.audio.deleteMany({ threadId }, { session });
  }

  /** Deletes every reply of a deleted account, inside the caller's transaction; how many went. */
  async forgetUser(userId: number, session: ClientSession): Promise<number> {
    return (await this.audio.deleteMany({ userId }, { session })).deletedCount;
  }

  /**
   * Replies saved inside message documents before they had their own collection move here, one at a
   * time: copied first, then removed from the message, so a start-up that stops half-way (or two
   * instances starting at once) leaves every reply in one place or both, never in none.
   */
  private async moveFromMessages(): Promise<void> {
    const messages = this.connection.collection<LegacyMessageDoc>('conversations');
    const legacy = messages.find({ audioResponse: { $type: 'string' } }, { projection: { _id: 1, threadId: 1, userId: 1, audioResponse: 1 } });
    for await (const doc of legacy) {
      const audio = doc.audioResponse ?? '';
      if (audio !== '') {
        await this.audio.updateOne(
          { _id: doc._id },
          { $setOnInsert: { threadId: doc.threadId, userId: doc.userId, byteSize: decodedByteLength(audio), audio } },
          { upsert: true },
        );
      }
      await messages.updateOne({ _id: doc._id }, { $unset: { audioResponse: '' } });
    }
  }
}
