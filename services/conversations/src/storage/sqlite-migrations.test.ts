import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '@story/service-kit';
import { tempDataDir } from '@story/testing/service-under-test';
import { openSqliteConversationsStorage } from './conversations-storage.ts';
import { CONVERSATIONS_MIGRATIONS } from './sqlite-migrations.ts';

describe('conversations SQLite migrations', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('moves spoken replies saved inside message rows to their own table, with their sizes, and drops the column', async () => {
    dir = tempDataDir('conversations-migration-');
    const file = join(dir, 'conversations.sqlite');
    const before = openSqlite(file, CONVERSATIONS_MIGRATIONS.slice(0, 1));
    const at = '2024-01-01T00:00:00.000Z';
    before.prepare('INSERT INTO threads (id, user_id, title, created_at, last_updated) VALUES (1, 7, ?, ?, ?)').run('Old', at, at);
    const insert = before.prepare(
      'INSERT INTO conversations (id, thread_id, user_id, user_message, ai_response, audio_response, created_at) VALUES (?, 1, 7, ?, ?, ?, ?)',
    );
    const replies = [Buffer.alloc(1000, 1).toString('base64'), Buffer.alloc(1001, 2).toString('base64'), Buffer.alloc(1002, 3).toString('base64')];
    replies.forEach((audio, i) => insert.run(i + 1, `m${i}`, `r${i}`, audio, at));
    insert.run(4, 'typed', 'no audio', null, at);
    insert.run(5, 'empty', 'no audio either', '', at);
    before.close();

    const storage = openSqliteConversationsStorage(file);
    try {
      expect((await storage.threads.listMessages(7, 1))?.map((m) => m.audioBytes)).toEqual([1000, 1001, 1002, null, null]);
      expect(await storage.messageAudio.findAudio(7, 1, 2)).toEqual({ messageId: 2, threadId: 1, userId: 7, byteSize: 1001, audio: replies[1] });
      expect(await storage.messageAudio.savedAudioBytes(7)).toBe(3003);
    } finally {
      await storage.close();
    }
    const after = openSqlite(file, CONVERSATIONS_MIGRATIONS);
    const columns = after
      .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)')
      .all('conversations')
      .map((c) => c.name);
    after.close();
    expect(columns).toEqual(['id', 'thread_id', 'user_id', 'user_message', 'ai_response', 'status', 'created_at', 'answer_id']);
  });

  it('gives threads a title source: the person for a title other than the default, the default otherwise', async () => {
    dir = tempDataDir('conversations-migration-');
    const file = join(dir, 'conversations.sqlite');
    const before = openSqlite(file, CONVERSATIONS_MIGRATIONS.slice(0, 2));
    const at = '2024-01-01T00:00:00.000Z';
    const insert = before.prepare('INSERT INTO threads (id, user_id, title, created_at, last_updated) VALUES (?, 7, ?, ?, ?)');
    insert.run(1, 'Renamed by me', at, at);
    insert.run(2, 'New Conversation', at, at);
    before.close();

    const storage = openSqliteConversationsStorage(file);
    try {
      expect(await storage.threads.findThread(7, 1)).toMatchObject({ title: 'Renamed by me', titleSource: 'person' });
      expect(await storage.threads.findThread(7, 2)).toMatchObject({ title: 'New Conversation', titleSource: 'default' });
    } finally {
      await storage.close();
    }
  });
});
