/**
 * Every REST body of the specification's section 7, request and response, as zod schemas.
 * Services parse requests with these; the web client types its calls with them.
 */
import { z } from 'zod';
import { answerIdSchema, idSchema, idTextSchema } from './ids.ts';
import { ACCOUNT_MESSAGES } from './messages/accounts.ts';
import { isBase64, isMp3Base64 } from './spoken-reply.ts';
import {
  LIMITS,
  MESSAGES,
  emailSchema,
  loginFormSchema,
  messageTextSchema,
  passwordSchema,
  registrationFormSchema,
  threadTitleSchema,
} from './validation.ts';

export const USER_TYPES = ['standard', 'plus', 'pro'] as const;
export const userTypeSchema = z.enum(USER_TYPES, { error: 'userType must be one of standard, plus, pro' });
export type UserType = z.infer<typeof userTypeSchema>;

export const RESPONSE_TYPES = ['text', 'text_and_voice'] as const;
export const responseTypeSchema = z.enum(RESPONSE_TYPES, { error: 'responseType must be text or text_and_voice' });
export type ResponseType = z.infer<typeof responseTypeSchema>;

export const DEFAULT_TIME_LIMIT_SECONDS = 300;
/** One day: no plan records longer than that in one go. */
export const MAX_TIME_LIMIT_SECONDS = 86_400;

export const errorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

// ---- auth -------------------------------------------------------------------------------------

export const checkEmailQuerySchema = z.object({ email: emailSchema });
export const checkEmailResponseSchema = z.object({ exists: z.boolean() });

export const registerRequestSchema = registrationFormSchema.extend({ email: emailSchema });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = loginFormSchema;
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  userType: userTypeSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Login, register and google-auth answer with the user, `isAdmin` at the top as the spec reads it. */
export const authResponseSchema = z.object({
  message: z.string(),
  isAdmin: z.boolean(),
  user: sessionUserSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * Google sign-in. The client sends Google's ID token as `credential`; the server takes email and
 * names from the verified token only. The spec's email/firstName/lastName/googleId are accepted and
 * must agree with the token when present.
 */
export const googleAuthRequestSchema = z.object({
  credential: z.string('credential (a Google ID token) is required').min(1, 'credential (a Google ID token) is required').max(8192, 'credential is too long'),
  email: emailSchema.optional(),
  firstName: z.string().max(LIMITS.name).optional(),
  lastName: z.string().max(LIMITS.name).optional(),
  googleId: z.string().max(255).optional(),
});
export type GoogleAuthRequest = z.infer<typeof googleAuthRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/** `POST /api/users/password`: the new password meets the sign-up rules (the server also refuses common ones). */
export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string(ACCOUNT_MESSAGES.currentPasswordRequired)
    .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
    .max(LIMITS.password, ACCOUNT_MESSAGES.currentPasswordWrong),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** `POST /api/users/sessions/revoke-others`: how many other sessions ended. */
export const revokeOtherSessionsResponseSchema = z.object({ message: z.string(), revoked: z.number().int().min(0) });

/** `/api/auth/config`: public settings the web needs before sign-in (whether to show Google's button). */
export const authConfigResponseSchema = z.object({ googleClientId: z.string().nullable() });
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;

export const adminUserSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userType: userTypeSchema,
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.array(adminUserSchema);

export const userTypeSettingSchema = z.object({
  userType: userTypeSchema,
  timeLimit: z.number(),
  responseType: responseTypeSchema,
});
export type UserTypeSetting = z.infer<typeof userTypeSettingSchema>;
export const userTypeSettingsResponseSchema = z.array(userTypeSettingSchema);

export const userTypeParamsSchema = z.object({ userType: userTypeSchema });
export const updateUserTypeSettingRequestSchema = z.object({
  timeLimit: z
    .number('timeLimit must be a number of seconds')
    .min(0, 'timeLimit must be at least 0')
    .max(MAX_TIME_LIMIT_SECONDS, `timeLimit must be at most ${MAX_TIME_LIMIT_SECONDS} seconds`),
  responseType: responseTypeSchema,
});
export type UpdateUserTypeSettingRequest = z.infer<typeof updateUserTypeSettingRequestSchema>;

export const timeLimitResponseSchema = z.object({ timeLimit: z.number(), responseType: responseTypeSchema });

// ---- threads and conversations ------------------------------------------------------------------

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
  /** The answer's id from the reply, kept so the saved pair finds its feedback. */
  answerId: answerIdSchema.optional(),
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
});
export type ProcessTextRequest = z.infer<typeof processTextRequestSchema>;
/** The reply, and the id under which feedback on the answer appears (`GET /api/feedback/{answerId}`) a moment later; no id for what is not an answer ("Hi, I'm ready"). */
export const processTextResponseSchema = z.object({ aiResponse: z.string(), answerId: answerIdSchema.optional() });

