/**
 * Threads and conversations: saved threads and their message pairs, a text turn and the coach's
 * opening, and the practice conversations kept per snippet, as zod schemas of the REST bodies.
 */
import { z } from 'zod';
import { REPLY_AUDIO_ID, answerIdSchema, idSchema, idTextSchema } from '../ids.ts';
import { isBase64, isMp3Base64 } from '../spoken-reply.ts';
import { LIMITS, messageTextSchema, threadTitleSchema } from '../validation.ts';
import { pdfQuerySchema } from './common.ts';
import { resumeBulletRefSchema } from './resumes.ts';

export const threadListQuerySchema = z.object({
  deleted: z.enum(['true', 'false'], { error: 'deleted must be true or false' }).optional(),
});

export const threadSchema = z.object({
  id: z.number(),
  title: z.string(),
  lastUpdated: z.string(),
  deleted: z.boolean(),
  createdAt: z.string(),
});
export type Thread = z.infer<typeof threadSchema>;
export const threadListResponseSchema = z.array(threadSchema);

export const createThreadResponseSchema = z.object({ threadId: z.number(), title: z.string() });
export const updateThreadTitleRequestSchema = z.object({ title: threadTitleSchema });

/**
 * A saved message pair. Its spoken reply is never carried here (a thread read must not grow with
 * audio): `audioResponse` stays in the specification's shape but is always null, and `audioUrl`
 * says where the MP3 is served, or is null when the reply has no audio.
 */
export const threadItemSchema = z.object({
  id: z.number(),
  userMessage: z.string(),
  aiResponse: z.string(),
  createdAt: z.string(),
  /** The answer's id, when the pair was saved with one: its feedback is `GET /api/feedback/{answerId}`. */
  answerId: z.string().nullable(),
  audioResponse: z.null(),
  audioUrl: z.string().nullable(),
});
export type ThreadItem = z.infer<typeof threadItemSchema>;
export const threadItemsResponseSchema = z.array(threadItemSchema);

const storedText = (field: string) =>
  z
    .string(`${field} is required`)
    .refine((t) => t.trim().length > 0, `${field} cannot be empty`)
    .refine((t) => t.length <= LIMITS.messageText, `${field} must be at most ${LIMITS.messageText} characters`);

export const saveConversationRequestSchema = z.object({
  userMessage: storedText('userMessage'),
  aiResponse: storedText('aiResponse'),
  threadId: idSchema,
  audioResponse: z
    .string()
    .max(8_000_000, 'audioResponse is too large')
    .refine(isBase64, { message: 'audioResponse must be base64-encoded audio', abort: true })
    // It is served back as audio/mpeg: a page or a script saved as "audio" must never be (penetration test, point 9).
    .refine(isMp3Base64, 'audioResponse must be MP3 audio')
    .optional(),
  /**
   * Instead of `audioResponse`: the id of the spoken reply the speech service kept (a turn's
   * `audioId`, issue 20 point 5); the server takes the MP3 from its store, so the save sends no audio.
   */
  audioId: z.string().regex(REPLY_AUDIO_ID, 'audioId must be the audioId of a spoken reply').optional(),
  /** The answer's id from the reply, kept so the saved pair finds its feedback. */
  answerId: answerIdSchema.optional(),
  /** The résumé bullet the conversation tells the story of: the thread is linked to it (issue 22). */
  resumeBullet: resumeBulletRefSchema.optional(),
});
export type SaveConversationRequest = z.infer<typeof saveConversationRequestSchema>;
export const saveConversationResponseSchema = z.object({ id: z.number(), threadId: z.number(), message: z.string() });

/** `/api/conversation-threads/{threadId}/messages/{messageId}/audio`: both ids as plain decimal digits. */
export const messageAudioParamsSchema = z.object({ threadId: idTextSchema, messageId: idTextSchema });

/** History sent with a turn: what the user and the assistant said, oldest first. */
export const chatTurnSchema = z.object({
  role: z.enum(['user', 'assistant'], { error: 'role must be user or assistant' }),
  content: z.string('content must be a string').max(LIMITS.messageText, `content must be at most ${LIMITS.messageText} characters`),
  timestamp: z.string().max(64).optional(),
});
export type ChatTurn = z.infer<typeof chatTurnSchema>;
export const chatHistorySchema = z
  .array(chatTurnSchema, 'conversationHistory must be a list')
  .max(LIMITS.historyItems, `conversationHistory must have at most ${LIMITS.historyItems} items`);

