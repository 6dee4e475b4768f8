import { storyOrigin, type StoryResultOrigin, type storyResultSchema } from '@story/proto';
import type { z } from 'zod';
import type { StoryRecord } from '../stories/story.repository.ts';
import type { FoundStory } from './story-search.service.ts';

/**
 * A found story as the API shows it: the whole conversation with its title, told since its first
 * message; distance is 1 minus its fused relevance, to 4 decimals' worth; the passage that matched,
 * and `origin`, where to open it there (its thread at the passage's message, or its practice
 * conversation at the passage's exchange).
 */
export function presentFoundStory(found: FoundStory): z.input<typeof storyResultSchema> {
  const { story, conversation } = found;
  const origin = originOf(story);
  return {
    id: story.id,
    sourceType: story.sourceType,
    content: conversation.content,
    ...(conversation.title ? { title: conversation.title } : {}),
    createdAt: conversation.messages[0]?.story.createdAt ?? story.createdAt,
    distance: Math.round((1 - found.relevance) * 1e6) / 1e6,
    ...(found.passage ? { passage: found.passage } : {}),
    matchedBy: found.matchedBy,
    ...(origin ? { origin } : {}),
  };
}

/** Where the story was told, from its key and what it belongs to; undefined when that cannot be said. */
function originOf(story: StoryRecord): StoryResultOrigin | undefined {
  const origin = storyOrigin(story.storyKey);
  if (origin?.kind === 'message' && story.threadId !== null) return { kind: 'message', threadId: story.threadId, messageId: origin.messageId };
  if (origin?.kind === 'exchange' && story.snippetId !== null)
    return { kind: 'exchange', snippetId: story.snippetId, conversationId: origin.conversationId, exchange: origin.exchange };
  return undefined;
}
