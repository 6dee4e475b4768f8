import { exchangeStoryKey, messageStoryKey, storyResultSchema } from '@story/proto';
import { describe, expect, it } from 'vitest';
import type { StoryRecord } from '../stories/story.repository.ts';
import { assembleConversations } from './conversation-story.ts';
import { presentFoundStory } from './story.presenter.ts';

const story = (fields: Partial<StoryRecord>): StoryRecord => ({
  id: 7,
  userId: 1,
  storyKey: messageStoryKey(42),
  sourceType: 'conversation',
  content: 'Me: I led it.\n\nCoach: How?',
  threadId: 5,
  snippetId: null,
  jobDescriptionId: null,
  metadata: {},
  createdAt: '2024-01-01T00:00:00.000Z',
  version: '1',
  hidden: false,
  embeddingGenerated: true,
  embedder: 'offline',
  ...fields,
});
const present = (record: StoryRecord, told: StoryRecord[] = [record]) => {
  const conversation = assembleConversations(told)[0];
  if (!conversation) throw new Error('one conversation expected');
  const found = { conversation, story: record, relevance: 0.75, matchedBy: ['meaning' as const], passage: { start: 4, end: 13 } };
  return storyResultSchema.parse(presentFoundStory({ ...found, signals: { evidence: 1, similarity: 0.5 }, ranks: {}, coverage: 1 }));
};

describe('presentFoundStory', () => {
  it('says where a thread’s story was told: its thread and its message', () => {
    expect(present(story({}))).toMatchObject({
      id: 7,
      distance: 0.25,
      passage: { start: 4, end: 13 },
      origin: { kind: 'message', threadId: 5, messageId: 42 },
    });
  });

  it('shows the whole conversation with its title, told since its first message, opened at the passage’s message', () => {
    const first = story({ id: 6, storyKey: messageStoryKey(41), content: 'Me: I was a nurse.\n\nCoach: Go on.', createdAt: '2023-12-31T00:00:00.000Z' });
    const second = story({ metadata: { title: 'Night shift on ward 7' } });
    expect(present(second, [first, second])).toMatchObject({
      id: 7,
      title: 'Night shift on ward 7',
      content: 'Me: I was a nurse.\n\nCoach: Go on.\n\nMe: I led it.\n\nCoach: How?',
      createdAt: '2023-12-31T00:00:00.000Z',
      origin: { kind: 'message', threadId: 5, messageId: 42 },
    });
    expect(present(first).title).toBeUndefined();
  });

  it('says where a practice conversation’s story was told: its snippet, conversation and exchange', () => {
    const practised = story({ storyKey: exchangeStoryKey(9, 2), sourceType: 'interview', threadId: null, snippetId: 3 });
    expect(present(practised).origin).toEqual({ kind: 'exchange', snippetId: 3, conversationId: 9, exchange: 2 });
  });

  it('says nothing of where a story of another kind of key was told', () => {
    expect(present(story({ storyKey: 'bench:1' })).origin).toBeUndefined();
    expect(present(story({ threadId: null })).origin).toBeUndefined();
  });
});
