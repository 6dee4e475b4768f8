import { z } from 'zod';
import { answerDeliveryInputSchema, mockAnswerSchema, mockInterviewSchema, mockQuestionSchema } from '@story/proto';

/** An answer as the interview keeps it: its text comes first (never lost), its feedback lives in the feedback store under `answerId`. */
export const storedMockAnswerSchema = mockAnswerSchema.omit({ feedback: true }).extend({
  delivery: answerDeliveryInputSchema.optional(),
  /** The client's key for the answer: the same key again is a retry, answered with the first result. */
  attemptKey: z.string().optional(),
});
export type StoredMockAnswer = z.infer<typeof storedMockAnswerSchema>;

/** A question as kept: as the API shows it, but for its place (the array's) and its answers' feedback (the feedback store's). */
export const storedMockQuestionSchema = mockQuestionSchema.omit({ index: true }).extend({
  answer: storedMockAnswerSchema.nullable(),
  followUp: z.object({ question: z.string(), answer: storedMockAnswerSchema.nullable() }).nullable(),
});
export type StoredMockQuestion = z.infer<typeof storedMockQuestionSchema>;

/** Everything of an interview but who owns it and its id: kept as one document (JSON in SQLite). */
export const mockInterviewDocSchema = mockInterviewSchema
  .omit({ id: true, currentIndex: true, interviewerLine: true, expecting: true, questions: true })
  .extend({ questions: z.array(storedMockQuestionSchema) });
export type MockInterviewDoc = z.infer<typeof mockInterviewDocSchema>;

/** A stored interview: its id, its owner, the version every write checks (two tabs never both write), and the document. */
export interface MockInterviewRecord {
  id: number;
  userId: number;
  version: number;
  doc: MockInterviewDoc;
}

/** What a deletion elsewhere takes with it. */
export type MockInterviewOwner = { kind: 'user' } | { kind: 'job-description'; jobDescriptionId: number };

/** The only code that touches stored mock interviews. Every read is scoped to one user. */
export interface MockInterviewRepository {
  create(userId: number, doc: MockInterviewDoc): Promise<MockInterviewRecord>;
  find(userId: number, id: number): Promise<MockInterviewRecord | undefined>;
  /** The user's interviews, newest first; of one description when given. */
  list(userId: number, jobDescriptionId?: number): Promise<MockInterviewRecord[]>;
  /** Writes the document when the stored version is still `version` (then version + 1): false when another write came first. */
  update(userId: number, id: number, version: number, doc: MockInterviewDoc): Promise<boolean>;
  /** Forgets the interviews a deletion takes with it; resolves to how many. */
  forget(userId: number, owner: MockInterviewOwner): Promise<number>;
}
