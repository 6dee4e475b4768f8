/**
 * The NATS questions of mock interviews (issue 23): the feedback service asks jobs for a description's
 * requirements (`jobs.description.requirements`), profile for the résumé's lines
 * (`profile.resume.lines`) and search for the stories that fit (`search.stories.match`); the speech
 * service hands a spoken answer to the interview (`feedback.mock.answer`) and asks what the
 * interviewer says now, to speak it (`feedback.mock.line`).
 */
import { z } from 'zod';
import { answerDeliveryInputSchema } from './api/feedback.ts';
import { ANSWER_PARTS, attemptKeySchema } from './api/mock-interviews.ts';
import { answerIdSchema } from './ids.ts';
import { natsRefusalSchema } from './subjects.ts';

export const MOCK_SUBJECTS = {
  jobRequirements: 'jobs.description.requirements',
  resumeLines: 'profile.resume.lines',
  mockAnswer: 'feedback.mock.answer',
  mockLine: 'feedback.mock.line',
} as const;

export const jobRequirementsRequestSchema = z.object({ userId: z.number().int().positive(), jobDescriptionId: z.number().int().positive() });
/** A requirement of a description: a line of its requirement sections (`line:<n>`, n from 0 in the order written). */
export const jobRequirementSchema = z.object({ key: z.string(), text: z.string() });
export type JobRequirement = z.infer<typeof jobRequirementSchema>;
export const jobRequirementsReplySchema = z.union([
  z.object({
    ok: z.literal(true),
    companyName: z.string(),
    jobTitle: z.string(),
    requirements: z.array(jobRequirementSchema),
    /** The person's saved snippets of the description, oldest first. */
    snippets: z.array(z.object({ id: z.number(), text: z.string() })),
  }),
  natsRefusalSchema,
]);
export type JobRequirementsReply = z.infer<typeof jobRequirementsReplySchema>;

export const resumeLinesRequestSchema = z.object({ userId: z.number().int().positive(), resumeId: z.number().int().positive().optional() });
export const resumeLineSchema = z.object({ bulletId: z.string(), text: z.string(), title: z.string(), company: z.string() });
export type ResumeLine = z.infer<typeof resumeLineSchema>;
export const resumeLinesReplySchema = z.union([
  /** `resumeId` null: the person has no résumé (asked for the current one). */
  z.object({ ok: z.literal(true), resumeId: z.number().nullable(), lines: z.array(resumeLineSchema) }),
  natsRefusalSchema,
]);
export type ResumeLinesReply = z.infer<typeof resumeLinesReplySchema>;

/** A spoken answer for a mock interview, transcribed by the speech service. */
export const mockAnswerNatsRequestSchema = z.object({
  userId: z.number().int().positive(),
  interviewId: z.number().int().positive(),
  questionIndex: z.number().int().min(0),
  part: z.enum(ANSWER_PARTS),
  text: z.string(),
  delivery: answerDeliveryInputSchema.optional(),
  /** The recording's id: the same recording answering again (a retry) gets the first result. */
  attemptKey: attemptKeySchema.optional(),
});
export type MockAnswerNatsRequest = z.infer<typeof mockAnswerNatsRequestSchema>;
/** The interviewer's next words (to be spoken), as a chat reply comes. */
export const mockAnswerNatsReplySchema = z.union([
  z.object({ ok: z.literal(true), aiResponse: z.string(), answerId: answerIdSchema.optional() }),
  natsRefusalSchema,
]);

export const mockLineRequestSchema = z.object({ userId: z.number().int().positive(), interviewId: z.number().int().positive() });
/** What the interviewer says now; `topic`: the words of the question being asked and of its source, which the recogniser is told to expect. */
export const mockLineReplySchema = z.union([z.object({ ok: z.literal(true), aiResponse: z.string(), topic: z.string().optional() }), natsRefusalSchema]);
