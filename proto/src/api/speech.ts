/**
 * Speech: an uploaded or streamed recording's turn (transcript, reply and its spoken audio with word
 * timings), and the live recording sessions, as zod schemas of the REST bodies.
 */
import { z } from 'zod';
import { answerIdSchema, idSchema, idTextSchema } from '../ids.ts';
import { LIMITS } from '../validation.ts';
import { ANSWER_PARTS, mockInterviewTurnSchema } from './mock-interviews.ts';
import { recordingIdSchema } from './plans.ts';
import { resumeBulletRefSchema, resumePartIdSchema } from './resumes.ts';
import { chatHistorySchema } from './threads.ts';

export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
/** A recording smaller than this was not captured whole (spec section 5, "Recording blob"). */
export const MIN_RECORDING_BYTES = 1000;
export const transcribeFieldsSchema = z
  .object({
    conversationHistory: chatHistorySchema.default([]),
    audioType: z.enum(['solo'], { error: 'audioType must be solo' }).optional(),
    context: z.string().max(LIMITS.snippetText).optional(),
    /** The thread or practised snippet of the turn (form fields are text), so the answer's feedback is filed under it. */
    threadId: idTextSchema.optional(),
    snippetId: idTextSchema.optional(),
    /** The résumé bullet whose story is told (issue 22): both fields, or neither. */
    resumeId: idTextSchema.optional(),
    bulletId: resumePartIdSchema.optional(),
    /** The recording's id (issue 21): its live session's, when this is that recording sent whole, so it is counted once. */
    recordingId: recordingIdSchema.optional(),
    /** An answer in a mock interview (issue 23), sent whole (a live session's finish failed): the interview, the question, the part. All three, or none. */
    mockInterviewId: idTextSchema.optional(),
    mockQuestionIndex: z
      .string()
      .regex(/^\d{1,3}$/, 'mockQuestionIndex must be a whole number')
      .transform(Number)
      .optional(),
    mockPart: z.enum(ANSWER_PARTS, 'mockPart must be answer or follow-up').optional(),
  })
  .refine(
    (fields) => [fields.mockInterviewId, fields.mockQuestionIndex, fields.mockPart].filter((field) => field === undefined).length % 3 === 0,
    'mockInterviewId, mockQuestionIndex and mockPart go together',
  );

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
  /**
   * The id under which the server keeps the spoken reply's whole MP3 for a while (issue 20, point
   * 5): a save may name it (`audioId`) instead of sending the audio back. Absent without audio.
   */
  audioId: z.string().optional(),
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
export const spokenOpeningResponseSchema = z.object({
  aiResponse: z.string(),
  audioResponse: z.string().optional(),
  audioId: z.string().optional(),
  wordTimings: z.array(wordTimingSchema).optional(),
});
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
  /** The recorder's id for this recording (issue 21): its minutes are counted once under it, whether it ends streamed or sent whole. */
  recordingId: recordingIdSchema.optional(),
});
export const voiceSessionResponseSchema = z.object({ sessionId: z.string() });
export const voiceSessionParamsSchema = z.object({ sessionId: idTextSchema });
/** `DELETE /api/transcribe/sessions/{sessionId}?recordingId=…`: the recording whose hold on the month's minutes goes with it. */
export const cancelVoiceSessionQuerySchema = z.object({ recordingId: recordingIdSchema.optional() });
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
  chunkCount: z
    .number('chunkCount must be a number')
    .int('chunkCount must be a whole number')
    .min(1, 'chunkCount must be at least 1')
    .max(100_000, 'chunkCount is too large'),
  conversationHistory: chatHistorySchema.default([]),
  context: z.string().max(LIMITS.snippetText).optional(),
  threadId: idSchema.optional(),
  snippetId: idSchema.optional(),
  /** The résumé bullet whose story is told (issue 22). */
  resumeBullet: resumeBulletRefSchema.optional(),
  /** The id the session was opened with, if any; the session is counted under its own (issue 36), whatever this says. */
  recordingId: recordingIdSchema.optional(),
  /**
   * An answer in a mock interview (issue 23): the interview, the question and which part of it. The
   * interview records and scores the answer, and its interviewer's next words are the spoken reply.
   */
  mockInterview: mockInterviewTurnSchema.optional(),
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
  /** On the last piece: the id under which the whole reply (every piece, in order) is kept for a save (issue 20, point 5). */
  audioId: z.string().optional(),
});
export type ReplyAudioPart = z.infer<typeof replyAudioPartSchema>;

/** Every line after the first: a piece of audio, or why the rest of the audio will not come. */
export const replyStreamLineSchema = z.union([z.object({ audioPart: replyAudioPartSchema }), z.object({ message: z.string() })]);
export type ReplyStreamLine = z.infer<typeof replyStreamLineSchema>;
