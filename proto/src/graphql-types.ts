/**
 * The object types of the graph (`proto/graphql/*.graphql`) as zod schemas, so clients type their
 * query results from the contract. Field names and nullability are the SDL's, field for field;
 * `graphql-types.test.ts` parses the SDL and fails when the two disagree.
 */
import { z } from 'zod';
import { userTypeSchema } from './api/accounts.ts';
import { planRequestStatusSchema } from './api/plan-requests.ts';
import { planFeaturesSchema, responseTypeSchema } from './api/plans.ts';
import { jobDescriptionSchema } from './api/jobs.ts';

/** A GraphQL `ID`: always a string on the wire, whatever the database keeps. */
export const graphqlIdSchema = z.string();
/** A GraphQL `Int`. */
export const graphqlIntSchema = z.number().int();

// ---- auth subgraph ------------------------------------------------------------------------------

export const graphqlUserSchema = z.object({
  id: graphqlIdSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  userType: userTypeSchema,
  requestedPlan: userTypeSchema.nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type GraphqlUser = z.infer<typeof graphqlUserSchema>;

/** A page of the admin's users table (issue 39, 5). */
export const graphqlUserPageSchema = z.object({
  users: z.array(graphqlUserSchema),
  total: graphqlIntSchema,
  page: graphqlIntSchema,
  pageSize: graphqlIntSchema,
});
export type GraphqlUserPage = z.infer<typeof graphqlUserPageSchema>;

export const graphqlUserTypeSettingSchema = z.object({
  userType: userTypeSchema,
  /** Seconds. */
  timeLimit: graphqlIntSchema,
  responseType: responseTypeSchema,
  monthlyMinutes: z.number(),
  features: planFeaturesSchema,
});
export type GraphqlUserTypeSetting = z.infer<typeof graphqlUserTypeSettingSchema>;

/** A plan request (issue 39) with the person who asked. */
export const graphqlPlanRequestSchema = z.object({
  id: graphqlIdSchema,
  userType: userTypeSchema,
  fromUserType: userTypeSchema,
  status: planRequestStatusSchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  user: graphqlUserSchema,
});
export type GraphqlPlanRequest = z.infer<typeof graphqlPlanRequestSchema>;

/** The caller's plan and plan requests; `request` and `decision` without their `user` (the caller). */
export const graphqlMyPlanSchema = z.object({
  userType: userTypeSchema,
  request: graphqlPlanRequestSchema.nullable(),
  decision: graphqlPlanRequestSchema.nullable(),
});

export const graphqlRecordingSettingsSchema = z.object({
  /** Seconds. */
  timeLimit: graphqlIntSchema,
  responseType: responseTypeSchema,
});
export type GraphqlRecordingSettings = z.infer<typeof graphqlRecordingSettingsSchema>;

// ---- conversations subgraph -----------------------------------------------------------------------

/** An answer by its id, as conversations names it; the feedback subgraph resolves its feedback. */
export const graphqlAnswerReferenceSchema = z.object({ id: graphqlIdSchema });

export const graphqlThreadItemSchema = z.object({
  id: graphqlIdSchema,
  userMessage: z.string(),
  aiResponse: z.string(),
  createdAt: z.string(),
  /** The answer's id, when the pair was saved with one. */
  answerId: graphqlIdSchema.nullable(),
  /** That answer (its `feedback` from the feedback subgraph), null without an id. */
  answer: graphqlAnswerReferenceSchema.nullable(),
  /** Where the spoken reply's MP3 is served, or null without audio. */
  audioUrl: z.string().nullable(),
});
export type GraphqlThreadItem = z.infer<typeof graphqlThreadItemSchema>;

export const graphqlThreadSchema = z.object({
  id: graphqlIdSchema,
  title: z.string(),
  /** ISO 8601. */
  lastUpdated: z.string(),
  createdAt: z.string(),
  deleted: z.boolean(),
  /** Saved message pairs, oldest first. */
  items: z.array(graphqlThreadItemSchema),
});
export type GraphqlThread = z.infer<typeof graphqlThreadSchema>;

/** The reply, and the id of the answer's feedback (`answerFeedback`), null when it could not be recorded. */
export const graphqlAiReplySchema = z.object({ aiResponse: z.string(), answerId: graphqlIdSchema.nullable() });
export type GraphqlAiReply = z.infer<typeof graphqlAiReplySchema>;

// ---- jobs subgraph --------------------------------------------------------------------------------

export const graphqlSnippetSchema = z.object({
  id: graphqlIdSchema,
  jobDescriptionId: graphqlIdSchema,
  snippetText: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type GraphqlSnippet = z.infer<typeof graphqlSnippetSchema>;

/** The REST description's fields, its id as a GraphQL ID, with its snippets and their count. */
export const graphqlJobDescriptionSchema = jobDescriptionSchema.extend({
  id: graphqlIdSchema,
  snippetCount: graphqlIntSchema,
  /** Newest first. */
  snippets: z.array(graphqlSnippetSchema),
});
export type GraphqlJobDescription = z.infer<typeof graphqlJobDescriptionSchema>;

export const graphqlCleanedDescriptionSchema = z.object({ cleanedDescription: z.string() });
export type GraphqlCleanedDescription = z.infer<typeof graphqlCleanedDescriptionSchema>;
