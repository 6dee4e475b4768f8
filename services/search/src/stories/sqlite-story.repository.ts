import type { SqliteDatabase } from '@story/service-kit';
import type { ConversationRef, LexicalHit, RemovedOwner, SavedStory, SaveOutcome, StoryChanges, StoryRecord, StoryRepository, ThreadState } from './story.repository.ts';
import { ownerFilterOf, practiceKeyPrefix, storyMetadata, tombstoneOf } from './story-rules.ts';

interface StoryRow {
  id: number;
  user_id: number;
  story_key: string;
  source_type: string;
  content: string;
  thread_id: number | null;
  snippet_id: number | null;
  job_description_id: number | null;
  metadata: string;
  created_at: string;
  version: string;
  hidden: number;
  embedding_generated: number;
  embedder: string | null;
}

const toRecord = (row: StoryRow): StoryRecord => ({
  id: row.id,
  userId: row.user_id,
  storyKey: row.story_key,
  sourceType: row.source_type,
  content: row.content,
  threadId: row.thread_id,
  snippetId: row.snippet_id,
  jobDescriptionId: row.job_description_id,
  metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  createdAt: row.created_at,
  version: row.version,
  hidden: row.hidden === 1,
  embeddingGenerated: row.embedding_generated === 1,
  embedder: row.embedder,
});

/** The columns an insert and an update of a story both write, in their statements' order. */
type StoryColumns = [string, string, number | null, number | null, number | null, string, string, string, number];
const storyColumns = (story: SavedStory, metadata: string, hidden: number): StoryColumns => [
  story.sourceType,
  story.content,
  story.threadId,
  story.snippetId,
  story.jobDescriptionId,
  metadata,
  story.createdAt,
  story.version,
  hidden,
];

const NO_CHANGES: StoryChanges = { hidden: [], shown: [], removed: [] };
/** A query word found in more than this share of the user's stories (and at least this many) is too common to rank by. */
const COMMON_WORD_SHARE = 0.1;
const COMMON_WORD_MIN_STORIES = 300;
const ownerToken = (userId: number) => `u${userId}`;
/** An FTS5 string: in double quotes, inner quotes doubled, so no word is read as query syntax. */
const ftsString = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** Stories in the service's SQLite file, with an FTS5 index for the lexical side of search. */
export class SqliteStoryRepository implements StoryRepository {
  private readonly sql;

