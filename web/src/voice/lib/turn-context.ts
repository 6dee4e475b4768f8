import type { ChatTurn, MockInterviewTurn, ResumeBulletRef } from '@story/proto';
import { buildChatHistory, type ConversationMessage } from './conversation-messages.ts';

/** What a turn sends besides the answer: the conversation so far and the interview context, if any. */
export interface TurnContext {
  conversationHistory: ChatTurn[];
  context?: string;
  /** The thread or practised snippet, so the answer's feedback is filed under it. */
  threadId?: number;
  snippetId?: number;
  /** The résumé bullet whose story is told: the coach knows the line. */
  resumeBullet?: ResumeBulletRef;
  /** An answer in a mock interview (issue 23): the interview records it, and the reply is its interviewer's next line. */
  mockInterview?: MockInterviewTurn;
}

/** Where a conversation is held: its interview context, its snippet (0: none) and its thread (null: none yet). */
export interface TurnPlace {
  context: string | undefined;
  snippetId: number;
  threadId: string | null;
  /** The résumé bullet whose story is told, or null. */
  resumeBullet?: ResumeBulletRef | null;
}

/**
 * What the next turn sends: the history (with the question asked again last, when one was), the
 * context, where its feedback is filed (the snippet, else the thread), and the résumé bullet whose story is told.
 */
export function turnContextOf(
  messages: readonly ConversationMessage[],
  askedAgain: string | null,
  { context, snippetId, threadId, resumeBullet }: TurnPlace,
): TurnContext {
  const history = buildChatHistory(messages);
  const conversationHistory = askedAgain ? [...history, { role: 'assistant' as const, content: askedAgain }] : history;
  const filedUnder = snippetId > 0 ? { snippetId } : threadId ? { threadId: Number(threadId) } : {};
  return { conversationHistory, ...(context ? { context } : {}), ...filedUnder, ...(resumeBullet ? { resumeBullet } : {}) };
}
