import { openSqlite, type OutboxEntry, type SqliteDatabase } from '@story/service-kit';
import { z } from 'zod';
import type {
  ConversationRepository,
  MessageRecord,
  OutboxEventInput,
  SaveMessageInput,
  SaveMessageResult,
  SnippetConversationRecord,
  SnippetExchange,
  ThreadFilter,
  ThreadRecord,
  ThreadStateChange,
} from './conversation.repository.ts';
import { CONVERSATIONS_MIGRATIONS } from './sqlite-migrations.ts';
import { extendsHistory } from './snippet-history.ts';

interface ThreadRow {
  id: number;
  user_id: number;
  title: string;
  created_at: string;
  last_updated: string;
  deleted_at: string | null;
}

interface MessageRow {
  id: number;
  thread_id: number;
  user_id: number;
  user_message: string;
  ai_response: string;
  audio_response: string | null;
  created_at: string;
}

interface SnippetConversationRow {
  id: number;
  snippet_id: number;
  user_id: number;
  conversation_history: string;
  created_at: string;
  updated_at: string;
}

const storedHistorySchema = z.array(z.object({ userMessage: z.string(), aiResponse: z.string(), timestamp: z.string() }));

const toThread = (row: ThreadRow): ThreadRecord => ({
  id: row.id,
  userId: row.user_id,
  title: row.title,
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
  audioResponse: row.audio_response,
  createdAt: row.created_at,
});

