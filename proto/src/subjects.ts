/**
 * NATS subjects and the messages that travel on them. Request/reply subjects are answered by the
 * owning service in a queue group; events go to the JetStream stream EVENTS.
 */
import { z } from 'zod';
import { responseTypeSchema, userTypeSchema } from './api.ts';
import { ANSWER_SOURCES, answerDeliveryInputSchema } from './feedback.ts';
import { answerIdSchema } from './ids.ts';

export const SUBJECTS = {
  /** auth: is this session still valid? */
  sessionCheck: 'auth.session.check',
  /** auth → everyone: a session was revoked (core NATS, best effort on top of sessionCheck's short cache). */
  sessionRevoked: 'auth.session.revoked',
  /** auth: a user's recording time limit and response type. */
  userSettings: 'auth.user.settings',
  /** jobs: does a snippet belong to a user, and what does it say? */
  snippetOwner: 'jobs.snippet.owner',
  /** speech workers (queue group `speech`). */
  speechTranscribe: 'speech.transcribe',
  speechSynthesize: 'speech.synthesize',
  /** conversations: the coach's reply to a spoken turn (asked by the speech service). */
  chatReply: 'conversations.chat.reply',
} as const;

export const QUEUE_GROUPS = { auth: 'auth', conversations: 'conversations', jobs: 'jobs', speech: 'speech', search: 'search' } as const;

export const sessionCheckRequestSchema = z.object({ sessionId: z.string() });
/**
 * A valid session comes with the user's current admin flag, so a promotion or demotion applies within
 * the gateway's few-second cache instead of at the next sign-in.
 */
export const sessionCheckReplySchema = z.object({ valid: z.boolean(), userId: z.number().optional(), isAdmin: z.boolean().optional() });
export const sessionRevokedMessageSchema = z.object({ sessionId: z.string() });

export const userSettingsRequestSchema = z.object({ userId: z.number() });
export const userSettingsReplySchema = z.union([
  z.object({ ok: z.literal(true), userType: userTypeSchema, timeLimit: z.number(), responseType: responseTypeSchema }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);

export const snippetOwnerRequestSchema = z.object({ snippetId: z.number(), userId: z.number() });
export const snippetOwnerReplySchema = z.union([
  z.object({ ok: z.literal(true), snippetText: z.string(), jobDescriptionId: z.number() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);

// ---- domain events on JetStream ---------------------------------------------------------------------

export const EVENTS_STREAM = 'EVENTS';
/** Durable consumers of EVENTS (their NATS users may create, read and ack only these). */
export const EVENT_CONSUMERS = {
  searchIndexer: 'search-indexer',
  /** conversations: deletes the practice conversations of a deleted snippet. */
  snippetCleanup: 'conversations-snippet-cleanup',
  /** feedback: scores each answer (and forgets the answers of what was deleted). */
  feedbackScorer: 'feedback-scorer',
} as const;

/** JetStream KV buckets (`openSharedBucket`) and object stores, by what they hold. */
export const NATS_BUCKETS = {
  /** gateway: per-user budgets of AI calls and writes, shared by every gateway instance. */
  budgets: 'budgets',
  /** auth: sign-in throttles per address and per account. */
  authThrottles: 'auth_throttles',
  /** speech: audio larger than one message (object store). */
  speechAudio: 'speech_audio',
} as const;

export const EVENT_SUBJECTS = {
  storySaved: 'events.story.saved',
  threadDeleted: 'events.thread.deleted',
  threadRecovered: 'events.thread.recovered',
  threadPurged: 'events.thread.purged',
  userDeleted: 'events.user.deleted',
  jobDescriptionDeleted: 'events.job-description.deleted',
  snippetDeleted: 'events.snippet.deleted',
  answerGiven: 'events.answer.given',
} as const;
export type EventSubject = (typeof EVENT_SUBJECTS)[keyof typeof EVENT_SUBJECTS];

/** A message pair was saved: the search service makes a story of it. `storyKey` makes indexing idempotent. */
export const storySavedEventSchema = z.object({
  storyKey: z.string(),
  userId: z.number(),
  threadId: z.number().optional(),
  snippetId: z.number().optional(),
  /** The job description of the snippet (interview practice), so deleting the description removes its stories. */
  jobDescriptionId: z.number().optional(),
  sourceType: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export const threadEventSchema = z.object({ userId: z.number(), threadId: z.number(), at: z.string() });
export const userDeletedEventSchema = z.object({ userId: z.number(), at: z.string() });
export const jobDescriptionDeletedEventSchema = z.object({ userId: z.number(), jobDescriptionId: z.number(), at: z.string() });
export const snippetDeletedEventSchema = z.object({ userId: z.number(), snippetId: z.number(), at: z.string() });

/**
 * `events.answer.given`: a person answered the coach's question. Published by conversations with
 * each reply (through its outbox: the reply never waits for feedback); the feedback service
 * consumes it and stores feedback under `answerId`.
 */
export const answerGivenEventSchema = z.object({
  answerId: answerIdSchema,
  userId: z.number().int().positive(),
  threadId: z.number().int().positive().optional(),
  snippetId: z.number().int().positive().optional(),
  /** The coach's previous reply: the question answered ('' when the answer opened the conversation). */
  question: z.string(),
  answer: z.string().min(1),
  /** The snippet's text (the selected job requirements) when practising for an interview. */
  requirements: z.string().optional(),
  source: z.enum(ANSWER_SOURCES),
  delivery: answerDeliveryInputSchema.optional(),
  answeredAt: z.string(),
});
export type AnswerGivenEvent = z.infer<typeof answerGivenEventSchema>;
