import type { ChatTurn } from '@story/proto';
import type { NonAnswerKind } from '@story/language';
import type { ResumeKnowledge } from './resume-knowledge.ts';

/** What a reply is made from: the new message, the conversation so far (oldest first), and optional interview context. */
export interface ChatRequest {
  text: string;
  history: readonly Pick<ChatTurn, 'role' | 'content'>[];
  /** The selected job requirements when the person practises for an interview. */
  context?: string;
  /** What the new text is when it is not an answer ("Can you repeat the question?"), so a model can reply to it as such. */
  nonAnswer?: NonAnswerKind;
  /** The person's résumé (roles and dates) and the bullet whose story is told, when known: the coach does not ask what it says. */
  resume?: ResumeKnowledge;
}

/** What an opening is made from: the interview context, when the person practises for an interview, and the résumé when known. */
export interface OpeningRequest {
  context?: string | undefined;
  /** With a bullet, the opening asks for the story behind that line. */
  resume?: ResumeKnowledge;
  /** A requirement the person has no story for yet ("No story yet: tell one"): the opening asks for a story that shows it. */
  storyRequirement?: string | undefined;
}

/** Something that writes the coach's next reply, and names a thread after the story in it. */
export interface ChatModel {
  readonly name: string;
  reply(request: ChatRequest): Promise<string>;
  /** The coach's first words, before the person says anything: the interviewer's first question, or the story coach's opening. */
  opening(request: OpeningRequest): Promise<string>;
  /** A short title for the story the person tells in these messages (oldest first); '' when none can be drawn yet. */
  titleFor(userMessages: readonly string[]): Promise<string>;
}
