import { answerFeedbackSchema, snippetProgressResponseSchema, type AnswerFeedback, type SnippetProgressResponse } from '@story/proto';
import { ApiError, httpClient } from '../../../api/http-client.ts';

/** The feedback on one of the person's answers, or null while it is not ready (GET /api/feedback/{answerId} answers 404 until then). */
export async function fetchAnswerFeedback(answerId: string): Promise<AnswerFeedback | null> {
  try {
    return await httpClient.get(`/api/feedback/${answerId}`, { parse: (data) => answerFeedbackSchema.parse(data) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Every attempt at each question of a snippet's practice (GET /api/feedback/snippets/{snippetId}/progress). */
export async function fetchSnippetProgress(snippetId: number): Promise<SnippetProgressResponse> {
  return httpClient.get(`/api/feedback/snippets/${snippetId}/progress`, { parse: (data) => snippetProgressResponseSchema.parse(data) });
}

/**
 * Corrects the transcript of one of the person's spoken answers (PUT /api/feedback/{answerId}/transcript):
 * the answer is scored again from the corrected words, and the new feedback comes back.
 */
export async function correctAnswerTranscript(answerId: string, transcript: string): Promise<AnswerFeedback> {
  return httpClient.put(`/api/feedback/${answerId}/transcript`, { transcript }, { parse: (data) => answerFeedbackSchema.parse(data) });
}
