import type { ConversationsConfig } from '../config.ts';
import type { ChatModel } from './chat-model.ts';
import { OfflineCoachModel } from './offline-coach/offline-coach.model.ts';
import { OpenAiChatModel } from './openai-chat.model.ts';

/** OpenAI (or a compatible server) when OPENAI_API_KEY is set, else the offline coach. */
export function createChatModel(config: Pick<ConversationsConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_CHAT_MODEL' | 'CHAT_TIMEOUT_MS'>): ChatModel {
  if (!config.OPENAI_API_KEY) return new OfflineCoachModel();
  return new OpenAiChatModel({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_CHAT_MODEL,
    timeoutMs: config.CHAT_TIMEOUT_MS,
  });
}
