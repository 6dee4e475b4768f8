import { z } from 'zod';
import {
  ANSWER_KINDS,
  type ANSWER_SOURCES,
  type FEEDBACK_ENGINES,
  answerDeliveryInputSchema,
  answerQuoteSchema,
  assessmentScoreSchema,
  deliveryFeedbackSchema,
  starPartFeedbackSchema,
  storyQuoteSchema,
  storyTurnSchema,
} from '@story/proto';

/**
 * What an engine found in an answer: kept as one document (JSON in SQLite), read back through this
 * schema. What issue 19 added (the kind, the story's turns and earlier quotes, what to add next) is
 * optional, so feedback stored before it reads back as it was: an interview answer of one turn.
 */
export const storedFindingsSchema = z.object({
  star: z.array(starPartFeedbackSchema.extend({ earlier: z.array(storyQuoteSchema).optional() })),
  assessment: z.array(assessmentScoreSchema),
  // Feedback stored before issue 23 measured no thinking time: none.
  delivery: deliveryFeedbackSchema.extend({ thinkingSeconds: z.number().default(0) }).nullable(),
  kind: z.enum(ANSWER_KINDS).optional(),
  turns: z.number().int().min(1).optional(),
  next: z.string().nullable().optional(),
  /** Words of the answer the recogniser was unsure of (issue 19; none before it). */
  uncertain: z.array(answerQuoteSchema).optional(),
  /** The person corrected the transcript. */
  corrected: z.boolean().optional(),
  /** The answer says the person has not done what was asked (issue 38, 4): it never makes a requirement Ready. */
  admission: z.boolean().optional(),
  /** What the answer was scored with besides its text, kept so a correction scores it again the same way (absent before issue 19). */
  scoredWith: z
    .object({ requirements: z.string().optional(), earlierTurns: z.array(storyTurnSchema).optional(), delivery: answerDeliveryInputSchema.optional() })
    .optional(),
});
export type StoredFindings = z.infer<typeof storedFindingsSchema>;

/** Feedback on one answer, as stored: who gave it, where, to which question, and what the engine found. */
export interface FeedbackRecord {
  answerId: string;
  userId: number;
  threadId: number | null;
  snippetId: number | null;
  /** Which question of which practice scope the answer is an attempt at (`questionKeyIn`; `answer:<id>` for an attempt of its own). */
  questionKey: string;
  question: string;
  answer: string;
  source: (typeof ANSWER_SOURCES)[number];
  engine: (typeof FEEDBACK_ENGINES)[number];
  /** 0 to 10, one decimal. */
  overall: number;
  findings: StoredFindings;
  /** ISO 8601: when the answer was given, and when it was scored. */
  answeredAt: string;
  scoredAt: string;
}

/** One attempt at a question, as a progress view lists it. */
export type AttemptRecord = Pick<FeedbackRecord, 'answerId' | 'questionKey' | 'question' | 'overall' | 'answeredAt'>;

/** One question the user has practised in a scope: its key, and the coach's turn that first asked it. */
export type QuestionGroupRecord = Pick<FeedbackRecord, 'questionKey' | 'question'>;

/** What a correction changes in stored feedback: the answer's text and everything scored from it. */
export type RescoredFeedback = Pick<FeedbackRecord, 'answer' | 'engine' | 'overall' | 'findings' | 'scoredAt'>;

/** What a deletion elsewhere takes with it: a user's feedback, a snippet's, or a thread's. */
export type FeedbackOwner = { kind: 'user' } | { kind: 'snippet'; snippetId: number } | { kind: 'thread'; threadId: number };

/** The only code that touches stored feedback. Every read is scoped to one user. */
export interface AnswerFeedbackRepository {
  /** Stores feedback once per answer id: false (and nothing changed) when the answer already has feedback. */
  save(record: FeedbackRecord): Promise<boolean>;
  /** Whether the answer has feedback already (a redelivered event is not scored again). */
  has(answerId: string): Promise<boolean>;
  find(userId: number, answerId: string): Promise<FeedbackRecord | undefined>;
  /** Replaces one of the user's answers' text and feedback (a correction): false when the user has no such answer. */
  rescore(userId: number, answerId: string, feedback: RescoredFeedback): Promise<boolean>;
  /** The user's attempts at one question, oldest first. */
  attempts(userId: number, questionKey: string): Promise<AttemptRecord[]>;
  /**
   * The user's questions in one practice scope (keys that start with `<scope>|`), each with the turn
   * that first asked it, in the order first answered: what a new attempt is matched against.
   */
  questionGroups(userId: number, scope: string): Promise<QuestionGroupRecord[]>;
  /** The user's attempts at every question of one snippet, oldest first. */
  snippetAttempts(userId: number, snippetId: number): Promise<AttemptRecord[]>;
  /** The ids of every answer of the user that has feedback, oldest answer first (their data export, issue 24). */
  answerIds(userId: number): Promise<string[]>;
  /** Forgets the feedback a deletion takes with it; resolves to how many answers lost theirs. */
  forget(userId: number, owner: FeedbackOwner): Promise<number>;
}
