import { openingResponseSchema, processTextResponseSchema, spokenOpeningResponseSchema, type ChatTurn, type OpeningRequest, type SpokenOpeningResponse } from '@story/proto';
import { httpClient } from '../../../api/http-client.ts';

export interface ProcessTextInput {
  text: string;
  conversationHistory: ChatTurn[];
  /** The selected requirements, when practising for an interview. */
  context?: string;
  /** The thread or practised snippet, so the answer's feedback is filed under it. */
  threadId?: number;
  snippetId?: number;
}

/** The AI's reply to a typed message (POST /api/process-text), and the id of the answer's feedback. */
export async function processText(input: ProcessTextInput): Promise<{ aiResponse: string; answerId: string | null }> {
  const body = await httpClient.post('/api/process-text', { ...input }, { parse: (data) => processTextResponseSchema.parse(data) });
  return { aiResponse: body.aiResponse, answerId: body.answerId ?? null };
}

/**
 * The interviewer's first question, asked before the person says anything (issue 19): as text
 * (POST /api/process-text/opening), or spoken when the plan speaks replies (POST /api/transcribe/opening).
 */
export async function fetchOpening(input: OpeningRequest, spoken: boolean): Promise<SpokenOpeningResponse> {
  if (spoken) return httpClient.post('/api/transcribe/opening', { ...input }, { parse: (data) => spokenOpeningResponseSchema.parse(data) });
  return httpClient.post('/api/process-text/opening', { ...input }, { parse: (data) => openingResponseSchema.parse(data) });
}
