import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedStoriesSchema } from '@story/proto';
import { exportPage } from '@story/service-kit';
import { openSqliteSearchStorage } from '../storage/search-storage.ts';
import type { SavedStory } from '../stories/story.repository.ts';
import { SearchExportSource } from './search-export.source.ts';

const v = (n: number) => `${String(n).padStart(17, '0')}.${String(n).padStart(15, '0')}`;
const story = (userId: number, storyKey: string, content: string, threadId: number): SavedStory => ({
  userId,
  storyKey,
  sourceType: 'conversation',
  content,
  threadId,
  snippetId: null,
  jobDescriptionId: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  version: v(1),
});

describe('SearchExportSource (SQLite)', () => {
  it('exports every story of the person, those of a deleted thread too, and nobody else’s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-export-'));
    const storage = openSqliteSearchStorage(join(dir, 'search.sqlite'));
    try {
      await storage.stories.applySaved(story(1, 'conversation:1', 'Me: I led the migration.', 10));
      await storage.stories.applySaved(story(1, 'conversation:2', 'Me: I trained the night shift.', 11));
      await storage.stories.applyThreadState(1, 11, 'deleted', v(2));
      await storage.stories.applySaved(story(2, 'conversation:3', 'Me: Someone else’s story.', 12));

      const page = await exportPage(new SearchExportSource(storage.stories), 'search', 1, undefined);
      expect(page.chunks.map((chunk) => chunk.path)).toEqual(['search/stories.json']);
      const { stories } = exportedStoriesSchema.parse(JSON.parse(Buffer.from(page.chunks[0]!.data, 'base64').toString()));
      expect(stories.map((one) => [one.content, one.threadId, one.hidden])).toEqual([
        ['Me: I led the migration.', 10, false],
        ['Me: I trained the night shift.', 11, true],
      ]);
    } finally {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