/**
 * `POST /api/process-text/opening`: the coach's first words, before the person says anything. With
 * interview context (the selected requirements, or the caller's own snippet, whose text serves when
 * no context is sent) it is the interviewer's first question; without, the story coach's opening.
 */
export const openingRequestSchema = z.object({
  context: z.string('context must be a string').max(LIMITS.snippetText, 'context is too long').optional(),
  snippetId: idSchema.optional(),
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

// ---- speech ---------------------------------------------------------------------------------------

export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
/** A recording smaller than this was not captured whole (spec section 5, "Recording blob"). */
export const MIN_RECORDING_BYTES = 1000;
export const transcribeFieldsSchema = z.object({
  conversationHistory: chatHistorySchema.default([]),
  audioType: z.enum(['solo'], { error: 'audioType must be solo' }).optional(),
  context: z.string().max(LIMITS.snippetText).optional(),
  /** The thread or practised snippet of the turn (form fields are text), so the answer's feedback is filed under it. */
  threadId: idTextSchema.optional(),
  snippetId: idTextSchema.optional(),
});

/**
 * When one word of a spoken reply is said, in seconds from the start of its MP3. The words are the
 * reply's whitespace-separated words, in order, so the web app highlights `aiResponse.split(/\s+/)[i]`.
 */
export const wordTimingSchema = z.object({ word: z.string(), start: z.number().min(0), end: z.number().min(0) });
export type WordTiming = z.infer<typeof wordTimingSchema>;

/**
 * A word of a transcript as the recogniser heard it (issue 19): when it was said, how sure the
 * recogniser is of it (`confidence` 0 to 1, null when the engine tells nothing, e.g. a transcription
 * model without word times), and whether it is shown as unsure (`uncertain`). An unsure word is
 * never quoted as evidence nor counted as a filler; the person can correct the transcript.
 */
export const transcriptWordSchema = wordTimingSchema.extend({ confidence: z.number().min(0).max(1).nullable(), uncertain: z.boolean() });
export type TranscriptWord = z.infer<typeof transcriptWordSchema>;

/**
 * A spoken turn's answer. `audioResponse` (base64 MP3) and its `wordTimings` are absent when the
 * user's type replies with text only; `rawTranscript` is what was heard before a solo memo was
 * cleaned of filler words and repeats.
 */
export const transcribeResponseSchema = z.object({
  transcript: z.string(),
  rawTranscript: z.string().optional(),
  aiResponse: z.string(),
  audioResponse: z.string().optional(),
  wordTimings: z.array(wordTimingSchema).optional(),
  /** The answer's id: its feedback (with the delivery) appears at `GET /api/feedback/{answerId}` a moment later. */
  answerId: answerIdSchema.optional(),
  /**
   * The words of `transcript`, one per whitespace-separated word, in order, with the recogniser's
   * confidence in each (issue 19). For a solo memo these are the cleaned transcript's words (what
   * the cleaning removed has none). Absent from older servers and for engines that give no words.
   */
  transcriptWords: z.array(transcriptWordSchema).optional(),
});
export type TranscribeResponse = z.infer<typeof transcribeResponseSchema>;

/**
 * `POST /api/transcribe/opening` (the same body as `/api/process-text/opening`): the opening with its
 * speech, as a spoken turn's reply comes (`audioResponse` base64 MP3 and `wordTimings`), when the
 * caller's type replies with voice; text only otherwise.
 */
export const spokenOpeningResponseSchema = z.object({ aiResponse: z.string(), audioResponse: z.string().optional(), wordTimings: z.array(wordTimingSchema).optional() });
export type SpokenOpeningResponse = z.infer<typeof spokenOpeningResponseSchema>;

/** The recorder's formats (spec section 9, in order of preference), as `MediaRecorder` names them. */
export const RECORDING_MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'] as const;

/**
 * `POST /api/transcribe/sessions`: a recording that streams to the speech service while the person
 * speaks (its chunks are recognised as they arrive); `mimeType` is what the recorder makes.
 */
export const openVoiceSessionRequestSchema = z.object({
  mimeType: z
    .string('mimeType is required')
    .max(100, 'mimeType is too long')
    .refine((type) => /^audio\/(webm|ogg|mp4)\b/.test(type.toLowerCase()), 'mimeType must be a webm, ogg or mp4 recording'),
});
export const voiceSessionResponseSchema = z.object({ sessionId: z.string() });
export const voiceSessionParamsSchema = z.object({ sessionId: idTextSchema });
/** `POST /api/transcribe/sessions/{sessionId}/chunks?seq=n`: the recorder's n-th chunk (from 0), raw bytes. */
export const voiceChunkQuerySchema = z.object({
  seq: z
    .string('seq must be a whole number from 0')
    .regex(/^(0|[1-9][0-9]{0,5})$/, 'seq must be a whole number from 0')
    .transform(Number),
});
export const voiceChunkResponseSchema = z.object({ received: z.number().int(), heardSeconds: z.number() });
/** `POST /api/transcribe/sessions/{sessionId}/finish`: Stop was pressed after `chunkCount` chunks; the answer is a transcribe response. */
export const finishVoiceSessionRequestSchema = z.object({
  chunkCount: z.number('chunkCount must be a number').int('chunkCount must be a whole number').min(1, 'chunkCount must be at least 1').max(100_000, 'chunkCount is too large'),
  conversationHistory: chatHistorySchema.default([]),
  context: z.string().max(LIMITS.snippetText).optional(),
  threadId: idSchema.optional(),
  snippetId: idSchema.optional(),
});
export type FinishVoiceSessionRequest = z.infer<typeof finishVoiceSessionRequestSchema>;

/**
 * A live recording's answer as it is made (its finish asked with `Accept: application/x-ndjson`):
 * one JSON object per line. A long reply takes festival seconds to speak, so it is spoken a piece
 * at a time, the first piece short: its audio starts playing while the next pieces are made.
 */
export const REPLY_STREAM_CONTENT_TYPE = 'application/x-ndjson';

/** The first line: the turn, with the spoken reply's first piece; `audioParts` counts all its pieces. */
export const streamedTurnSchema = transcribeResponseSchema.extend({ audioParts: z.number().int().min(1).optional() });
export type StreamedTurn = z.infer<typeof streamedTurnSchema>;

/**
 * A later piece of the spoken reply (`index` from 1): its MP3 and the times of its words, counted
 * from the start of the whole reply (`offsetSeconds` is where the piece begins in it).
 */
export const replyAudioPartSchema = z.object({
  index: z.number().int().min(1),
  audioResponse: z.string().min(1),
  wordTimings: z.array(wordTimingSchema),
  offsetSeconds: z.number().min(0),
});
export type ReplyAudioPart = z.infer<typeof replyAudioPartSchema>;

/** Every line after the first: a piece of audio, or why the rest of the audio will not come. */
export const replyStreamLineSchema = z.union([z.object({ audioPart: replyAudioPartSchema }), z.object({ message: z.string() })]);
export type ReplyStreamLine = z.infer<typeof replyStreamLineSchema>;

// ---- jobs -----------------------------------------------------------------------------------------

const requiredTrimmed = (message: string, max: number) =>
  z.string(message).trim().min(1, message).max(max, `${message.replace('Please enter', 'Keep')} under ${max} characters`);

/** The interview start form; its fields are checked in the specification's order (company, title, description), so the first problem is the one the form shows. */
export const processJobDescriptionRequestSchema = z.object({
  companyName: requiredTrimmed(MESSAGES.companyRequired, LIMITS.companyName),
  jobTitle: requiredTrimmed(MESSAGES.jobTitleRequired, LIMITS.jobTitle),
  jobDescription: z.string(MESSAGES.jobDescriptionRequired).refine((t) => t.trim().length > 0, MESSAGES.jobDescriptionRequired).refine((t) => t.length <= LIMITS.jobDescription, `Job description must be at most ${LIMITS.jobDescription} characters`),
});
export type ProcessJobDescriptionRequest = z.infer<typeof processJobDescriptionRequestSchema>;
export const processJobDescriptionResponseSchema = z.object({ cleanedDescription: z.string() });

export const confirmJobDescriptionRequestSchema = z.object({
  formattedContent: z.string(MESSAGES.formattedContentEmpty).refine((t) => t.trim().length > 0, MESSAGES.formattedContentEmpty).refine((t) => t.length <= LIMITS.jobDescription, 'Formatted content is too long'),
  jobTitle: requiredTrimmed(MESSAGES.jobTitleRequired, LIMITS.jobTitle),
  companyName: requiredTrimmed(MESSAGES.companyRequired, LIMITS.companyName),
  originalContent: z.string().max(LIMITS.jobDescription, 'Original content is too long').optional(),
  /** The saved description being re-confirmed (the review screen opened with `id`); absent: a new one. */
  id: idSchema.optional(),
});
export type ConfirmJobDescriptionRequest = z.infer<typeof confirmJobDescriptionRequestSchema>;
export const confirmJobDescriptionResponseSchema = z.object({ id: z.number(), message: z.string() });
export const jobDescriptionSchema = z.object({
  id: z.number(),
  companyName: z.string(),
  jobTitle: z.string(),
  formattedContent: z.string(),
  originalContent: z.string(),
  isArchived: z.boolean(),
  createdAt: z.string(),
});
export type JobDescription = z.infer<typeof jobDescriptionSchema>;
export const jobDescriptionsResponseSchema = z.array(jobDescriptionSchema);
/** Archive, unarchive and delete answer with the description's id and what happened. */
export const jobDescriptionActionResponseSchema = z.object({ id: z.number(), message: z.string() });

/** Save Snippet: the pasted text is checked before the description id, as the specification orders them. */
export const createSnippetRequestSchema = z.object({
  snippetText: z.string(MESSAGES.snippetEmpty).refine((t) => t.trim().length > 0, MESSAGES.snippetEmpty).refine((t) => t.length <= LIMITS.snippetText, 'Snippet is too long'),
  jobDescriptionId: z.number(MESSAGES.invalidJobDescriptionId).int(MESSAGES.invalidJobDescriptionId).positive(MESSAGES.invalidJobDescriptionId).max(Number.MAX_SAFE_INTEGER, MESSAGES.invalidJobDescriptionId),
});
export type CreateSnippetRequest = z.infer<typeof createSnippetRequestSchema>;
export const createSnippetResponseSchema = z.object({ id: z.number() });
export const snippetSchema = z.object({ id: z.number(), snippetText: z.string(), createdAt: z.string() });
export type Snippet = z.infer<typeof snippetSchema>;
export const snippetsResponseSchema = z.array(snippetSchema);
export const singleSnippetResponseSchema = z.object({ id: z.number(), snippetText: z.string(), jobDescriptionId: z.number() });

// ---- search ---------------------------------------------------------------------------------------

export const storyQueryRequestSchema = z.object({
  query: z.string(MESSAGES.searchEmpty).trim().min(1, MESSAGES.searchEmpty).max(LIMITS.searchQuery, `Search query must be at most ${LIMITS.searchQuery} characters`),
});
/** Why a story came up: found by its meaning (dense vectors), by its words (the lexical index), or both. */
export const STORY_MATCH_KINDS = ['meaning', 'words'] as const;
export const storyResultSchema = z.object({
  id: z.number(),
  sourceType: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /** 1 minus the story's fused relevance (0 to 1): lower is closer, and results come in its order. */
  distance: z.number(),
  /** The passage of `content` that matched the query best, as character offsets, for the page to highlight. */
  passage: z.object({ start: z.number().int().min(0), end: z.number().int().min(0) }).optional(),
  matchedBy: z.array(z.enum(STORY_MATCH_KINDS)).optional(),
  /** Where the story was told, for the result to open it there: a thread at its message, or a snippet's practice conversation at its exchange (0-based). */
  origin: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('message'), threadId: z.number().int().positive(), messageId: z.number().int().positive() }),
      z.object({ kind: z.literal('exchange'), snippetId: z.number().int().positive(), conversationId: z.number().int().positive(), exchange: z.number().int().min(0) }),
    ])
    .optional(),
});
export type StoryResult = z.infer<typeof storyResultSchema>;
export type StoryResultOrigin = NonNullable<StoryResult['origin']>;
export const storyQueryResponseSchema = z.object({ relevantStories: z.array(storyResultSchema) });
