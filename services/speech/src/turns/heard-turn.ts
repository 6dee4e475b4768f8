import type { ChatTurn, HeardWord, MockInterviewTurn, ResumeBulletRef } from '@story/proto';

/** What the person said, and how the turn is to be answered. */
export interface HeardTurn {
  transcript: string;
  conversationHistory: ChatTurn[];
  context?: string | undefined;
  solo: boolean;
  /** The thread or practised snippet the turn belongs to, when the web app said. */
  threadId?: number | undefined;
  snippetId?: number | undefined;
  /** The résumé bullet whose story is told (issue 22). */
  resumeBullet?: ResumeBulletRef | undefined;
  /** An answer in a mock interview (issue 23): the interview records it (once per recording), and its interviewer's next words are the reply. */
  mockInterview?: (MockInterviewTurn & { attemptKey?: string | undefined }) | undefined;
  /** When each word was said and how long the recording is: the answer's delivery feedback. */
  heard?: { wordTimings?: HeardWord[] | undefined; durationSeconds: number } | undefined;
}
