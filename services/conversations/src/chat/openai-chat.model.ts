import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ChatModel, ChatRequest } from './chat-model.ts';
import { COACH_SYSTEM_PROMPT, interviewContextPrompt } from './coach-prompt.ts';

export interface OpenAiChatOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
}

/** Replies from OpenAI's chat completions API, or any compatible server at `baseURL`. */
export class OpenAiChatModel implements ChatModel {
  readonly name = 'openai';
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiChatOptions) {
    // No retries: a slow model must give the spec's error within the timeout, not after three.
    this.client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, timeout: options.timeoutMs, maxRetries: 0 });
  }

  async reply(request: ChatRequest): Promise<string> {
    const messages: ChatCompletionMessageParam[] = [{ role: 'system', content: COACH_SYSTEM_PROMPT }];
    if (request.context && request.context.trim()) messages.push({ role: 'system', content: interviewContextPrompt(request.context) });
    for (const turn of request.history) {
      if (turn.content.trim()) messages.push({ role: turn.role, content: turn.content });
    }
    messages.push({ role: 'user', content: request.text });
    const completion = await this.client.chat.completions.create({ model: this.options.model, messages, temperature: 0.7 });
    const content = completion.choices[0]?.message?.content?.trim();
    if (!content) throw new Error('the model returned an empty reply');
    return content;
  }
}
