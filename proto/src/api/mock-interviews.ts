/**
 * Mock interviews (issue 23): an interview planned from a saved job description, the person's
 * résumé and a target role; the person's own stories that fit each question; the answers with their
 * feedback and at most one follow-up each; the report; and readiness per requirement. The feedback
 * service owns them (it scores the answers), as zod schemas of the REST bodies.
 */
import { z } from 'zod';
import { answerIdSchema, idSchema } from '../ids.ts';
import { MOCK_INTERVIEW_MESSAGES as M } from '../messages/mock-interviews.ts';
import { LIMITS } from '../validation.ts';
import { ANSWER_SOURCES, FEEDBACK_ENGINES, answerDeliveryInputSchema, answerFeedbackSchema } from './feedback.ts';

export const MOCK_INTERVIEW_LIMITS = {
  questions: { min: 5, max: 8, default: 6 },
  thinkSeconds: { min: 0, max: 60, default: 10 },
  silenceSeconds: { min: 2, max: 30, default: 4 },
  targetRole: 200,
  snippets: 50,
} as const;

export const MOCK_INTERVIEW_MODES = ['voice', 'text'] as const;
export type MockInterviewMode = (typeof MOCK_INTERVIEW_MODES)[number];
/** Where a question comes from: a requirement of the description (or a saved snippet of it), a résumé line, or the target role. */
export const QUESTION_SOURCES = ['requirement', 'resume', 'role'] as const;
export type QuestionSourceKind = (typeof QUESTION_SOURCES)[number];
export const STORY_FITS = ['strong', 'workable'] as const;
export type StoryFitLevel = (typeof STORY_FITS)[number];
export const MOCK_INTERVIEW_STATUSES = ['planned', 'in-progress', 'finished'] as const;
/** Which part of a question an answer is: the answer to the question, or to its one follow-up. */
export const ANSWER_PARTS = ['answer', 'follow-up'] as const;
export type AnswerPart = (typeof ANSWER_PARTS)[number];
export const READINESS_LEVELS = ['ready', 'almost', 'not-yet'] as const;
export type ReadinessLevel = (typeof READINESS_LEVELS)[number];

/** The client's key for one answer: as a recording's id is written. */
export const attemptKeySchema = z.string('attemptKey must be text').regex(/^[A-Za-z0-9-]{8,64}$/, 'attemptKey must be 8 to 64 letters, digits or dashes');

const wholeNumber = (message: string, min: number, max: number) => z.number(message).int(message).min(min, message).max(max, message);

// ---- planning ----------------------------------------------------------------------------------------

/** `POST /api/mock-interviews`. */
export const createMockInterviewRequestSchema = z.object({
  jobDescriptionId: z
    .number(M.jobDescriptionRequired)
    .int(M.jobDescriptionRequired)
    .positive(M.jobDescriptionRequired)
    .max(Number.MAX_SAFE_INTEGER, M.jobDescriptionRequired),
  /** The requirements to ask about (saved snippets of the description); absent or empty: all its requirements. */
  snippetIds: z.array(idSchema).max(MOCK_INTERVIEW_LIMITS.snippets).optional(),
  targetRole: z.string().trim().max(MOCK_INTERVIEW_LIMITS.targetRole, M.targetRoleTooLong).optional(),
  /** The résumé whose lines the interviewer probes; absent: the person's current résumé, if any; null: no résumé. */
  resumeId: idSchema.nullable().optional(),
  questionCount: wholeNumber(M.questionCount, MOCK_INTERVIEW_LIMITS.questions.min, MOCK_INTERVIEW_LIMITS.questions.max).default(
    MOCK_INTERVIEW_LIMITS.questions.default,
  ),
  /** Seconds to think before the answer starts. */
  thinkSeconds: wholeNumber(M.thinkSeconds, MOCK_INTERVIEW_LIMITS.thinkSeconds.min, MOCK_INTERVIEW_LIMITS.thinkSeconds.max).default(
    MOCK_INTERVIEW_LIMITS.thinkSeconds.default,
  ),
  mode: z.enum(MOCK_INTERVIEW_MODES).default('text'),
  /** Hands-free: a silence this long ends a spoken answer; null (the default): only Stop ends it. */
  handsFreeSilenceSeconds: wholeNumber(M.silenceSeconds, MOCK_INTERVIEW_LIMITS.silenceSeconds.min, MOCK_INTERVIEW_LIMITS.silenceSeconds.max)
    .nullable()
    .default(null),
});
export type CreateMockInterviewRequest = z.input<typeof createMockInterviewRequestSchema>;
export type CreateMockInterview = z.output<typeof createMockInterviewRequestSchema>;