  constructor(private readonly db: SqliteDatabase) {
    this.sql = {
      byKey: db.prepare<[string], StoryRow>('SELECT * FROM unified_stories WHERE story_key = ?'),
      insert: db.prepare<[number, string, ...StoryColumns]>(
        `INSERT INTO unified_stories (user_id, story_key, source_type, content, thread_id, snippet_id, job_description_id, metadata, created_at, version, hidden)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      update: db.prepare<[...StoryColumns, number, number, number]>(
        `UPDATE unified_stories SET source_type = ?, content = ?, thread_id = ?, snippet_id = ?, job_description_id = ?, metadata = ?, created_at = ?, version = ?, hidden = ?,
           embedding_generated = CASE WHEN ? THEN 0 ELSE embedding_generated END,
           embedder = CASE WHEN ? THEN NULL ELSE embedder END
         WHERE id = ?`,
      ),
      byId: db.prepare<[number], StoryRow>('SELECT * FROM unified_stories WHERE id = ?'),
      ftsDelete: db.prepare<[number]>('DELETE FROM stories_fts WHERE rowid = ?'),
      ftsInsert: db.prepare<[number, string, string]>('INSERT INTO stories_fts (rowid, owner, content) VALUES (?, ?, ?)'),
      ownerState: db.prepare<[number, string, number], { state: string; version: string }>(
        'SELECT state, version FROM owner_states WHERE user_id = ? AND kind = ? AND owner_id = ?',
      ),
      setOwnerState: db.prepare<[number, string, number, string, string]>(
        `INSERT INTO owner_states (user_id, kind, owner_id, state, version) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id, kind, owner_id) DO UPDATE SET state = excluded.state, version = excluded.version`,
      ),
      markEmbedded: db.prepare<[string, number, string]>('UPDATE unified_stories SET embedding_generated = 1, embedder = ? WHERE id = ? AND version = ?'),
      needingVectors: db.prepare<[string, number, number], StoryRow>(
        'SELECT * FROM unified_stories WHERE (embedder IS NULL OR embedder <> ?) AND id > ? ORDER BY id LIMIT ?',
      ),
      countAll: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM unified_stories'),
      countUser: db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM unified_stories WHERE user_id = ?'),
      termStories: db.prepare<[string, number], { n: number }>('SELECT COUNT(*) AS n FROM (SELECT 1 FROM stories_fts WHERE stories_fts MATCH ? LIMIT ?)'),
      lexical: db.prepare<[{ match: string; user: number; limit: number }], { id: number; rank: number }>(
        // The full-text match first and ranked within FTS5 (the owner token already keeps it to the
        // user's stories); joined the other way round SQLite would run the match once per story.
        // Twice the limit leaves room for stories of deleted threads, dropped by the join.
        `WITH hits AS MATERIALIZED (SELECT rowid AS id, rank FROM stories_fts WHERE stories_fts MATCH @match ORDER BY rank LIMIT @limit * 2)
         SELECT hits.id AS id, hits.rank AS rank
         FROM hits JOIN unified_stories s ON s.id = hits.id
         WHERE s.user_id = @user AND s.hidden = 0
         ORDER BY hits.rank LIMIT @limit`,
      ),
    };
  }

  async applySaved(story: SavedStory): Promise<SaveOutcome> {
    return this.db.transaction((): SaveOutcome => {
      const existing = this.sql.byKey.get(story.storyKey);
      // The key belongs to the user who saved it first; a later event for it naming another user is not applied.
      if (existing && existing.user_id !== story.userId) return { kind: 'stale' };
      if (existing && existing.version > story.version) return { kind: 'stale' };
      const gone = tombstoneOf(story).some((owner) => this.sql.ownerState.get(story.userId, owner.kind, owner.id)?.state === 'gone');
      const threadState = story.threadId === null ? undefined : this.sql.ownerState.get(story.userId, 'thread', story.threadId)?.state;
      if (gone || threadState === 'purged') return { kind: 'dropped', removedIds: existing ? this.removeRows([existing.id]) : [] };
      const hidden = threadState === 'deleted' ? 1 : 0;
      const metadata = JSON.stringify(storyMetadata(story));
      let id: number;
      let contentChanged = true;
      if (existing) {
        id = existing.id;
        contentChanged = existing.content !== story.content;
        this.sql.update.run(...storyColumns(story, metadata, hidden), contentChanged ? 1 : 0, contentChanged ? 1 : 0, id);
      } else {
        id = Number(this.sql.insert.run(story.userId, story.storyKey, ...storyColumns(story, metadata, hidden)).lastInsertRowid);
      }
      // The lexical index reads the title too: a conversation's title names what it is about.
      if (contentChanged || existing?.metadata !== metadata) {
        this.sql.ftsDelete.run(id);
        this.sql.ftsInsert.run(id, ownerToken(story.userId), story.title ? `${story.title}\n${story.content}` : story.content);
      }
      const row = this.sql.byId.get(id);
      if (!row) throw new Error(`story ${id} vanished inside its own transaction`);
      return { kind: 'stored', story: toRecord(row), needsVector: contentChanged || row.embedding_generated === 0 };
    })();
  }

  async applyThreadState(userId: number, threadId: number, state: ThreadState, version: string): Promise<StoryChanges> {
    return this.db.transaction((): StoryChanges => {
      const current = this.sql.ownerState.get(userId, 'thread', threadId);
      // Purged is for good; otherwise the newer event wins.
      if (current && (current.state === 'purged' || current.version > version)) return NO_CHANGES;
      this.sql.setOwnerState.run(userId, 'thread', threadId, state, version);
      if (state === 'purged') return { ...NO_CHANGES, removed: this.removeWhere('user_id = ? AND thread_id = ?', [userId, threadId]) };
      const hide = state === 'deleted' ? 1 : 0;
      const ids = this.db
        .prepare<[number, number, number, number], { id: number }>(
          'UPDATE unified_stories SET hidden = ? WHERE user_id = ? AND thread_id = ? AND hidden <> ? RETURNING id',
        )
        .all(hide, userId, threadId, hide)
        .map((row) => row.id);
      return hide ? { ...NO_CHANGES, hidden: ids } : { ...NO_CHANGES, shown: ids };
    })();
  }

  async removeOwner(userId: number, owner: RemovedOwner, version: string): Promise<StoryChanges> {
    return this.db.transaction((): StoryChanges => {
      const { kind, id, column } = ownerFilterOf(owner);
      this.sql.setOwnerState.run(userId, kind, id, 'gone', version);
      const removed = column ? this.removeWhere(`user_id = ? AND ${column} = ?`, [userId, id]) : this.removeWhere('user_id = ?', [userId]);
      return { ...NO_CHANGES, removed };
    })();
  }

  async markEmbedded(storyId: number, embedder: string, version: string): Promise<void> {
    this.sql.markEmbedded.run(embedder, storyId, version);
  }

  async findVisible(userId: number, ids: readonly number[]): Promise<StoryRecord[]> {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare<number[], StoryRow>(`SELECT * FROM unified_stories WHERE user_id = ? AND hidden = 0 AND id IN (${ids.map(() => '?').join(', ')})`)
      .all(userId, ...ids);
    return rows.map(toRecord);
  }

  async findConversations(userId: number, conversations: readonly ConversationRef[]): Promise<StoryRecord[]> {
    if (conversations.length === 0) return [];
    const conditions: string[] = [];
    const params: (number | string)[] = [userId];
    for (const conversation of conversations) {
      if (conversation.kind === 'thread') {
        conditions.push('thread_id = ?');
        params.push(conversation.threadId);
      } else if (conversation.kind === 'practice') {
        // The key's prefix: a range over the unique index on story_key (the prefix has no LIKE wildcard).
        conditions.push('(story_key >= ? AND story_key < ?)');
        const prefix = practiceKeyPrefix(conversation.conversationId);
        params.push(prefix, `${prefix.slice(0, -1)};`);
      } else {
        conditions.push('story_key = ?');
        params.push(conversation.storyKey);
      }
    }
    return this.db
      .prepare<(number | string)[], StoryRow>(`SELECT * FROM unified_stories WHERE user_id = ? AND hidden = 0 AND (${conditions.join(' OR ')}) ORDER BY id`)
      .all(...params)
      .map(toRecord);
  }

  async storiesOf(userId: number): Promise<StoryRecord[]> {
    return this.db.prepare<[number], StoryRow>('SELECT * FROM unified_stories WHERE user_id = ? ORDER BY id').all(userId).map(toRecord);
  }

  async searchLexical(userId: number, words: readonly string[], limit: number): Promise<LexicalHit[]> {
    const owner = `owner : ${ftsString(ownerToken(userId))}`;
    // BM25 is worked out for every story that matches: a word in a large share of the user's stories
    // would cost the most and weigh the least (its IDF is near zero), so it is left to the dense side.
    const common = Math.max(COMMON_WORD_MIN_STORIES, Math.ceil(COMMON_WORD_SHARE * (this.sql.countUser.get(userId)?.n ?? 0)));
    const telling = words.filter((word) => (this.sql.termStories.get(`${owner} AND content : ${ftsString(word)}`, common + 1)?.n ?? 0) <= common);
    if (telling.length === 0) return [];
    const match = `${owner} AND content : (${telling.map(ftsString).join(' OR ')})`;
    return this.sql.lexical.all({ match, user: userId, limit }).map((row) => ({ id: row.id, score: -row.rank }));
  }

  async needingVectors(embedder: string, afterId: number, limit: number): Promise<StoryRecord[]> {
    return this.sql.needingVectors.all(embedder, afterId, limit).map(toRecord);
  }

  async countStories(userId?: number): Promise<number> {
    return (userId === undefined ? this.sql.countAll.get() : this.sql.countUser.get(userId))?.n ?? 0;
  }

  private removeWhere(where: string, params: number[]): number[] {
    const ids = this.db
      .prepare<number[], { id: number }>(`SELECT id FROM unified_stories WHERE ${where}`)
      .all(...params)
      .map((row) => row.id);
    return this.removeRows(ids);
  }

  private removeRows(ids: number[]): number[] {
    const remove = this.db.prepare<[number]>('DELETE FROM unified_stories WHERE id = ?');
    for (const id of ids) {
      remove.run(id);
      this.sql.ftsDelete.run(id);
    }
    return ids;
  }
}
