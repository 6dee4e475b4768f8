import type { FastifyBaseLogger } from 'fastify';
import { MOCK_SUBJECTS, SUBJECTS, mockLineReplySchema, snippetOwnerReplySchema } from '@story/proto';
import { HttpError, type NatsLink } from '@story/service-kit';
import { practiceVocabulary } from '../vocabulary/practice-vocabulary.ts';
import { ask } from '@story/service-kit';

const TIMEOUT_MS = 3000;

/**
 * The vocabulary of a practice: the speech front asks the jobs service (`jobs.snippet.owner`, the
 * same question conversations asks) whether the snippet is the person's and what it says, and takes
 * the snippet's distinctive words. The snippet's text never leaves this front except as those words,
 * and only for its owner.
 */
export class SnippetVocabularyClient {
  constructor(
    private readonly nats: NatsLink,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The terms of the person's snippet (none without a snippet, or when it has none). Another
   * person's snippet, or one that does not exist: 404 with the jobs service's message, the refusal
   * the turn would get anyway. Jobs not answering: no vocabulary (the transcript is made without it;
   * the reply's own check of the snippet then decides).
   */
  async vocabularyOf(userId: number, snippetId: number | undefined, mockInterviewId?: number): Promise<string[] | undefined> {
    if (mockInterviewId !== undefined) return this.interviewVocabularyOf(userId, mockInterviewId);
    if (snippetId === undefined) return undefined;
    let raw: unknown;
    try {
      raw = await ask(this.nats, 'jobs', SUBJECTS.snippetOwner, { snippetId, userId }, TIMEOUT_MS);
    } catch (error) {
      this.log.warn({ err: error, snippetId }, 'no answer about the practised snippet: transcribing without its vocabulary');
      return undefined;
    }
    const reply = snippetOwnerReplySchema.safeParse(raw);
    if (!reply.success) return undefined;
    if (!reply.data.ok) throw new HttpError(404, reply.data.message);
    const vocabulary = practiceVocabulary(reply.data.snippetText);
    return vocabulary.length > 0 ? vocabulary : undefined;
  }

  /**
   * The terms of the question a mock interview asks now and of its requirement or résumé line (issue
   * 23), asked of the feedback service (`feedback.mock.line`). No answer or a refusal: no vocabulary
   * (the answer's own hand-over to the interview then decides).
   */
  private async interviewVocabularyOf(userId: number, interviewId: number): Promise<string[] | undefined> {
    try {
      const reply = mockLineReplySchema.safeParse(await ask(this.nats, 'feedback', MOCK_SUBJECTS.mockLine, { userId, interviewId }, TIMEOUT_MS));
      if (!reply.success || !reply.data.ok || !reply.data.topic) return undefined;
      const vocabulary = practiceVocabulary(reply.data.topic);
      return vocabulary.length > 0 ? vocabulary : undefined;
    } catch (error) {
      this.log.warn({ err: error, interviewId }, 'no answer about the mock interview: transcribing without its vocabulary');
      return undefined;
    }
  }
}