/** What a question comes from, in its own words: a requirement (with its snippet, when saved as one), a résumé line, or the target role. */
export const questionSourceSchema = z.object({
  kind: z.enum(QUESTION_SOURCES),
  /** Stable within the description: `snippet:<id>`, `line:<n>`, `resume:<bulletId>` or `role`. */
  key: z.string(),
  text: z.string(),
  snippetId: z.number().nullable(),
});
export type QuestionSource = z.infer<typeof questionSourceSchema>;

/** One of the person's saved stories that fits a question, and why in one sentence. */
export const storyFitSchema = z.object({
  storyId: z.number(),
  threadId: z.number().nullable(),
  /** The person's own words, shortened. */
  excerpt: z.string(),
  fit: z.enum(STORY_FITS),
  why: z.string(),
});
export type StoryFit = z.infer<typeof storyFitSchema>;

/** An answer given in the interview, with its feedback (null until scored). */
export const mockAnswerSchema = z.object({
  answerId: answerIdSchema,
  text: z.string(),
  source: z.enum(ANSWER_SOURCES),
  answeredAt: z.string(),
  feedback: answerFeedbackSchema.nullable(),
});
export type MockAnswer = z.infer<typeof mockAnswerSchema>;

export const mockQuestionSchema = z.object({
  index: z.number().int(),
  text: z.string(),
  source: questionSourceSchema,
  /** 1 (warm-up) to 5 (hardest): the questions come in this order. */
  difficulty: z.number().int().min(1).max(5),
  /** The person's stories that fit, best first; empty: "No story yet: tell one". */
  storyFit: z.array(storyFitSchema),
  /** The story the person chose for this question. */
  pinnedStoryId: z.number().nullable(),
  answer: mockAnswerSchema.nullable(),
  /** The one follow-up, asked when the answer misses a STAR part or a number. */
  followUp: z.object({ question: z.string(), answer: mockAnswerSchema.nullable() }).nullable(),
});
export type MockQuestion = z.infer<typeof mockQuestionSchema>;

/** One of the three things to work on first, quoting the answer it comes from. */
export const workOnItemSchema = z.object({ title: z.string(), advice: z.string(), questionIndex: z.number().int(), quote: z.string() });
export type WorkOnItem = z.infer<typeof workOnItemSchema>;

export const mockReportSchema = z.object({
  /** 0 to 10, one decimal: the answered questions' best scores weighed together; unanswered questions count 0. */
  overall: z.number(),
  readiness: z.enum(READINESS_LEVELS),
  answered: z.number().int(),
  workOn: z.array(workOnItemSchema).max(3),
  /** The person's previous finished mock interview for the same job description, and how this one compares. */
  previous: z
    .object({
      interviewId: z.number(),
      finishedAt: z.string(),
      overall: z.number(),
      /** This overall minus the previous one. */
      change: z.number(),
      /** Requirements asked in both, with both scores. */
      requirements: z.array(z.object({ key: z.string(), text: z.string(), before: z.number().nullable(), now: z.number().nullable() })),
    })
    .nullable(),
});
export type MockReport = z.infer<typeof mockReportSchema>;

