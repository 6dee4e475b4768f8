/**
 * The NATS questions of résumés (issue 22): the profile service asks search for the stories behind
 * bullets (`search.stories.match`); conversations asks profile what the coach may know of a résumé
 * (`profile.resume.context`) and links the thread told about a bullet (`profile.resume.thread-link`).
 */
import { z } from 'zod';
// Which bullet a story is about: beside the résumé's REST schemas, which name it too (a turn, an opening, a save).
import { resumeBulletRefSchema } from './api/resumes.ts';

/** The most texts one `search.stories.match` may ask about, the most stories per text, and the most threads told for one text. */
export const STORIES_MATCH_LIMITS = { queries: 60, perQuery: 5, text: 1000, threadsPerQuery: 10 } as const;
export const storiesMatchRequestSchema = z.object({
  userId: z.number().int().positive(),
  queries: z
    .array(
      z.object({
        key: z.string().min(1).max(100),
        text: z.string().min(1).max(STORIES_MATCH_LIMITS.text),
        /** Threads told for this text ("Tell the story behind this line"): their stories are answered whatever the search finds. */
        threadIds: z.array(z.number().int().positive()).max(STORIES_MATCH_LIMITS.threadsPerQuery).optional(),
      }),
    )
    .max(STORIES_MATCH_LIMITS.queries),
  perQuery: z.number().int().min(1).max(STORIES_MATCH_LIMITS.perQuery).default(3),
});
export type StoriesMatchRequest = z.input<typeof storiesMatchRequestSchema>;
/** A found story: its id, the thread it was told in (none for a snippet's practice), the person's own words of it (never the coach's) and its relevance (0–1). */
export const matchedStorySchema = z.object({ storyId: z.number(), threadId: z.number().nullable(), content: z.string(), relevance: z.number() });
export type MatchedStory = z.infer<typeof matchedStorySchema>;
export const storiesMatchReplySchema = z.union([
  z.object({ ok: z.literal(true), results: z.array(z.object({ key: z.string(), stories: z.array(matchedStorySchema) })) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type StoriesMatchReply = z.infer<typeof storiesMatchReplySchema>;

export const resumeContextRequestSchema = z.object({ userId: z.number().int().positive(), bullet: resumeBulletRefSchema.optional() });
/** A role as the coach knows it: no contact details, no name. */
export const coachRoleSchema = z.object({ title: z.string(), company: z.string(), dates: z.string(), bullets: z.array(z.string()) });
export type CoachRole = z.infer<typeof coachRoleSchema>;
export const resumeContextReplySchema = z.union([
  z.object({
    ok: z.literal(true),
    /** The current résumé's roles, newest first as written; none without a résumé. */
    roles: z.array(coachRoleSchema),
    /** The bullet asked about, with its role. */
    bullet: z.object({ resumeId: z.number(), bulletId: z.string(), text: z.string(), role: coachRoleSchema.omit({ bullets: true }) }).optional(),
  }),
  /** Refused: the bullet is not the person's (no status: 404), or their plan has no résumés (403, issue 36). */
  z.object({ ok: z.literal(false), status: z.number().int().optional(), message: z.string() }),
]);
export type ResumeContextReply = z.infer<typeof resumeContextReplySchema>;
export const resumeThreadLinkRequestSchema = resumeBulletRefSchema.extend({ userId: z.number().int().positive(), threadId: z.number().int().positive() });
export const resumeThreadLinkReplySchema = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), message: z.string() })]);
