/**
 * Feedback on an answer (issue 12): what the conversations service tells about an answer
 * (`events.answer.given`), and what the feedback service serves about it by REST and GraphQL. The
 * feedback's object schemas are also the zod mirrors of the feedback subgraph's types
 * (`graphql-types.test.ts`), so REST and GraphQL give the web one shape.
 */
import { z } from 'zod';
import { graphqlIdSchema, graphqlIntSchema } from '../graphql-types.ts';
import { answerIdSchema, idTextSchema } from '../ids.ts';
import { FEEDBACK_MESSAGES } from '../messages/feedback.ts';
import { LIMITS } from '../validation.ts';

export const answerIdParamsSchema = z.object({ answerId: answerIdSchema });
export const feedbackSnippetParamsSchema = z.object({ snippetId: idTextSchema });

export const ANSWER_SOURCES = ['typed', 'spoken'] as const;
export type AnswerSource = (typeof ANSWER_SOURCES)[number];
/**
 * What an answer is part of (issue 19): an interview practice (`practice`: an answer to an interview
 * question, judged against the 1–2 minute target, with attempts per question; a turn that answers a
 * follow-up is judged with the answer it follows up, with no target and no attempt) or a story
 * thread (`story`: one turn of a story told over several, judged with the turns before it, no
 * length target, no attempts).
 */
export const ANSWER_KINDS = ['practice', 'story'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];
/** The most earlier turns of a story an answer event carries, and their characters together. */
export const STORY_TURNS_LIMIT = { turns: 30, chars: 20_000 } as const;
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
export const answerWordTimingSchema = z.object({
  word: z.string().max(100),
  start: z.number().min(0),
  end: z.number().min(0),
  /** The recogniser was unsure of the word (issue 19): it is never quoted as evidence nor counted as a filler. */
  uncertain: z.boolean().optional(),
});
export type AnswerWordTiming = z.infer<typeof answerWordTimingSchema>;

/** What the transcription tells about how an answer was spoken; it travels with the answer. */
export const answerDeliveryInputSchema = z.object({
  wordTimings: z.array(answerWordTimingSchema).max(10_000),
  /** The recording's length in seconds, when known (else from the first word to the last). */
  durationSeconds: z.number().positive().max(86_400).optional(),
});
export type AnswerDeliveryInput = z.infer<typeof answerDeliveryInputSchema>;

/** An earlier turn of the story being told: the coach's question and what the person answered. */
export const storyTurnSchema = z.object({ question: z.string().max(20_000), answer: z.string().min(1).max(20_000) });
export type StoryTurn = z.infer<typeof storyTurnSchema>;

// ---- the feedback ----------------------------------------------------------------------------------

/** Words of the answer itself: character offsets into `answer` (end exclusive) and the text there. */
export const answerQuoteSchema = z.object({ start: graphqlIntSchema, end: graphqlIntSchema, text: z.string() });
export type AnswerQuote = z.infer<typeof answerQuoteSchema>;

/** Words of an earlier turn of the story: which turn (1 = the story's first), the question it answered, offsets into that turn's answer and the text there. */
export const storyQuoteSchema = z.object({ turn: graphqlIntSchema, question: z.string(), start: graphqlIntSchema, end: graphqlIntSchema, text: z.string() });
export type StoryQuote = z.infer<typeof storyQuoteSchema>;

/**
 * One part of a STAR story: whether it has been told, the words that carry it, and a prompt when it
 * is missing. In a story thread the part may have been told in an earlier turn (`earlier`).
 */
export const starPartFeedbackSchema = z.object({
  part: z.enum(STAR_PARTS),
  /** Told in this answer, or (in a story thread) in an earlier turn of the story. */
  present: z.boolean(),
  /** The words of this answer that carry it. */
  quotes: z.array(answerQuoteSchema),
  /** In a story thread: the words of the story's earlier turns that carry it, oldest first; empty in interview practice. */
  earlier: z.array(storyQuoteSchema),
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
  /** The length against TARGET_ANSWER_SECONDS; null for a turn of a story thread, which is not a whole answer and has no target. */
  length: z.enum(ANSWER_LENGTHS).nullable(),
  comment: z.string(),
  /**
   * Seconds from the start of the recording to the first word (issue 23): thinking time, never a
   * fault, apart from the pauses inside the answer; the length is judged without it. 0 for feedback
   * from before it was measured.
   */
  thinkingSeconds: z.number(),
});
export type DeliveryFeedback = z.infer<typeof deliveryFeedbackSchema>;

