import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OpenAiLoopback, chatCompletion, jsonBodyOf, openAiError, type LoopbackAnswer } from '@story/testing/openai-loopback';
import { askStructured, openAiClientOptions } from './openai-client.ts';

/** The one structured-output call every OpenAI engine makes (résumé parser, suggestions, planner, feedback), against OpenAI's HTTP boundary. */
describe('askStructured against a loopback chat-completions server', () => {
  const schema = z.object({ verdict: z.enum(['yes', 'no']), reason: z.string() });
  const question = { system: 'Judge it.', user: 'Is 7 a prime?', schema, name: 'prime_verdict' };
  let answer: LoopbackAnswer = chatCompletion('{}');
  const loopback = new OpenAiLoopback(() => answer);
  let client: OpenAI;

  beforeAll(async () => {
    client = new OpenAI(openAiClientOptions({ apiKey: 'sk-test', baseURL: await loopback.start(), timeoutMs: 5000 }));
  });
  afterAll(() => loopback.stop());

  it('asks at temperature 0 with the instructions, the request and the schema by name, and returns the answer checked', async () => {
    answer = chatCompletion(JSON.stringify({ verdict: 'yes', reason: 'only 1 and 7 divide it' }));
    await expect(askStructured(client, 'gpt-4o-mini', question)).resolves.toEqual({ verdict: 'yes', reason: 'only 1 and 7 divide it' });
    const body = jsonBodyOf(loopback.calls.at(-1)!) as Record<string, unknown>;
    expect(body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0,
      messages: [
        { role: 'system', content: 'Judge it.' },
        { role: 'user', content: 'Is 7 a prime?' },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'prime_verdict', strict: true } },
    });
  });

  it('throws with the model’s refusal, so that the caller falls back in one place', async () => {
    answer = {
      json: {
        id: 'chatcmpl-refused',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: 'gpt-4o-mini',
        choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: 'I cannot help with that.' }, finish_reason: 'stop' }],
      },
    };
    await expect(askStructured(client, 'gpt-4o-mini', question)).rejects.toThrow('I cannot help with that.');
  });

  it('throws when the answer does not fit the schema, or the server fails', async () => {
    answer = chatCompletion(JSON.stringify({ verdict: 'maybe', reason: 'unsure' }));
    await expect(askStructured(client, 'gpt-4o-mini', question)).rejects.toThrow();
    answer = openAiError('model failure');
    await expect(askStructured(client, 'gpt-4o-mini', question)).rejects.toThrow('model failure');
  });
});
