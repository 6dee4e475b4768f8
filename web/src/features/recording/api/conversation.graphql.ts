import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ChatTurn, GraphqlAiReply, GraphqlResumeBullet } from '@story/proto';

export interface ProcessTextVariables {
  text: string;
  conversationHistory: ChatTurn[];
  context?: string | null;
  snippetId?: string | null;
  threadId?: string | null;
  resumeBullet?: GraphqlResumeBullet | null;
}

/** The coach's reply to a typed answer, and the id its feedback comes under (AI work). */
export const PROCESS_TEXT_MUTATION: TypedDocumentNode<{ processText: GraphqlAiReply }, ProcessTextVariables> = gql`
  mutation ProcessText(
    $text: String!
    $conversationHistory: [ChatTurnInput!]
    $context: String
    $snippetId: ID
    $threadId: ID
    $resumeBullet: ResumeBulletInput
  ) {
    processText(
      text: $text
      conversationHistory: $conversationHistory
      context: $context
      snippetId: $snippetId
      threadId: $threadId
      resumeBullet: $resumeBullet
    ) {
      aiResponse
      answerId
    }
  }
`;

/** The interviewer's first question, or the opening of a résumé line's story, before the person says anything (AI work). */
export const OPEN_CONVERSATION_MUTATION: TypedDocumentNode<
  { openConversation: GraphqlAiReply },
  { context?: string | null; snippetId?: string | null; resumeBullet?: GraphqlResumeBullet | null }
> = gql`
  mutation OpenConversation($context: String, $snippetId: ID, $resumeBullet: ResumeBulletInput) {
    openConversation(context: $context, snippetId: $snippetId, resumeBullet: $resumeBullet) {
      aiResponse
      answerId
    }
  }
`;
