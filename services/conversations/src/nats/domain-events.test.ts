import { describe, expect, it } from 'vitest';
import type { MessageRecord } from '../threads/thread.repository.ts';
import { storySavedEvent } from './domain-events.ts';

const message: MessageRecord = {
  id: 42,
  threadId: 5,
  userId: 1,
  userMessage: 'I led the migration.',
  aiResponse: 'How?',
  audioBytes: null,
  answerId: null,
  createdAt: '2026-12-01T00:00:00.000Z',
};

describe('storySavedEvent', () => {
  it('carries the thread’s title once it has its own (a model’s or the person’s), never the default', () => {
    expect(storySavedEvent(message, { title: 'Moving billing to Postgres', titleSource: 'model' }).payload).toMatchObject({
      storyKey: 'conversation:42',
      threadId: 5,
      title: 'Moving billing to Postgres',
    });
    expect(storySavedEvent(message, { title: 'My rename', titleSource: 'person' }).payload).toMatchObject({ title: 'My rename' });
    expect(storySavedEvent(message, { title: 'New Conversation', titleSource: 'default' }).payload).not.toHaveProperty('title');
    expect(storySavedEvent(message).payload).not.toHaveProperty('title');
  });
});
