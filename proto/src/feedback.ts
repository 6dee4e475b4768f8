/**
 * Feedback on an answer (issue 12): what the conversations service tells about an answer
 * (`events.answer.given`), and what the feedback service serves about it by REST and GraphQL. The
 * feedback's object schemas are also the zod mirrors of the feedback subgraph's types
 * (`graphql-types.test.ts`), so REST and GraphQL give the web one shape.
 */
import { z } from 'zod';
import { graphqlIdSchema, graphqlIntSchema } from './graphql-types.ts';
import { answerIdSchema, idTextSchema } from './ids.ts';

export const answerIdParamsSchema = z.object({ answerId: answerIdSchema });
export const feedbackSnippetParamsSchema = z.object({ snippetId: idTextSchema });

export const ANSWER_SOURCES = ['typed', 'spoken'] as const;
export type AnswerSource = (typeof ANSWER_SOURCES)[number];
export const FEEDBACK_ENGINES = ['offline', 'openai'] as const;
export type FeedbackEngineName = (typeof FEEDBACK_ENGINES)[number];
export const STAR_PARTS = ['situation', 'task', 'action', 'result'] as const;
export type StarPart = (typeof STAR_PARTS)[number];
export const ASSESSMENT_DIMENSIONS = ['relevance', 'specificity', 'ownership', 'impact', 'structure'] as const;
export type AssessmentDimension = (typeof ASSESSMENT_DIMENSIONS)[number];
/** A spoken answer's length against the target of one to two minutes. */
export const ANSWER_LENGTHS = ['short', 'good', 'long'] as const;
export const TARGET_ANSWER_SECONDS = { min: 60, max: 120 } as const;
/** A silence longer than this, between two words of a spoken answer, is a pause worth showing. */
export const LONG_PAUSE_SECONDS = 2;

// ---- the event ------------------------------------------------------------------------------------

/** When one word of a spoken answer was said, in seconds from the start of the recording (as the transcriber reports it). */
export const answerWordTimingSchema = z.object({ word: z.string().max(100), start: z.number().min(0), end: z.number().min(0) });
export type AnswerWordTiming = z.infer<typeof answerWordTimingSchema>;

/** What the transcription tells about how an answer was spoken; it travels with the answer. */
export const answerDeliveryInputSchema = z.object({
  wordTimings: z.array(answerWordTimingSchema).max(10_000),
  /** The recording's length in seconds, when known (else from the first word to the last). */
  durationSeconds: z.number().positive().max(86_400).optional(),
});
export type AnswerDeliveryInput = z.infer<typeof answerDeliveryInputSchema>;


// ---- the feedback ----------------------------------------------------------------------------------

/** Words of the answer itself: character offsets into `answer` (end exclusive) and the text there. */
export const answerQuoteSchema = z.object({ start: graphqlIntSchema, end: graphqlIntSchema, text: z.string() });
export type AnswerQuote = z.infer<typeof answerQuoteSchema>;

/** One part of a STAR story: whether the answer has it, the words that carry it, and a prompt when it is missing. */
export const starPartFeedbackSchema = z.object({
  part: z.enum(STAR_PARTS),
  present: z.boolean(),
  quotes: z.array(answerQuoteSchema),
  /** One concrete prompt for a missing part ("You said what the team did; what did you do?"); null when present. */
  prompt: z.string().nullable(),
});
export type StarPartFeedback = z.infer<typeof starPartFeedbackSchema>;

/** One dimension of the assessment, 0 to 10, with one sentence that quotes the answer and names the requirement. */
export const assessmentScoreSchema = z.object({
  dimension: z.enum(ASSESSMENT_DIMENSIONS),
  score: graphqlIntSchema,
  comment: z.string(),
  /** The words of the answer the comment quotes, when it quotes any. */
  quote: answerQuoteSchema.nullable(),
  /** The requirement (or, outside interview practice, the question) the comment names. */
  requirement: z.string().nullable(),
});
export type AssessmentScore = z.infer<typeof assessmentScoreSchema>;

/** A filler word of a spoken answer: where it stands in the answer's text and when it was said. */
export const fillerWordSchema = z.object({ word: z.string(), start: graphqlIntSchema, end: graphqlIntSchema, atSeconds: z.number() });
/** A silence longer than LONG_PAUSE_SECONDS: where in the text it falls (an offset between two words) and when. */
export const longPauseSchema = z.object({ offset: graphqlIntSchema, afterWord: z.string(), atSeconds: z.number(), seconds: z.number() });

/** How a spoken answer was delivered, from the word timings of its transcription. */
export const deliveryFeedbackSchema = z.object({
  durationSeconds: z.number(),
  wordCount: graphqlIntSchema,
  wordsPerMinute: graphqlIntSchema,
  fillers: z.array(fillerWordSchema),
  pauses: z.array(longPauseSchema),
  /** The length against TARGET_ANSWER_SECONDS. */
  length: z.enum(ANSWER_LENGTHS),
  comment: z.string(),
});
export type DeliveryFeedback = z.infer<typeof deliveryFeedbackSchema>;

/** Feedback on one answer (`GET /api/feedback/{answerId}`, GraphQL `answerFeedback`). */
export const answerFeedbackSchema = z.object({
  answerId: graphqlIdSchema,
  question: z.string(),
  answer: z.string(),
  source: z.enum(ANSWER_SOURCES),
  engine: z.enum(FEEDBACK_ENGINES),
  /** 0 to 10, one decimal: the assessment's scores weighed together. */
  overall: z.number(),
  star: z.array(starPartFeedbackSchema),
  assessment: z.array(assessmentScoreSchema),
  /** Spoken answers with word timings only. */
  delivery: deliveryFeedbackSchema.nullable(),
  /** Which attempt at this question this is (1 = the first), of how many so far. */
  attempt: graphqlIntSchema,
  attempts: graphqlIntSchema,
  /** The best attempt at this question so far (highest overall; the later of equals). */
  best: z.boolean(),
  /** ISO 8601. */
  answeredAt: z.string(),
});
export type AnswerFeedback = z.infer<typeof answerFeedbackSchema>;

/** An answer as the feedback subgraph resolves it (a thread item's `answer`): its feedback, null until ready. */
export const answerEntitySchema = z.object({ id: graphqlIdSchema, feedback: answerFeedbackSchema.nullable() });

/** One attempt in a snippet's progress. */
export const progressAttemptSchema = z.object({
  answerId: graphqlIdSchema,
  attempt: graphqlIntSchema,
  overall: z.number(),
  best: z.boolean(),
  /** ISO 8601. */
  answeredAt: z.string(),
});
export type ProgressAttempt = z.infer<typeof progressAttemptSchema>;

/** Every attempt at one question of a snippet's practice, oldest first. */
export const questionProgressSchema = z.object({
  question: z.string(),
  bestAnswerId: graphqlIdSchema,
  attempts: z.array(progressAttemptSchema),
});
export type QuestionProgress = z.infer<typeof questionProgressSchema>;

/** `GET /api/feedback/snippets/{snippetId}/progress`: the questions in the order first answered. */
export const snippetProgressResponseSchema = z.object({ questions: z.array(questionProgressSchema) });
export type SnippetProgressResponse = z.infer<typeof snippetProgressResponseSchema>;
