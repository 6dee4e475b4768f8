import type { FastifyBaseLogger } from 'fastify';
import type { FeedbackConfig } from '../../config.ts';
import type { InterviewPlanner } from './interview-planner.ts';
import { OfflineInterviewPlanner } from './offline-planner.ts';
import { OpenAiInterviewPlanner } from './openai-planner.ts';

/** The planner FEEDBACK_ENGINE names (the offline planner by default), and the offline planner that stands in when it fails. */
export function createInterviewPlanners(
  config: Pick<FeedbackConfig, 'FEEDBACK_ENGINE' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_CHAT_MODEL' | 'FEEDBACK_TIMEOUT_MS'>,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): { planner: InterviewPlanner; fallback: OfflineInterviewPlanner } {
  const offline = new OfflineInterviewPlanner();
  if (config.FEEDBACK_ENGINE !== 'openai' || !config.OPENAI_API_KEY) return { planner: offline, fallback: offline };
  const planner = new OpenAiInterviewPlanner({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_CHAT_MODEL,
    timeoutMs: config.FEEDBACK_TIMEOUT_MS,
    offline,
    ...(log ? { log } : {}),
  });
  return { planner, fallback: offline };
}
