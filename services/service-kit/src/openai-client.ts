import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { z } from 'zod';

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

/**
 * What an engine that asks one OpenAI model (or a compatible server) holds: its name, its options and
 * its client, without retries, so that a slow model gives way (to the offline engine, or to the
 * specification's error) within the timeout, not after three of them.
 */
export abstract class OpenAiModelClient<Options extends OpenAiModelOptions = OpenAiModelOptions> {
  readonly name = 'openai' as const;
  protected readonly client: OpenAI;

  constructor(protected readonly options: Options) {
    this.client = new OpenAI(openAiClientOptions(options));
  }
}

/** One structured-output question to a model: its instructions, the request, and the zod shape the answer must have. */
export interface StructuredQuestion<Answer> {
  system: string;
  user: string;
  /** The answer's shape (sent as the response format's JSON schema, and checked on the way back). */
  schema: z.ZodType<Answer>;
  /** The response format's name (letters, digits, `_` and `-`). */
  name: string;
}

/**
 * Asks `model` one structured-output question at temperature 0 (the same answer for the same input)
 * and returns the parsed answer. Throws when the model refuses (with its refusal), gives nothing, or
 * its answer does not fit the schema, so that each caller falls back to its offline engine in one place.
 */
export async function askStructured<Answer>(client: OpenAI, model: string, question: StructuredQuestion<Answer>): Promise<Answer> {
  const completion = await client.chat.completions.parse({
    model,
    temperature: 0,
    messages: [
      { role: 'system', content: question.system },
      { role: 'user', content: question.user },
    ],
    response_format: zodResponseFormat(question.schema, question.name),
  });
  const message = completion.choices[0]?.message;
  const parsed = message?.parsed;
  if (parsed === null || parsed === undefined) throw new Error(message?.refusal ?? `the model returned no ${question.name.replace(/_/g, ' ')}`);
  return parsed;
}