/** The spec: a stored history that is not a list is treated as empty. */
function parseHistory(json: string): SnippetExchange[] {
  try {
    const parsed = storedHistorySchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const toSnippetConversation = (row: SnippetConversationRow): SnippetConversationRecord => ({
  id: row.id,
  snippetId: row.snippet_id,
  userId: row.user_id,
  conversationHistory: parseHistory(row.conversation_history),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const THREAD_FILTERS: Record<ThreadFilter, string> = {
  all: '',
  active: 'AND deleted_at IS NULL',
  deleted: 'AND deleted_at IS NOT NULL',
};

/**
 * The embedded store: one SQLite file. better-sqlite3 runs each transaction synchronously, and
 * writes use BEGIN IMMEDIATE, so two saves (even from two processes on the same file) never
 * interleave: no lost or doubled message.
 */
export class SqliteConversationRepository implements ConversationRepository {
  private readonly db: SqliteDatabase;
  private readonly statements;

  constructor(file: string) {
    this.db = openSqlite(file, CONVERSATIONS_MIGRATIONS);
    const db = this.db;
    this.statements = {
      listThreads: {
        all: db.prepare<[number], ThreadRow>(`SELECT * FROM threads WHERE user_id = ? ${THREAD_FILTERS.all} ORDER BY last_updated DESC, id DESC`),
        active: db.prepare<[number], ThreadRow>(`SELECT * FROM threads WHERE user_id = ? ${THREAD_FILTERS.active} ORDER BY last_updated DESC, id DESC`),
        deleted: db.prepare<[number], ThreadRow>(`SELECT * FROM threads WHERE user_id = ? ${THREAD_FILTERS.deleted} ORDER BY last_updated DESC, id DESC`),
      },
      insertThread: db.prepare<[number, string, string, string], ThreadRow>(
        'INSERT INTO threads (user_id, title, created_at, last_updated) VALUES (?, ?, ?, ?) RETURNING *',
      ),
      findThread: db.prepare<[number, number], ThreadRow>('SELECT * FROM threads WHERE id = ? AND user_id = ?'),
      listMessages: db.prepare<[number, number], MessageRow>('SELECT * FROM conversations WHERE thread_id = ? AND user_id = ? ORDER BY id ASC'),
      findMessage: db.prepare<[number], MessageRow>('SELECT * FROM conversations WHERE id = ?'),
      renameThread: db.prepare<[string, number, number], ThreadRow>('UPDATE threads SET title = ? WHERE id = ? AND user_id = ? RETURNING *'),
      setDeletedAt: db.prepare<[string | null, number, number], ThreadRow>('UPDATE threads SET deleted_at = ? WHERE id = ? AND user_id = ? RETURNING *'),
      // max() keeps lastUpdated from going back when two saves carry clocks a hair apart.
      touchThread: db.prepare<[string, number, number]>('UPDATE threads SET last_updated = max(last_updated, ?) WHERE id = ? AND user_id = ?'),
      insertMessage: db.prepare<[number, number, string, string, string | null, string], MessageRow>(
        'INSERT INTO conversations (thread_id, user_id, user_message, ai_response, audio_response, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING *',
      ),
      findIdempotencyKey: db.prepare<[number, string], { request_hash: string; conversation_id: number }>(
        'SELECT request_hash, conversation_id FROM idempotency_keys WHERE user_id = ? AND key = ?',
      ),
      insertIdempotencyKey: db.prepare<[number, string, string, number, string]>(
        'INSERT INTO idempotency_keys (user_id, key, request_hash, conversation_id, created_at) VALUES (?, ?, ?, ?, ?)',
      ),
      insertOutbox: db.prepare<[string, string, string]>('INSERT INTO outbox (subject, payload, created_at) VALUES (?, ?, ?)'),
      pendingEvents: db.prepare<[number], OutboxEntry>('SELECT id, subject, payload FROM outbox WHERE published_at IS NULL ORDER BY id ASC LIMIT ?'),
      markPublished: db.prepare<[string, number]>('UPDATE outbox SET published_at = ? WHERE id = ? AND published_at IS NULL'),
      countPending: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM outbox WHERE published_at IS NULL'),
      expiredThreads: db.prepare<[string, number], ThreadRow>(
        'SELECT * FROM threads WHERE deleted_at IS NOT NULL AND deleted_at < ? ORDER BY deleted_at ASC, id ASC LIMIT ?',
      ),
      deleteThreadKeys: db.prepare<[number]>(
        'DELETE FROM idempotency_keys WHERE conversation_id IN (SELECT id FROM conversations WHERE thread_id = ?)',
      ),
      deleteThreadMessages: db.prepare<[number]>('DELETE FROM conversations WHERE thread_id = ?'),
      deleteThread: db.prepare<[number]>('DELETE FROM threads WHERE id = ?'),
      pruneKeys: db.prepare<[string]>('DELETE FROM idempotency_keys WHERE created_at < ?'),
      pruneOutbox: db.prepare<[string]>('DELETE FROM outbox WHERE published_at IS NOT NULL AND published_at < ?'),
      takeLease: db.prepare<[string, string, number, number]>(
        `INSERT INTO leases (name, owner, expires_at) VALUES (?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
         WHERE leases.owner = excluded.owner OR leases.expires_at <= ?`,
      ),
      releaseLease: db.prepare<[string, string]>('DELETE FROM leases WHERE name = ? AND owner = ?'),
      listSnippetConversations: db.prepare<[number, number], SnippetConversationRow>(
        'SELECT * FROM snippet_conversations WHERE user_id = ? AND snippet_id = ? ORDER BY updated_at DESC, id DESC',
      ),
      insertSnippetConversation: db.prepare<[number, number, string, string, string], SnippetConversationRow>(
        'INSERT INTO snippet_conversations (snippet_id, user_id, conversation_history, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
      ),
      updateSnippetConversation: db.prepare<[string, string, number], SnippetConversationRow>(
        'UPDATE snippet_conversations SET conversation_history = ?, updated_at = ? WHERE id = ? RETURNING *',
      ),
    };
  }

  /** The underlying handle, for readiness checks. */
  get database(): SqliteDatabase {
    return this.db;
  }

  async listThreads(userId: number, filter: ThreadFilter): Promise<ThreadRecord[]> {
    return this.statements.listThreads[filter].all(userId).map(toThread);
  }

  async createThread(userId: number, title: string, now: string): Promise<ThreadRecord> {
    const row = this.statements.insertThread.get(userId, title, now, now);
    if (!row) throw new Error('thread insert returned nothing');
    return toThread(row);
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

  async softDeleteThread(userId: number, threadId: number, at: string, event: OutboxEventInput): Promise<ThreadStateChange | undefined> {
    return this.setDeleted(userId, threadId, at, event);
  }

  async recoverThread(userId: number, threadId: number, event: OutboxEventInput): Promise<ThreadStateChange | undefined> {
    return this.setDeleted(userId, threadId, null, event);
  }

  private setDeleted(userId: number, threadId: number, deletedAt: string | null, event: OutboxEventInput): ThreadStateChange | undefined {
    return this.db
      .transaction((): ThreadStateChange | undefined => {
        const current = this.statements.findThread.get(threadId, userId);
        if (!current) return undefined;
        if ((current.deleted_at === null) === (deletedAt === null)) return { thread: toThread(current), changed: false };
        const updated = this.statements.setDeletedAt.get(deletedAt, threadId, userId);
        if (!updated) return undefined;
        this.writeEvent(event);
        return { thread: toThread(updated), changed: true };
      })
      .immediate();
  }

  async saveMessage(input: SaveMessageInput, buildEvent: (message: MessageRecord) => OutboxEventInput): Promise<SaveMessageResult> {
    return this.db
      .transaction((): SaveMessageResult => {
        if (input.idempotency) {
          const used = this.statements.findIdempotencyKey.get(input.userId, input.idempotency.key);
          if (used) {
            if (used.request_hash !== input.idempotency.requestHash) return { kind: 'idempotency-key-reused' };
            const first = this.statements.findMessage.get(used.conversation_id);
            if (first) return { kind: 'saved', message: toMessage(first), replayed: true };
          }
        }
        const thread = this.statements.findThread.get(input.threadId, input.userId);
        if (!thread) return { kind: 'thread-not-found' };
        if (thread.deleted_at !== null) return { kind: 'thread-deleted' };
        const row = this.statements.insertMessage.get(input.threadId, input.userId, input.userMessage, input.aiResponse, input.audioResponse, input.createdAt);
        if (!row) throw new Error('message insert returned nothing');
        this.statements.touchThread.run(input.createdAt, input.threadId, input.userId);
        if (input.idempotency) {
          this.statements.insertIdempotencyKey.run(input.userId, input.idempotency.key, input.idempotency.requestHash, row.id, input.createdAt);
        }
        const message = toMessage(row);
        this.writeEvent(buildEvent(message));
        return { kind: 'saved', message, replayed: false };
      })
      .immediate();
  }

  async purgeDeletedThreads(cutoff: string, limit: number, buildEvent: (thread: ThreadRecord) => OutboxEventInput): Promise<ThreadRecord[]> {
    return this.db
      .transaction((): ThreadRecord[] => {
        const expired = this.statements.expiredThreads.all(cutoff, limit).map(toThread);
        for (const thread of expired) {
          this.statements.deleteThreadKeys.run(thread.id);
          this.statements.deleteThreadMessages.run(thread.id);
          this.statements.deleteThread.run(thread.id);
          this.writeEvent(buildEvent(thread));
        }
        return expired;
      })
      .immediate();
  }

  async pruneBookkeeping(before: string): Promise<void> {
    this.db.transaction(() => {
      this.statements.pruneKeys.run(before);
      this.statements.pruneOutbox.run(before);
    })();
  }

  async acquireLease(name: string, owner: string, nowMs: number, ttlMs: number): Promise<boolean> {
    // One statement: insert, or take over only when the lease is ours or has expired. SQLite runs
    // it atomically, so of two instances asking at once exactly one gets `changes === 1`.
    return this.statements.takeLease.run(name, owner, nowMs + ttlMs, nowMs).changes === 1;
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    this.statements.releaseLease.run(name, owner);
  }

  async pendingEvents(limit: number): Promise<OutboxEntry[]> {
    return this.statements.pendingEvents.all(limit);
  }

  async markEventsPublished(ids: number[]): Promise<void> {
    const now = new Date().toISOString();
    this.db.transaction(() => {
      for (const id of ids) this.statements.markPublished.run(now, id);
    })();
  }

  async countPendingEvents(): Promise<number> {
    return this.statements.countPending.get()?.n ?? 0;
  }

  async listSnippetConversations(userId: number, snippetId: number): Promise<SnippetConversationRecord[]> {
    return this.statements.listSnippetConversations.all(userId, snippetId).map(toSnippetConversation);
  }

  async saveSnippetConversation(
    userId: number,
    snippetId: number,
    history: SnippetExchange[],
    now: string,
    buildEvents: (record: SnippetConversationRecord, firstNewIndex: number) => OutboxEventInput[],
  ): Promise<{ record: SnippetConversationRecord; created: boolean }> {
    return this.db
      .transaction(() => {
        const latestRow = this.statements.listSnippetConversations.get(userId, snippetId);
        const latest = latestRow ? toSnippetConversation(latestRow) : undefined;
        const json = JSON.stringify(history);
        let row: SnippetConversationRow | undefined;
        let firstNewIndex = 0;
        let created = false;
        if (latest && extendsHistory(latest.conversationHistory, history)) {
          firstNewIndex = latest.conversationHistory.length;
          row = this.statements.updateSnippetConversation.get(json, now, latest.id);
        } else {
          created = true;
          row = this.statements.insertSnippetConversation.get(snippetId, userId, json, now, now);
        }
        if (!row) throw new Error('snippet conversation write returned nothing');
        const record = toSnippetConversation(row);
        for (const event of buildEvents(record, firstNewIndex)) this.writeEvent(event);
        return { record, created };
      })
      .immediate();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private writeEvent(event: OutboxEventInput): void {
    this.statements.insertOutbox.run(event.subject, JSON.stringify(event.payload), new Date().toISOString());
  }
}
