import { OpenAiSuggestionEngine } from './openai-suggestions.engine.ts';
import { offlineSuggestionEngine, type SuggestionEngine } from './suggestion-engine.ts';

/** What picks the engine: an OpenAI key (and where and which model), and how long the model may take. */
export interface SuggestionEngineConfig {
  OPENAI_API_KEY?: string | undefined;
  OPENAI_BASE_URL?: string | undefined;
  OPENAI_CHAT_MODEL: string;
  SUGGESTIONS_TIMEOUT_MS: number;
}

/** The OpenAI engine when OPENAI_API_KEY is set (the offline one stands in when it fails), else the offline engine. */
export function createSuggestionEngine(config: SuggestionEngineConfig): SuggestionEngine {
  if (!config.OPENAI_API_KEY) return offlineSuggestionEngine;
  return new OpenAiSuggestionEngine({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_CHAT_MODEL,
    timeoutMs: config.SUGGESTIONS_TIMEOUT_MS,
  });
}
