import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ChatTurn, GraphqlAiReply, GraphqlRecordingSettings } from '@story/proto';

export interface ProcessTextVariables {
  text: string;
  conversationHistory: ChatTurn[];
  context?: string | null;
  snippetId?: string | null;
  threadId?: string | null;
}

/** The coach's reply to a typed answer, and the id its feedback comes under (AI work). */
export const PROCESS_TEXT_MUTATION: TypedDocumentNode<{ processText: GraphqlAiReply }, ProcessTextVariables> = gql`
  mutation ProcessText($text: String!, $conversationHistory: [ChatTurnInput!], $context: String, $snippetId: ID, $threadId: ID) {
    processText(text: $text, conversationHistory: $conversationHistory, context: $context, snippetId: $snippetId, threadId: $threadId) {
      aiResponse
      answerId
    }
  }
`;

/** The interviewer's first question, before the person says anything (AI work). */
export const OPEN_CONVERSATION_MUTATION: TypedDocumentNode<{ openConversation: GraphqlAiReply }, { context?: string | null; snippetId?: string | null }> = gql`
  mutation OpenConversation($context: String, $snippetId: ID) {
    openConversation(context: $context, snippetId: $snippetId) {
      aiResponse
      answerId
    }
  }
`;

/** The signed-in user's recording limit (seconds) and reply type. */
export const RECORDING_SETTINGS_QUERY: TypedDocumentNode<{ myRecordingSettings: GraphqlRecordingSettings }, Record<string, never>> = gql`
  query RecordingSettings {
    myRecordingSettings {
      timeLimit
      responseType
    }
  }
`;
