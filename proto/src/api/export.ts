/**
 * The JSON files of a person's data export (`GET /api/export`, issue 24): each wraps the API's own
 * schemas, so a file reads like the answers of the routes that show the same data.
 */
import { z } from 'zod';
import { adminUserSchema, userTypeSettingSchema } from './accounts.ts';
import { answerFeedbackSchema } from './feedback.ts';
import { jobDescriptionSchema, snippetSchema } from './jobs.ts';
import { mockInterviewSchema } from './mock-interviews.ts';
import { planRequestSchema } from './plan-requests.ts';
import { resumeSchema, resumeSuggestionSchema } from './resumes.ts';
import { snippetConversationSchema, threadItemSchema, threadSchema } from './threads.ts';

/** `auth/account.json`: the account as the admin list shows it (never a password hash), its plan, and its plan requests (newest first). */
export const exportedAccountSchema = z.object({ account: adminUserSchema, plan: userTypeSettingSchema, planRequests: z.array(planRequestSchema) });
export type ExportedAccount = z.infer<typeof exportedAccountSchema>;
/** `auth/sessions.json`: every sign-in, when it ended or ends (the session ids are secrets, left out). */
export const exportedSessionsSchema = z.object({
  sessions: z.array(z.object({ createdAt: z.string(), expiresAt: z.string(), revokedAt: z.string().nullable() })),
});
export type ExportedSessions = z.infer<typeof exportedSessionsSchema>;

/** `conversations/threads/<id>.json`: a thread and its messages; `audioFile` is the spoken reply's path in the ZIP. */
export const exportedThreadSchema = z.object({
  thread: threadSchema,
  messages: z.array(threadItemSchema.extend({ audioFile: z.string().nullable() })),
});
export type ExportedThread = z.infer<typeof exportedThreadSchema>;
/** `conversations/practice/<snippetId>.json`: the practice conversations of one snippet. */
export const exportedPracticeSchema = z.object({ snippetId: z.number(), conversations: z.array(snippetConversationSchema) });
export type ExportedPractice = z.infer<typeof exportedPracticeSchema>;

/** `jobs/job-descriptions/<id>.json`: a job description with its snippets. */
export const exportedJobDescriptionSchema = z.object({ jobDescription: jobDescriptionSchema, snippets: z.array(snippetSchema) });
export type ExportedJobDescription = z.infer<typeof exportedJobDescriptionSchema>;

/** `feedback/answers/<answerId>.json`: an answer's feedback (each attempt at a question is one answer). */
export const exportedAnswerFeedbackSchema = z.object({ answerId: z.string(), questionKey: z.string(), answeredAt: z.string(), feedback: answerFeedbackSchema });
export type ExportedAnswerFeedback = z.infer<typeof exportedAnswerFeedbackSchema>;
/** `feedback/mock-interviews/<id>.json`. */
export const exportedMockInterviewSchema = z.object({ mockInterview: mockInterviewSchema });
export type ExportedMockInterview = z.infer<typeof exportedMockInterviewSchema>;

/**
 * `profile/resumes/<id>/v<version>.json`: one version of a résumé, with the suggestions shown for that
 * version (none for the others). A file per version (issue 36), so an export's work grows with the data.
 */
export const exportedResumeVersionSchema = z.object({ resume: resumeSchema, suggestions: z.array(resumeSuggestionSchema) });
export type ExportedResumeVersion = z.infer<typeof exportedResumeVersionSchema>;

/** `speech/usage.json`: the recording-minutes ledger. */
export const exportedUsageSchema = z.object({
  months: z.array(z.object({ period: z.string(), usedSeconds: z.number() })),
  recordings: z.array(z.object({ recordingId: z.string(), period: z.string(), seconds: z.number(), recordedAt: z.string() })),
});
export type ExportedUsage = z.infer<typeof exportedUsageSchema>;

/** `search/stories.json`: the stories the search service keeps of the person's conversations. */
export const exportedStoriesSchema = z.object({
  stories: z.array(
    z.object({
      id: z.number(),
      sourceType: z.string(),
      content: z.string(),
      threadId: z.number().nullable(),
      snippetId: z.number().nullable(),
      jobDescriptionId: z.number().nullable(),
      /** In a deleted thread: not found by searches until the thread is recovered. */
      hidden: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export type ExportedStories = z.infer<typeof exportedStoriesSchema>;
