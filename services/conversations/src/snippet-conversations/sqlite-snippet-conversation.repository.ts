import type { SnippetExchange } from '@story/proto';
import type { SqliteDatabase, SqliteOutbox } from '@story/service-kit';
import type {
  SaveSnippetConversationInput,
  SnippetConversationRecord,
  SnippetConversationRepository,
  SnippetStoryEvents,
} from './snippet-conversation.repository.ts';
import { extendsHistory, firstChangedExchange, parseStoredHistory } from './snippet-history.ts';

interface SnippetConversationRow {
  id: number;
  snippet_id: number;
  user_id: number;
  conversation_history: string;
  created_at: string;
  updated_at: string;
}

function parseHistoryJson(json: string): SnippetExchange[] {
  try {
    return parseStoredHistory(JSON.parse(json));
  } catch {
    return [];
  }
}

const toSnippetConversation = (row: SnippetConversationRow): SnippetConversationRecord => ({
  id: row.id,
  snippetId: row.snippet_id,
  userId: row.user_id,
  conversationHistory: parseHistoryJson(row.conversation_history),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Snippet conversations in the embedded SQLite file. */
export class SqliteSnippetConversationRepository implements SnippetConversationRepository {
  private readonly statements;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly outbox: SqliteOutbox,
  ) {
    this.statements = {
      list: db.prepare<[number, number], SnippetConversationRow>(
        'SELECT * FROM snippet_conversations WHERE user_id = ? AND snippet_id = ? ORDER BY updated_at DESC, id DESC',
      ),
      insert: db.prepare<[number, number, string, string, string], SnippetConversationRow>(
        'INSERT INTO snippet_conversations (snippet_id, user_id, conversation_history, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
      ),
      update: db.prepare<[string, string, number], SnippetConversationRow>(
        'UPDATE snippet_conversations SET conversation_history = ?, updated_at = ? WHERE id = ? RETURNING *',
      ),
      deleteForSnippet: db.prepare<[number, number]>('DELETE FROM snippet_conversations WHERE user_id = ? AND snippet_id = ?'),
    };
  }

  async listSnippetConversations(userId: number, snippetId: number): Promise<SnippetConversationRecord[]> {
    return this.statements.list.all(userId, snippetId).map(toSnippetConversation);
  }

  async practisedSnippetIds(userId: number): Promise<number[]> {
    return this.db
      .prepare<[number], { snippet_id: number }>('SELECT DISTINCT snippet_id FROM snippet_conversations WHERE user_id = ? ORDER BY snippet_id')
      .all(userId)
      .map((row) => row.snippet_id);
  }

  async saveSnippetConversation(
    { userId, snippetId, history, now }: SaveSnippetConversationInput,
    buildEvents: SnippetStoryEvents,
  ): Promise<{ record: SnippetConversationRecord; created: boolean }> {
    return this.db
      .transaction(() => {
        const latestRow = this.statements.list.get(userId, snippetId);
        const latest = latestRow ? toSnippetConversation(latestRow) : undefined;
        const json = JSON.stringify(history);
        const continues = latest !== undefined && extendsHistory(latest.conversationHistory, history);
        const row = continues ? this.statements.update.get(json, now, latest.id) : this.statements.insert.get(snippetId, userId, json, now, now);
        if (!row) throw new Error('snippet conversation write returned nothing');
        const record = toSnippetConversation(row);
        for (const event of buildEvents(record, continues ? firstChangedExchange(latest.conversationHistory, history) : 0)) this.outbox.write(event);
        return { record, created: !continues };
      })
      .immediate();
  }

  async deleteSnippetConversations(userId: number, snippetId: number): Promise<number> {
    return this.statements.deleteForSnippet.run(userId, snippetId).changes;
  }

  async forgetUser(userId: number): Promise<number> {
    return this.db.prepare<[number]>('DELETE FROM snippet_conversations WHERE user_id = ?').run(userId).changes;
  }
}
