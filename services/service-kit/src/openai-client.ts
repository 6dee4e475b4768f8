/** Where and how a service calls OpenAI (or any compatible server at `baseURL`) for one model. */
export interface OpenAiModelOptions {
  apiKey: string;
  baseURL?: string | undefined;
  model: string;
  timeoutMs: number;
}

/**
 * The OpenAI client's options for a call that answers a person: no retries by default, so a slow
 * model gives the specification's error within the timeout, not after three of them.
 */
export function openAiClientOptions(
  options: Pick<OpenAiModelOptions, 'apiKey' | 'baseURL' | 'timeoutMs'>,
  maxRetries = 0,
): { apiKey: string; baseURL: string | undefined; timeout: number; maxRetries: number } {
  return { apiKey: options.apiKey, baseURL: options.baseURL, timeout: options.timeoutMs, maxRetries };
}
