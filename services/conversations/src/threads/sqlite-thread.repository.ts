import { SqliteWriteVersions, type OutboxEvent, type SqliteDatabase, type SqliteOutbox } from '@story/service-kit';
import type { SqliteMessageAudioRepository } from '../message-audio/sqlite-message-audio.repository.ts';
import type { KeyedSave, MessageRecord, NewMessage, ThreadFilter, ThreadRecord, ThreadRepository, TitleSource } from './thread.repository.ts';

interface ThreadRow {
  id: number;
  user_id: number;
  title: string;
  title_source: TitleSource;
  created_at: string;
  last_updated: string;
  deleted_at: string | null;
}

/** A message row with the size of its spoken reply (joined; the audio itself is never selected). */
interface MessageRow {
  id: number;
  thread_id: number;
  user_id: number;
  user_message: string;
  ai_response: string;
  created_at: string;
  audio_bytes: number | null;
  answer_id: string | null;
}

const toThread = (row: ThreadRow): ThreadRecord => ({
  id: row.id,
  userId: row.user_id,
  title: row.title,
  titleSource: row.title_source,
  createdAt: row.created_at,
  lastUpdated: row.last_updated,
  deletedAt: row.deleted_at,
});

const toMessage = (row: MessageRow): MessageRecord => ({
  id: row.id,
  threadId: row.thread_id,
  userId: row.user_id,
  userMessage: row.user_message,
  aiResponse: row.ai_response,
  audioBytes: row.audio_bytes,
  answerId: row.answer_id,
  createdAt: row.created_at,
});

const MESSAGE_COLUMNS = 'c.id, c.thread_id, c.user_id, c.user_message, c.ai_response, c.created_at, c.answer_id, a.byte_size AS audio_bytes';
const MESSAGES_WITH_AUDIO_SIZE = `SELECT ${MESSAGE_COLUMNS} FROM conversations c LEFT JOIN conversation_audio a ON a.message_id = c.id`;

const THREAD_FILTERS: Record<ThreadFilter, string> = {
  all: '',
  active: 'AND deleted_at IS NULL',
  deleted: 'AND deleted_at IS NOT NULL',
};

/**
 * Threads in the embedded SQLite file. better-sqlite3 runs each transaction synchronously, and
 * writes use BEGIN IMMEDIATE, so two writes (even from two processes on the same file) never
 * interleave: a write's check of the user's version and its change are one step.
 */