/** `GET /api/mock-interviews/{id}` (and every write's answer). */
export const mockInterviewSchema = z.object({
  id: z.number(),
  jobDescriptionId: z.number(),
  companyName: z.string(),
  jobTitle: z.string(),
  targetRole: z.string().nullable(),
  resumeId: z.number().nullable(),
  status: z.enum(MOCK_INTERVIEW_STATUSES),
  mode: z.enum(MOCK_INTERVIEW_MODES),
  thinkSeconds: z.number().int(),
  handsFreeSilenceSeconds: z.number().int().nullable(),
  /** Which planner wrote the questions. */
  engine: z.enum(FEEDBACK_ENGINES),
  /** The question being asked now (questions.length once every question is answered). */
  currentIndex: z.number().int(),
  /** What the interviewer says now: the current question, its follow-up, or the closing words. */
  interviewerLine: z.string(),
  /** Which part of the current question the next answer is. */
  expecting: z.enum(ANSWER_PARTS).nullable(),
  questions: z.array(mockQuestionSchema),
  report: mockReportSchema.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type MockInterview = z.infer<typeof mockInterviewSchema>;

/** `GET /api/mock-interviews?jobDescriptionId=`: the person's mock interviews, newest first. */
export const mockInterviewSummarySchema = mockInterviewSchema
  .pick({
    id: true,
    jobDescriptionId: true,
    companyName: true,
    jobTitle: true,
    status: true,
    createdAt: true,
    finishedAt: true,
  })
  .extend({ questionCount: z.number().int(), overall: z.number().nullable() });
export const mockInterviewListQuerySchema = z.object({ jobDescriptionId: z.coerce.number().int().positive().optional() });

export const mockInterviewParamsSchema = z.object({ id: z.coerce.number(M.notFound).int(M.notFound).positive(M.notFound) });
export const mockQuestionParamsSchema = mockInterviewParamsSchema.extend({
  index: z.coerce.number(M.questionNotFound).int(M.questionNotFound).min(0, M.questionNotFound),
});

/** `PUT /api/mock-interviews/{id}/questions/{index}/story`: pin one of the person's stories to a question (null unpins). */
export const pinStoryRequestSchema = z.object({ storyId: idSchema.nullable() });

/** `POST /api/mock-interviews/{id}/answers`: a typed answer (a spoken one comes through the voice session's finish). */
export const mockAnswerRequestSchema = z.object({
  questionIndex: z.number(M.questionNotFound).int(M.questionNotFound).min(0, M.questionNotFound),
  part: z.enum(ANSWER_PARTS).default('answer'),
  text: z
    .string(M.answerEmpty)
    .max(LIMITS.messageText, M.answerTooLong)
    .transform((t) => t.trim())
    .refine((t) => t.length > 0, M.answerEmpty),
  delivery: answerDeliveryInputSchema.optional(),
  /**
   * The client's key for this answer (a recording's id, or a fresh one per typed answer): the same
   * answer sent again (a retry after a dropped connection) gets the first one's result, never a 409.
   */
  attemptKey: attemptKeySchema.optional(),
});
export type MockAnswerRequest = z.input<typeof mockAnswerRequestSchema>;
/** What the interviewer does next: asks the follow-up, the next question, or closes. */
export const mockAnswerResponseSchema = z.object({
  /** Null when what was said was no answer ("I'm ready", "Can you repeat that?"): nothing is recorded, the interviewer asks again. */
  answerId: answerIdSchema.nullable(),
  next: z.object({ kind: z.enum(['follow-up', 'question', 'done']), text: z.string(), questionIndex: z.number().int() }),
  interview: mockInterviewSchema,
});
export type MockAnswerResponse = z.infer<typeof mockAnswerResponseSchema>;

/** The part of the spoken turn a voice session's finish names, so the speech service hands the answer to the interview. */
export const mockInterviewTurnSchema = z.object({ id: idSchema, questionIndex: z.number().int().min(0), part: z.enum(ANSWER_PARTS) });
export type MockInterviewTurn = z.infer<typeof mockInterviewTurnSchema>;

// ---- readiness -----------------------------------------------------------------------------------

export const requirementReadinessSchema = z.object({
  key: z.string(),
  text: z.string(),
  snippetId: z.number().nullable(),
  /** The best answer's overall score (0–10), null when never answered. */
  bestScore: z.number().nullable(),
  bestAnswerId: z.string().nullable(),
  /** Practice answers and mock-interview answers together. */
  attempts: z.number().int(),
  /** The story used by the best answer (pinned in a mock interview, or the best fit), null when none. */
  story: z.object({ storyId: z.number(), excerpt: z.string() }).nullable(),
  /** The person has no saved story that fits this requirement. */
  noStoryYet: z.boolean(),
  level: z.enum(READINESS_LEVELS),
});
export type RequirementReadiness = z.infer<typeof requirementReadinessSchema>;
/** `GET /api/job-descriptions/{id}/readiness`. */
export const readinessResponseSchema = z.object({
  jobDescriptionId: z.number(),
  companyName: z.string(),
  jobTitle: z.string(),
  requirements: z.array(requirementReadinessSchema),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
export const readinessParamsSchema = z.object({
  id: z.coerce.number(M.jobDescriptionNotFound).int(M.jobDescriptionNotFound).positive(M.jobDescriptionNotFound),
});
