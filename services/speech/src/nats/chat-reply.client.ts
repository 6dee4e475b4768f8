import {
  CONVERSATION_MESSAGES,
  SUBJECTS,
  chatOpeningReplySchema,
  chatReplyReplySchema,
  MOCK_SUBJECTS,
  mockAnswerNatsReplySchema,
  mockLineReplySchema,
  serviceUnavailableMessage,
  type AnswerDeliveryInput,
  type ChatTurn,
  type MockAnswerNatsRequest,
  type MockInterviewTurn,
  type ResumeBulletRef,
  type ChatOpeningRequest,
  type ChatReplyRequest,
} from '@story/proto';
import { HttpError, type NatsLink } from '@story/service-kit';
import { ask } from '@story/service-kit';

/**
 * Asks the conversations service for the coach's reply to a spoken turn: one place makes replies,
 * for typed and spoken turns alike. Its refusals pass through; a model that failed is told the
 * way the spec words a failed spoken turn.
 */
export class ChatReplyClient {
  constructor(
    private readonly nats: NatsLink,
    private readonly timeoutMs: number,
  ) {}

  /** The coach's reply, and the answer's id (its feedback appears under it), when conversations recorded it. */
  async reply(request: ChatReplyRequest): Promise<{ aiResponse: string; answerId: string | undefined }> {
    const answer = chatReplyReplySchema.safeParse(await ask(this.nats, 'conversations', SUBJECTS.chatReply, request, this.timeoutMs));
    if (!answer.success) throw new HttpError(503, serviceUnavailableMessage('conversations'));
    if (answer.data.ok) return { aiResponse: answer.data.aiResponse, answerId: answer.data.answerId };
    if (answer.data.status >= 500) throw new HttpError(502, CONVERSATION_MESSAGES.processAudioFailed);
    throw new HttpError(answer.data.status, answer.data.message);
  }

  /**
   * The reply to a spoken turn: the interviewer's next words when it answers a mock interview (the
   * feedback service records it, issue 23), else the coach's reply (conversations).
   */
  async replyToTurn(
    userId: number,
    turn: {
      conversationHistory: ChatTurn[];
      context?: string | undefined;
      threadId?: number | undefined;
      snippetId?: number | undefined;
      resumeBullet?: ResumeBulletRef | undefined;
      mockInterview?: (MockInterviewTurn & { attemptKey?: string | undefined }) | undefined;
    },
    text: string,
    delivery: AnswerDeliveryInput | undefined,
  ): Promise<{ aiResponse: string; answerId: string | undefined }> {
    const mock = turn.mockInterview;
    if (mock)
      return this.interviewAnswer({
        userId,
        interviewId: mock.id,
        questionIndex: mock.questionIndex,
        part: mock.part,
        text,
        ...(mock.attemptKey ? { attemptKey: mock.attemptKey } : {}),
        ...(delivery ? { delivery } : {}),
      });
    return this.reply({
      userId,
      text,
      conversationHistory: turn.conversationHistory,
      ...(turn.context ? { context: turn.context } : {}),
      ...(turn.threadId ? { threadId: turn.threadId } : {}),
      ...(turn.snippetId ? { snippetId: turn.snippetId } : {}),
      ...(turn.resumeBullet ? { resumeBullet: turn.resumeBullet } : {}),
      ...(delivery ? { delivery } : {}),
    });
  }

  /** The coach's first words of a voice practice, before anyone speaks; refusals pass through as for a reply. */
  async opening(request: ChatOpeningRequest): Promise<{ aiResponse: string }> {
    const answer = chatOpeningReplySchema.safeParse(await ask(this.nats, 'conversations', SUBJECTS.chatOpening, request, this.timeoutMs));
    if (!answer.success) throw new HttpError(503, serviceUnavailableMessage('conversations'));
    if (answer.data.ok) return { aiResponse: answer.data.aiResponse };
    if (answer.data.status >= 500) throw new HttpError(502, CONVERSATION_MESSAGES.processTextFailed);
    throw new HttpError(answer.data.status, answer.data.message);
  }

  /** A spoken answer of a mock interview (issue 23), handed to the feedback service: the interviewer's next words, and the answer's id. */
  async interviewAnswer(request: MockAnswerNatsRequest): Promise<{ aiResponse: string; answerId: string | undefined }> {
    const answer = mockAnswerNatsReplySchema.safeParse(await ask(this.nats, 'feedback', MOCK_SUBJECTS.mockAnswer, request, this.timeoutMs));
    if (!answer.success) throw new HttpError(503, serviceUnavailableMessage('feedback'));
    if (answer.data.ok) return { aiResponse: answer.data.aiResponse, answerId: answer.data.answerId };
    if (answer.data.status >= 500) throw new HttpError(502, CONVERSATION_MESSAGES.processAudioFailed);
    throw new HttpError(answer.data.status, answer.data.message);
  }

  /** What a mock interview's interviewer says now (its current question), to be spoken. */
  async interviewLine(userId: number, interviewId: number): Promise<{ aiResponse: string }> {
    const answer = mockLineReplySchema.safeParse(await ask(this.nats, 'feedback', MOCK_SUBJECTS.mockLine, { userId, interviewId }, this.timeoutMs));
    if (!answer.success) throw new HttpError(503, serviceUnavailableMessage('feedback'));
    if (answer.data.ok) return { aiResponse: answer.data.aiResponse };
    throw new HttpError(
      answer.data.status >= 500 ? 502 : answer.data.status,
      answer.data.status >= 500 ? CONVERSATION_MESSAGES.processTextFailed : answer.data.message,
    );
  }
}