export class SqliteThreadRepository implements ThreadRepository {
  private readonly statements;
  private readonly versions: SqliteWriteVersions;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly outbox: SqliteOutbox,
    private readonly audio: SqliteMessageAudioRepository,
  ) {
    const listThreads = (filter: ThreadFilter, savedOnly = '') =>
      db.prepare<[number], ThreadRow>(`SELECT * FROM threads WHERE user_id = ? ${THREAD_FILTERS[filter]} ${savedOnly} ORDER BY last_updated DESC, id DESC`);
    // One look-up in conversations_by_thread per thread.
    const saved = 'AND EXISTS (SELECT 1 FROM conversations c WHERE c.thread_id = threads.id)';
    this.versions = new SqliteWriteVersions(db);
    this.statements = {
      listThreads: { all: listThreads('all'), active: listThreads('active'), deleted: listThreads('deleted') },
      listSavedThreads: { all: listThreads('all', saved), active: listThreads('active', saved), deleted: listThreads('deleted', saved) },
      insertThread: db.prepare<[number, string, string, string], ThreadRow>(
        'INSERT INTO threads (user_id, title, created_at, last_updated) VALUES (?, ?, ?, ?) RETURNING *',
      ),
      findThread: db.prepare<[number, number], ThreadRow>('SELECT * FROM threads WHERE id = ? AND user_id = ?'),
      // The byte size sits before the audio in its row, so the join never reads the audio's overflow pages.
      listMessages: db.prepare<[number, number], MessageRow>(`${MESSAGES_WITH_AUDIO_SIZE} WHERE c.thread_id = ? AND c.user_id = ? ORDER BY c.id ASC`),
      findMessage: db.prepare<[number], MessageRow>(`${MESSAGES_WITH_AUDIO_SIZE} WHERE c.id = ?`),
      countActiveThreads: db.prepare<[number], { count: number }>('SELECT COUNT(*) AS count FROM threads WHERE user_id = ? AND deleted_at IS NULL'),
      countMessages: db.prepare<[number], { count: number }>('SELECT COUNT(*) AS count FROM conversations WHERE thread_id = ?'),
      renameThread: db.prepare<[string, number, number], ThreadRow>(
        "UPDATE threads SET title = ?, title_source = 'person' WHERE id = ? AND user_id = ? RETURNING *",
      ),
      nameUntitledThread: db.prepare<[string, number, number], ThreadRow>(
        "UPDATE threads SET title = ?, title_source = 'model' WHERE id = ? AND user_id = ? AND title_source = 'default' AND deleted_at IS NULL RETURNING *",
      ),
      setDeletedAt: db.prepare<[string | null, number, number], ThreadRow>('UPDATE threads SET deleted_at = ? WHERE id = ? AND user_id = ? RETURNING *'),
      // max() keeps lastUpdated from going back when two saves carry clocks a hair apart.
      touchThread: db.prepare<[string, number, number]>('UPDATE threads SET last_updated = max(last_updated, ?) WHERE id = ? AND user_id = ?'),
      insertMessage: db.prepare<[number, number, string, string, string, string | null], { id: number }>(
        'INSERT INTO conversations (thread_id, user_id, user_message, ai_response, created_at, answer_id) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
      ),
      findIdempotencyKey: db.prepare<[number, string], { request_hash: string; conversation_id: number }>(
        'SELECT request_hash, conversation_id FROM idempotency_keys WHERE user_id = ? AND key = ?',
      ),
      insertIdempotencyKey: db.prepare<[number, string, string, number, string]>(
        'INSERT INTO idempotency_keys (user_id, key, request_hash, conversation_id, created_at) VALUES (?, ?, ?, ?, ?)',
      ),
      expiredThreads: db.prepare<[string, number], ThreadRow>(
        'SELECT * FROM threads WHERE deleted_at IS NOT NULL AND deleted_at < ? ORDER BY deleted_at ASC, id ASC LIMIT ?',
      ),
      deleteThreadKeys: db.prepare<[number]>('DELETE FROM idempotency_keys WHERE conversation_id IN (SELECT id FROM conversations WHERE thread_id = ?)'),
      deleteThreadMessages: db.prepare<[number]>('DELETE FROM conversations WHERE thread_id = ?'),
      deleteThread: db.prepare<[number]>('DELETE FROM threads WHERE id = ?'),
      pruneKeys: db.prepare<[string]>('DELETE FROM idempotency_keys WHERE created_at < ?'),
      forgetKeys: db.prepare<[number]>('DELETE FROM idempotency_keys WHERE user_id = ?'),
      forgetAudio: db.prepare<[number]>('DELETE FROM conversation_audio WHERE user_id = ?'),
      forgetMessages: db.prepare<[number, number]>('DELETE FROM conversations WHERE user_id = ? OR thread_id IN (SELECT id FROM threads WHERE user_id = ?)'),
      forgetThreads: db.prepare<[number]>('DELETE FROM threads WHERE user_id = ?'),
      forgetGuard: db.prepare<[number]>('DELETE FROM quota_guards WHERE user_id = ?'),
    };
  }

  async listThreads(userId: number, filter: ThreadFilter): Promise<ThreadRecord[]> {
    return this.statements.listThreads[filter].all(userId).map(toThread);
  }

  async listSavedThreads(userId: number, filter: ThreadFilter): Promise<ThreadRecord[]> {
    return this.statements.listSavedThreads[filter].all(userId).map(toThread);
  }

  async findThread(userId: number, threadId: number): Promise<ThreadRecord | undefined> {
    const row = this.statements.findThread.get(threadId, userId);
    return row ? toThread(row) : undefined;
  }

  async listMessages(userId: number, threadId: number): Promise<MessageRecord[] | undefined> {
    if (!this.statements.findThread.get(threadId, userId)) return undefined;
    return this.statements.listMessages.all(threadId, userId).map(toMessage);
  }

  async renameThread(userId: number, threadId: number, title: string): Promise<ThreadRecord | undefined> {
    const row = this.statements.renameThread.get(title, threadId, userId);
    return row ? toThread(row) : undefined;
  }

  async nameUntitledThread(userId: number, threadId: number, title: string): Promise<ThreadRecord | undefined> {
    const row = this.statements.nameUntitledThread.get(title, threadId, userId);
    return row ? toThread(row) : undefined;
  }

  async writeVersion(userId: number): Promise<number> {
    return this.versions.current(userId);
  }

  async countActiveThreads(userId: number): Promise<number> {
    return this.statements.countActiveThreads.get(userId)?.count ?? 0;
  }

  async countMessages(threadId: number): Promise<number> {
    return this.statements.countMessages.get(threadId)?.count ?? 0;
  }

  async findKeyedSave(userId: number, key: string): Promise<KeyedSave | undefined> {
    const used = this.statements.findIdempotencyKey.get(userId, key);
    if (!used) return undefined;
    const first = this.statements.findMessage.get(used.conversation_id);
    return { requestHash: used.request_hash, message: first ? toMessage(first) : undefined };
  }

  async insertThread(userId: number, title: string, now: string, version: number): Promise<ThreadRecord | undefined> {
    return this.versions.ifCurrent(userId, version, () => {
      const row = this.statements.insertThread.get(userId, title, now, now);
      if (!row) throw new Error('thread insert returned nothing');
      return toThread(row);
    });
  }

  async setThreadDeleted(userId: number, threadId: number, deletedAt: string | null, event: OutboxEvent, version: number): Promise<ThreadRecord | undefined> {
    return this.versions.ifCurrent(userId, version, () => {
      const updated = this.statements.setDeletedAt.get(deletedAt, threadId, userId);
      if (!updated) return undefined;
      this.outbox.write(event);
      return toThread(updated);
    });
  }

  async insertMessage(input: NewMessage, version: number, buildEvent: (message: MessageRecord) => OutboxEvent): Promise<MessageRecord | undefined> {
    return this.versions.ifCurrent(input.userId, version, () => {
      const inserted = this.statements.insertMessage.get(input.threadId, input.userId, input.userMessage, input.aiResponse, input.createdAt, input.answerId);
      if (!inserted) throw new Error('message insert returned nothing');
      const { audio } = input;
      if (audio) this.audio.insert({ messageId: inserted.id, threadId: input.threadId, userId: input.userId, byteSize: audio.byteSize, audio: audio.base64 });
      this.statements.touchThread.run(input.createdAt, input.threadId, input.userId);
      if (input.idempotency) {
        this.statements.insertIdempotencyKey.run(input.userId, input.idempotency.key, input.idempotency.requestHash, inserted.id, input.createdAt);
      }
      const message: MessageRecord = {
        id: inserted.id,
        threadId: input.threadId,
        userId: input.userId,
        userMessage: input.userMessage,
        aiResponse: input.aiResponse,
        audioBytes: audio?.byteSize ?? null,
        answerId: input.answerId,
        createdAt: input.createdAt,
      };
      this.outbox.write(buildEvent(message));
      return message;
    });
  }

  async purgeDeletedThreads(cutoff: string, limit: number, buildEvent: (thread: ThreadRecord) => OutboxEvent): Promise<ThreadRecord[]> {
    return this.db
      .transaction((): ThreadRecord[] => {
        const expired = this.statements.expiredThreads.all(cutoff, limit).map(toThread);
        for (const thread of expired) {
          this.statements.deleteThreadKeys.run(thread.id);
          this.audio.deleteThread(thread.id);
          this.statements.deleteThreadMessages.run(thread.id);
          this.statements.deleteThread.run(thread.id);
          this.outbox.write(buildEvent(thread));
        }
        return expired;
      })
      .immediate();
  }

  async pruneIdempotencyKeys(before: string): Promise<void> {
    this.statements.pruneKeys.run(before);
  }

  async forgetUser(userId: number): Promise<number> {
    return this.db
      .transaction((): number => {
        const { forgetKeys, forgetAudio, forgetMessages, forgetThreads, forgetGuard } = this.statements;
        forgetKeys.run(userId);
        const audio = forgetAudio.run(userId).changes;
        const messages = forgetMessages.run(userId, userId).changes;
        const threads = forgetThreads.run(userId).changes;
        forgetGuard.run(userId);
        return audio + messages + threads;
      })
      .immediate();
  }
}
