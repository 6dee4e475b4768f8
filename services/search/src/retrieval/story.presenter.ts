import type { storyResultSchema } from '@story/proto';
import type { z } from 'zod';
import type { FoundStory } from './story-search.service.ts';

/** A found story as the API shows it: distance is 1 minus its fused relevance, to 4 decimals' worth. */
export function presentFoundStory(found: FoundStory): z.input<typeof storyResultSchema> {
  const { story } = found;
  return {
    id: story.id,
    sourceType: story.sourceType,
    content: story.content,
    createdAt: story.createdAt,
    distance: Math.round((1 - found.relevance) * 1e6) / 1e6,
    ...(found.passage ? { passage: found.passage } : {}),
    matchedBy: found.matchedBy,
  };
}
