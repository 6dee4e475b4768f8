import type { ChatRequest } from '../chat-model.ts';
import { coachTurn } from './offline-coach.model.ts';

/** Helpers for the coach's tests: a conversation played through the coach, and the questions of a reply. */

export type Turn = ChatRequest['history'][number];

/** Plays the person's turns through the coach, as the client would, and returns the replies. */
export function converse(userTurns: readonly string[], context?: string): { replies: string[]; history: Turn[] } {
  const history: Turn[] = [];
  const replies: string[] = [];
  for (const text of userTurns) {
    const reply = coachTurn({ text, history, context });
    replies.push(reply);
    history.push({ role: 'user', content: text }, { role: 'assistant', content: reply });
  }
  return { replies, history };
}

/** The questions in a reply (sentences ending in "?"). */
export const questions = (reply: string): string[] => reply.match(/[^.?!]*\?/g)?.map((q) => q.trim()) ?? [];
