import type { JobsConfig } from '../config.ts';
import type { JobDescriptionFormatter } from './job-description-formatter.ts';
import { OfflineJobFormatter } from './offline/offline-formatter.ts';
import { OpenAiJobFormatter } from './openai-job-formatter.ts';

/** The same two-way choice as chat replies: OpenAI (or a compatible server) when OPENAI_API_KEY is set, else the offline formatter. */
export function createJobFormatter(
  config: Pick<JobsConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_CHAT_MODEL' | 'FORMAT_TIMEOUT_MS'>,
): JobDescriptionFormatter {
  if (!config.OPENAI_API_KEY) return new OfflineJobFormatter();
  return new OpenAiJobFormatter({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_CHAT_MODEL,
    timeoutMs: config.FORMAT_TIMEOUT_MS,
  });
}
