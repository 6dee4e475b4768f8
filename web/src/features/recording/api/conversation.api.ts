import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import {
  openingResponseSchema,
  saveConversationResponseSchema,
  spokenOpeningResponseSchema,
  type ChatTurn,
  type GraphqlResumeBullet,
  type OpeningRequest,
  type ResumeBulletRef,
  type SpokenOpeningResponse,
} from '@story/proto';
import { httpClient } from '../../../api/http-client.ts';
import { useSaveThreadItem } from '../../threads/index.ts';
import { OPEN_CONVERSATION_MUTATION, PROCESS_TEXT_MUTATION } from './conversation.graphql.ts';

export interface ProcessTextInput {
  text: string;
  conversationHistory: ChatTurn[];
  /** The selected requirements, when practising for an interview. */
  context?: string;
  /** The thread or practised snippet, so the answer's feedback is filed under it. */
  threadId?: number;
  snippetId?: number;
  /** The résumé bullet whose story is told. */
  resumeBullet?: ResumeBulletRef;
}

const idVariable = (id: number | undefined) => (id === undefined ? undefined : String(id));
/** A résumé bullet as GraphQL takes it (the résumé's id as an ID). */
export const resumeBulletVariable = (bullet: ResumeBulletRef | undefined | null): GraphqlResumeBullet | undefined =>
  bullet ? { resumeId: String(bullet.resumeId), bulletId: bullet.bulletId } : undefined;

/** The coach's reply to a typed message (GraphQL `processText`), and the id of the answer's feedback. */
export function useProcessText(): (input: ProcessTextInput) => Promise<{ aiResponse: string; answerId: string | null }> {
  const [processText] = useMutation(PROCESS_TEXT_MUTATION);
  return useCallback(
    async ({ threadId, snippetId, resumeBullet, ...input }) => {
      const ids = { threadId: idVariable(threadId), snippetId: idVariable(snippetId), resumeBullet: resumeBulletVariable(resumeBullet) };
      const { data } = await processText({ variables: { ...input, ...ids } });
      if (!data) throw new Error('processText returned no data');
      return { aiResponse: data.processText.aiResponse, answerId: data.processText.answerId ?? null };
    },
    [processText],
  );
}

/**
 * The interviewer's first question, asked before the person says anything (issue 19): as text
 * (GraphQL `openConversation`), or spoken when the plan speaks replies (POST /api/transcribe/opening:
 * the speech service's audio, which GraphQL does not carry). The story for a requirement (issue 23)
 * is opened over REST (`POST /api/process-text/opening`): neither GraphQL's `openConversation` nor
 * the speech service's opening carries `storyRequirement` yet.
 */
export function useFetchOpening(): (input: OpeningRequest, spoken: boolean) => Promise<SpokenOpeningResponse> {
  const [openConversation] = useMutation(OPEN_CONVERSATION_MUTATION);
  return useCallback(
    async (input, spoken) => {
      if (input.storyRequirement) return httpClient.post('/api/process-text/opening', { ...input }, { parse: (data) => openingResponseSchema.parse(data) });
      if (spoken) return httpClient.post('/api/transcribe/opening', { ...input }, { parse: (data) => spokenOpeningResponseSchema.parse(data) });
      const { data } = await openConversation({
        variables: { context: input.context, snippetId: idVariable(input.snippetId), resumeBullet: resumeBulletVariable(input.resumeBullet) },
      });
      if (!data) throw new Error('openConversation returned no data');
      return { aiResponse: data.openConversation.aiResponse };
    },
    [openConversation],
  );
}

/** An exchange to save to a thread; `audioResponse` is a spoken reply's MP3 (base64), if it has one. */
export interface ExchangeToSave {
  userMessage: string;
  aiResponse: string;
  answerId?: string | null;
  audioResponse: string | null;
  /** The id the server keeps the spoken reply under (a voice turn's `audioId`): saved by reference, no audio sent. */
  audioId?: string | null;
  /** The résumé bullet whose story the conversation tells: the thread is linked to it. */
  resumeBullet?: ResumeBulletRef | null;
}

/**
 * Saves one exchange to a thread over GraphQL (`saveConversation`); a spoken reply the server kept
 * is named by its `audioId` (issue 20, point 5: the save sends no audio). Only a spoken reply
 * without an id (the server could not keep it) still goes up as base64 over REST (POST /api/conversations).
 */
export function useSaveExchange(): (threadId: string, exchange: ExchangeToSave) => Promise<void> {
  const saveThreadItem = useSaveThreadItem();
  return useCallback(
    async (threadId, { userMessage, aiResponse, answerId, audioResponse, audioId, resumeBullet }) => {
      const bullet = resumeBullet ? { resumeBullet } : {};
      if (audioId || !audioResponse) {
        const graphqlBullet = resumeBulletVariable(resumeBullet);
        return saveThreadItem({
          threadId,
          userMessage,
          aiResponse,
          answerId: answerId ?? null,
          ...(audioId ? { audioId } : {}),
          ...(graphqlBullet ? { resumeBullet: graphqlBullet } : {}),
        });
      }
      const body = { userMessage, aiResponse, threadId: Number(threadId), audioResponse, ...(answerId ? { answerId } : {}), ...bullet };
      await httpClient.post('/api/conversations', body, { parse: (data) => saveConversationResponseSchema.parse(data) });
    },
    [saveThreadItem],
  );
}
