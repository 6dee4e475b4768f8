import type { SqliteDatabase } from '@story/service-kit';
import type { MessageAudioRecord, MessageAudioRepository } from './message-audio.repository.ts';

interface AudioRow {
  message_id: number;
  thread_id: number;
  user_id: number;
  byte_size: number;
  audio: string;
}

const toAudio = (row: AudioRow): MessageAudioRecord => ({
  messageId: row.message_id,
  threadId: row.thread_id,
  userId: row.user_id,
  byteSize: row.byte_size,
  audio: row.audio,
});

/**
 * Spoken replies in the `conversation_audio` table of the SQLite file. The synchronous methods are
 * for SqliteThreadRepository, which calls them inside its own transactions.
 */
export class SqliteMessageAudioRepository implements MessageAudioRepository {
  private readonly statements;

  constructor(db: SqliteDatabase) {
    this.statements = {
      find: db.prepare<[number, number, number], AudioRow>('SELECT * FROM conversation_audio WHERE message_id = ? AND thread_id = ? AND user_id = ?'),
      // Covered by the (user_id, byte_size) index: the audio itself is never read to add up sizes.
      bytesOf: db.prepare<[number], { bytes: number }>('SELECT COALESCE(SUM(byte_size), 0) AS bytes FROM conversation_audio WHERE user_id = ?'),
      insert: db.prepare<[number, number, number, number, string]>(
        'INSERT INTO conversation_audio (message_id, thread_id, user_id, byte_size, audio) VALUES (?, ?, ?, ?, ?)',
      ),
      deleteThread: db.prepare<[number]>('DELETE FROM conversation_audio WHERE thread_id = ?'),
    };
  }

  async findAudio(userId: number, threadId: number, messageId: number): Promise<MessageAudioRecord | undefined> {
    const row = this.statements.find.get(messageId, threadId, userId);
    return row ? toAudio(row) : undefined;
  }

  async savedAudioBytes(userId: number): Promise<number> {
    return this.bytesOf(userId);
  }

  /** Bytes the user has stored (inside the caller's transaction). */
  bytesOf(userId: number): number {
    return this.statements.bytesOf.get(userId)?.bytes ?? 0;
  }

  /** Stores a message's spoken reply (inside the caller's transaction). */
  insert(record: MessageAudioRecord): void {
    this.statements.insert.run(record.messageId, record.threadId, record.userId, record.byteSize, record.audio);
  }

  /** Removes every spoken reply of a thread (inside the purge's transaction). */
  deleteThread(threadId: number): void {
    this.statements.deleteThread.run(threadId);
  }
}