export const processTextRequestSchema = z.object({
  text: messageTextSchema,
  conversationHistory: chatHistorySchema.default([]),
  /** The selected job requirements when practising for an interview. */
  context: z.string().max(LIMITS.snippetText, 'context is too long').optional(),
  threadId: idSchema.optional(),
  /** The snippet practised, so that feedback on the answer joins the snippet's progress (the caller's own only). */
  snippetId: idSchema.optional(),
  /** The résumé bullet whose story is told ("Tell the story behind this line"): the coach knows the line and its role. */
  resumeBullet: resumeBulletRefSchema.optional(),
});
export type ProcessTextRequest = z.infer<typeof processTextRequestSchema>;
/** The reply, and the id under which feedback on the answer appears (`GET /api/feedback/{answerId}`) a moment later; no id for what is not an answer ("Hi, I'm ready"). */
export const processTextResponseSchema = z.object({ aiResponse: z.string(), answerId: answerIdSchema.optional() });

/**
 * `POST /api/process-text/opening`: the coach's first words, before the person says anything. With
 * interview context (the selected requirements, or the caller's own snippet, whose text serves when
 * no context is sent) it is the interviewer's first question; about a résumé bullet, the opening of its story;
 * otherwise the story coach's opening.
 */
export const openingRequestSchema = z.object({
  context: z.string('context must be a string').max(LIMITS.snippetText, 'context is too long').optional(),
  snippetId: idSchema.optional(),
  /** The résumé bullet whose story is to be told: the opening names the line and its role. */
  resumeBullet: resumeBulletRefSchema.optional(),
  /** A requirement the person has no story for yet (issue 23, "No story yet: tell one"): the story coach's opening asks for one that shows it. */
  storyRequirement: z
    .string('storyRequirement must be a string')
    .trim()
    .min(1, 'storyRequirement is empty')
    .max(LIMITS.snippetText, 'storyRequirement is too long')
    .optional(),
  /** A mock interview (issue 23): the opening is what its interviewer says now (the current question), to be spoken. */
  mockInterviewId: idSchema.optional(),
});
export type OpeningRequest = z.infer<typeof openingRequestSchema>;
/** The opening, to show (and speak) as the conversation's first turn; the first answer sends it as the history's first assistant turn. */
export const openingResponseSchema = z.object({ aiResponse: z.string() });

// ---- snippet conversations ----------------------------------------------------------------------

export const snippetExchangeSchema = z.object({
  userMessage: z.string().max(LIMITS.messageText),
  aiResponse: z.string().max(LIMITS.messageText),
  timestamp: z.string().max(64),
  /** The answer's id from `/api/process-text`, kept so a saved exchange finds its feedback (`/api/feedback/{answerId}`). */
  answerId: answerIdSchema.optional(),
});
export type SnippetExchange = z.infer<typeof snippetExchangeSchema>;
export const saveSnippetConversationRequestSchema = z.object({
  snippetId: idSchema,
  conversationHistory: z.array(snippetExchangeSchema, 'conversationHistory must be a list').max(LIMITS.historyItems),
});
export const saveSnippetConversationResponseSchema = z.object({ id: z.number(), snippetId: z.number(), message: z.string() });
export const snippetConversationSchema = z.object({
  id: z.number(),
  snippetId: z.number(),
  conversationHistory: z.array(snippetExchangeSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const snippetConversationsResponseSchema = z.array(snippetConversationSchema);

/** True when `timeZone` is an IANA time zone this runtime knows ("Europe/Paris"). */
function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * `GET /api/conversation-threads/{id}/pdf` and `GET /api/snippet-conversations/{snippetId}/pdf`:
 * the paper, and the person's time zone for the dates and times (UTC when not given).
 */
export const conversationPdfQuerySchema = pdfQuerySchema.extend({
  timeZone: z.string().max(64).refine(isTimeZone, 'timeZone must be a time zone such as Europe/Paris').optional(),
});
export type ConversationPdfQuery = z.infer<typeof conversationPdfQuerySchema>;