/** Feedback on one answer (`GET /api/feedback/{answerId}`, GraphQL `answerFeedback`). */
export const answerFeedbackSchema = z.object({
  answerId: graphqlIdSchema,
  question: z.string(),
  answer: z.string(),
  source: z.enum(ANSWER_SOURCES),
  engine: z.enum(FEEDBACK_ENGINES),
  /** An interview practice answer, or a turn of a story thread (see ANSWER_KINDS). */
  kind: z.enum(ANSWER_KINDS),
  /** How many of the person's turns the feedback on story construction covers: the story told so far (1 for an interview answer). */
  turns: graphqlIntSchema,
  /** 0 to 10, one decimal: the assessment's scores weighed together (in a story thread, of the story told so far). */
  overall: z.number(),
  /** The STAR parts: of this answer in interview practice; of the whole story told so far in a story thread. */
  star: z.array(starPartFeedbackSchema),
  /** What to add next: the prompt for the most important part not told yet; null when every part is told. */
  next: z.string().nullable(),
  assessment: z.array(assessmentScoreSchema),
  /** Spoken answers with word timings only. */
  delivery: deliveryFeedbackSchema.nullable(),
  /** Which attempt at this question this is (1 = the first), of how many so far: in interview practice only, per question of the snippet (a story turn is 1 of 1). */
  attempt: graphqlIntSchema,
  attempts: graphqlIntSchema,
  /** The best attempt at this question so far (highest overall; the later of equals); never for a story turn. */
  best: z.boolean(),
  /**
   * Which of the person's practice questions this is an attempt at (issue 19, 2: the requirement and
   * the question asked, whatever its wording), an opaque id shared by every attempt at it; null for
   * an answer that is no attempt (a story turn, an answer to a follow-up). The web refreshes the
   * other attempts of a question when a new one arrives ("Best" moves to it).
   */
  questionId: graphqlIdSchema.nullable(),
  /** ISO 8601. */
  answeredAt: z.string(),
  /**
   * Words of the answer the recogniser was unsure of (offsets into `answer`), in order (issue 19):
   * never quoted in `star` or `assessment`, never counted as fillers. Empty for a typed answer and
   * once the person corrected the transcript.
   */
  uncertain: z.array(answerQuoteSchema),
  /** The person corrected the transcript (`PUT /api/feedback/{answerId}/transcript`): the feedback is of the corrected text. */
  corrected: z.boolean(),
});
export type AnswerFeedback = z.infer<typeof answerFeedbackSchema>;

/**
 * The lists of AnswerFeedback whose length both engines fix (one item per STAR part, one per
 * assessment dimension), as `Type.field` → most items: the gateway's cost estimate counts these
 * lists at their real size rather than its default guess for a list, so the whole feedback can be
 * read in one GraphQL query (1,067 estimated fields with the guess, 517 with the bounds).
 */
export const FEEDBACK_LIST_SIZES: Readonly<Record<string, number>> = {
  'AnswerFeedback.star': STAR_PARTS.length,
  'AnswerFeedback.assessment': ASSESSMENT_DIMENSIONS.length,
};

/**
 * `PUT /api/feedback/{answerId}/transcript` (GraphQL `correctAnswer`): the person's own words for a
 * spoken answer the recogniser got wrong; the answer is scored again from them.
 */
export const correctTranscriptRequestSchema = z.object({
  transcript: z
    .string({ error: FEEDBACK_MESSAGES.transcriptEmpty })
    .max(LIMITS.messageText, FEEDBACK_MESSAGES.transcriptTooLong)
    .transform((text) => text.trim())
    .refine((text) => text.length > 0, FEEDBACK_MESSAGES.transcriptEmpty),
});
export type CorrectTranscriptRequest = z.infer<typeof correctTranscriptRequestSchema>;

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
