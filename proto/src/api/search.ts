/** Search: a query over the caller's stories and what it finds, as zod schemas of the REST bodies. */
import { z } from 'zod';
import { LIMITS, MESSAGES } from '../validation.ts';

export const storyQueryRequestSchema = z.object({
  query: z
    .string(MESSAGES.searchEmpty)
    .trim()
    .min(1, MESSAGES.searchEmpty)
    .max(LIMITS.searchQuery, `Search query must be at most ${LIMITS.searchQuery} characters`),
});
/** Why a story came up: found by its meaning (dense vectors), by its words (the lexical index), or both. */
export const STORY_MATCH_KINDS = ['meaning', 'words'] as const;
/**
 * One found story: a whole conversation (every saved message of it, in order), opened at the passage
 * that matched. `id`, `origin` and `createdAt` are of the saved message where the passage is.
 */
export const storyResultSchema = z.object({
  id: z.number(),
  sourceType: z.string(),
  content: z.string(),
  /** The conversation's title, when it has one. */
  title: z.string().optional(),
  createdAt: z.string(),
  /** 1 minus the story's fused relevance (0 to 1): lower is closer, and results come in its order. */
  distance: z.number(),
  /** The passage of `content` that matched the query best, as character offsets, for the page to highlight and open at. */
  passage: z.object({ start: z.number().int().min(0), end: z.number().int().min(0) }).optional(),
  matchedBy: z.array(z.enum(STORY_MATCH_KINDS)).optional(),
  /** Where the story was told, for the result to open it there: a thread at its message, or a snippet's practice conversation at its exchange (0-based). */
  origin: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('message'), threadId: z.number().int().positive(), messageId: z.number().int().positive() }),
      z.object({
        kind: z.literal('exchange'),
        snippetId: z.number().int().positive(),
        conversationId: z.number().int().positive(),
        exchange: z.number().int().min(0),
      }),
    ])
    .optional(),
});
export type StoryResult = z.infer<typeof storyResultSchema>;
export type StoryResultOrigin = NonNullable<StoryResult['origin']>;
export const storyQueryResponseSchema = z.object({ relevantStories: z.array(storyResultSchema) });
