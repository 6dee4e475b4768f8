import { sharedSentenceEncoder } from '@story/service-kit/sentence-encoder';
import type { FeedbackConfig } from '../config.ts';
import type { FeedbackEngine } from './feedback-engine.ts';
import { OfflineFeedbackEngine } from './offline/offline-feedback.engine.ts';
import { OpenAiFeedbackEngine } from './openai/openai-feedback.engine.ts';

/** The engine FEEDBACK_ENGINE names (the offline scorer by default), and the offline scorer that stands in when it fails. */
export function createFeedbackEngines(
  config: Pick<FeedbackConfig, 'FEEDBACK_ENGINE' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_CHAT_MODEL' | 'FEEDBACK_TIMEOUT_MS'>,
): { engine: FeedbackEngine; fallback: OfflineFeedbackEngine } {
  // Relevance by meaning as well as words: the process's one sentence encoder, loaded on first use.
  const offline = new OfflineFeedbackEngine(sharedSentenceEncoder());
  if (config.FEEDBACK_ENGINE !== 'openai' || !config.OPENAI_API_KEY) return { engine: offline, fallback: offline };
  const engine = new OpenAiFeedbackEngine({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_CHAT_MODEL,
    timeoutMs: config.FEEDBACK_TIMEOUT_MS,
    offline,
  });
  return { engine, fallback: offline };
}
