import { z } from 'zod';
import { BULLET_WEAKNESSES } from '@story/proto/api/resumes';
import type { MatchedStory } from '@story/proto/resume-subjects';
import { EVIDENCE_FLOORS } from './story-evidence.ts';
import { roleLine, type WeakBullet } from './resume-suggestions.ts';

/**
 * What the model must return (OpenAI structured output, strict): per bullet, its weaknesses, a
 * rewrite, and the story and exact words it stands on. The engine checks all of it (see the engine).
 * Kinds are plain strings here so that one wrong kind drops that weakness, not the whole answer.
 */
export const modelSuggestionsSchema = z.object({
  suggestions: z.array(
    z.object({
      key: z.string(),
      weaknesses: z.array(z.object({ kind: z.string(), message: z.string() })),
      rewrite: z.string(),
      storyId: z.number().int().nullable(),
      quote: z.string().nullable(),
      toAdd: z.string().nullable(),
    }),
  ),
});
export type ModelSuggestions = z.infer<typeof modelSuggestionsSchema>;

export const SUGGESTIONS_SYSTEM_PROMPT = `You are a résumé coach improving the bullets of one person's résumé.
Return JSON only, in the given schema: one entry per bullet, with the bullet's "key".

weaknesses: what is weak in the bullet, each with a kind from exactly this list: ${BULLET_WEAKNESSES.join(', ')};
and a message of one or two short sentences that says why and what to do, about this bullet.

Stories: some bullets come with stories the person told in their own words. When a story holds the
missing facts (a number, a result) about the SAME thing as the bullet, give its storyId and in "quote"
the sentence that holds them, copied EXACTLY, character for character, from the story. A story about
something else, or whose numbers measure something else, is no evidence: then storyId and quote are null.

rewrite: the bullet rewritten: a strong verb first, active voice, at most 30 words. Use ONLY facts from
the bullet and from the quote: never invent a number, a result, a tool or a name. Every number in the
rewrite must appear in the bullet or in the quote.

toAdd: when no story holds the missing facts, one sentence asking the person for them (for example:
Add the result with a number: how much faster, how many people, how much saved.); otherwise null.`;

/** Story excerpts sent per bullet: only stories told in a thread and relevant enough, each cut to this length. */
const STORY_CHARACTERS = 1500;

/** The stories of a bullet that may be evidence, as the model will see them. */
export const storiesForModel = (stories: readonly MatchedStory[]): MatchedStory[] =>
  stories.filter((story) => story.threadId !== null && story.relevance >= EVIDENCE_FLOORS.relevance);

/** The user message: each weak bullet with its role (title and company only: never the name or contact lines) and its stories. */
export function suggestionsRequest(weak: readonly WeakBullet[], candidates: ReadonlyMap<string, readonly MatchedStory[]>): string {
  return weak
    .map((entry) => {
      const stories = storiesForModel(candidates.get(entry.key) ?? []);
      const told = stories.length
        ? stories.map((story) => `  Story ${story.storyId}: ${story.content.slice(0, STORY_CHARACTERS)}`).join('\n')
        : '  (no stories)';
      const found = entry.findings.map((finding) => finding.kind).join(', ');
      return `Bullet ${entry.key}\n  Role: ${roleLine(entry.role)}\n  Text: ${entry.bullet.text}\n  Found weak offline: ${found}\n${told}`;
    })
    .join('\n\n');
}
