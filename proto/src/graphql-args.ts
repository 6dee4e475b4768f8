/**
 * The arguments of the graph's fields (`proto/graphql/*.graphql`) as zod schemas, built from the
 * REST bodies of the same operations, so both ends refuse the same input with the same words. A
 * GraphQL `ID` is text: it stands where a body has a numeric id, is read like a path id, and comes
 * first, so a bad id is the problem named before any other field's. Resolvers parse them with
 * `parseArgs` (service-kit), which also drops GraphQL's null for an optional argument left out.
 */
import { z } from 'zod';
import { adminUsersQuerySchema, updateUserTypeSettingRequestSchema, userTypeSchema } from './api/accounts.ts';
import { createPlanRequestSchema } from './api/plan-requests.ts';
import { updateUserRequestSchema } from './api/plans.ts';
import { answerIdParamsSchema, correctTranscriptRequestSchema } from './api/feedback.ts';
import { confirmJobDescriptionRequestSchema, createSnippetRequestSchema, processJobDescriptionRequestSchema } from './api/jobs.ts';
import { resumePartIdSchema } from './api/resumes.ts';
import { openingRequestSchema, processTextRequestSchema, saveConversationRequestSchema, updateThreadTitleRequestSchema } from './api/threads.ts';
import { idParamsSchema, idTextSchema, snippetIdParamsSchema } from './ids.ts';

/** `(id: ID!)`: the object a mutation acts on. */
export const idArgsSchema = idParamsSchema;

// ---- auth subgraph ------------------------------------------------------------------------------

export const updateUserTypeSettingArgsSchema = z.object({ userType: userTypeSchema }).extend(updateUserTypeSettingRequestSchema.shape);
export const setUserTypeArgsSchema = idArgsSchema.extend(updateUserRequestSchema.shape);
/** `usersPage(query: String, page: Int)`: the REST query's rules; a page left out is the first. */
export const usersPageArgsSchema = adminUsersQuerySchema;
/** `requestPlan(userType)`: the body of `POST /api/plan-requests`. */
export const requestPlanArgsSchema = createPlanRequestSchema;

// ---- conversations subgraph -----------------------------------------------------------------------

export const threadsArgsSchema = z.object({ deleted: z.boolean().optional() });
/** `ResumeBulletInput`: the résumé's id as an `ID` (text), read like a path id. */
export const resumeBulletArgSchema = z.object({ resumeId: idTextSchema, bulletId: resumePartIdSchema });
/** A `ResumeBulletInput` as a client sends it. */
export type GraphqlResumeBullet = z.input<typeof resumeBulletArgSchema>;
export const renameThreadArgsSchema = idArgsSchema.extend(updateThreadTitleRequestSchema.shape);
export const saveConversationArgsSchema = z
  .object({ threadId: idTextSchema })
  .extend(saveConversationRequestSchema.omit({ threadId: true, resumeBullet: true }).shape)
  .extend({ resumeBullet: resumeBulletArgSchema.optional() });
export const processTextArgsSchema = z
  .object({ threadId: idTextSchema.optional(), snippetId: idTextSchema.optional() })
  .extend(processTextRequestSchema.omit({ threadId: true, snippetId: true, resumeBullet: true }).shape)
  .extend({ resumeBullet: resumeBulletArgSchema.optional() });
export const openConversationArgsSchema = z
  .object({ snippetId: idTextSchema.optional() })
  .extend(openingRequestSchema.omit({ snippetId: true, resumeBullet: true }).shape)
  .extend({ resumeBullet: resumeBulletArgSchema.optional() });

// ---- jobs subgraph --------------------------------------------------------------------------------

export const jobDescriptionsArgsSchema = z.object({ archived: z.boolean().optional() });
export const processJobDescriptionArgsSchema = processJobDescriptionRequestSchema;
export const confirmJobDescriptionArgsSchema = z.object({ id: idTextSchema.optional() }).extend(confirmJobDescriptionRequestSchema.omit({ id: true }).shape);
export const createSnippetArgsSchema = z.object({ jobDescriptionId: idTextSchema }).extend(createSnippetRequestSchema.omit({ jobDescriptionId: true }).shape);

// ---- feedback subgraph ----------------------------------------------------------------------------

export const answerFeedbackArgsSchema = answerIdParamsSchema;
export const snippetProgressArgsSchema = snippetIdParamsSchema;
export const correctAnswerArgsSchema = answerIdParamsSchema.extend(correctTranscriptRequestSchema.shape);
