import { OpenAiLoopback, jsonBodyOf, openAiError, type LoopbackCall } from '@story/testing/service-under-test';
import { z } from 'zod';
import { type OfflineEmbedder } from '../../src/embedding/offline.embedder.ts';

const embeddingsRequestSchema = z.object({
  model: z.string(),
  input: z.union([z.string(), z.array(z.string())]),
  dimensions: z.number().optional(),
  encoding_format: z.string().optional(),
});

/**
 * The loopback OpenAI server as its embeddings API (`POST /v1/embeddings`). Its vectors come from
 * the offline embedder: texts alike get vectors alike. `failing` makes it answer 500, as OpenAI does
 * on a bad day.
 */
export class FakeOpenAiEmbeddings extends OpenAiLoopback {
  failing = false;

  constructor(private readonly embedder: OfflineEmbedder) {
    super(() => 'hang');
    this.respond = (call) => this.answer(call);
  }

  /** Every call with its body parsed, in order. */
  get requests(): { path: string; authorization: string | undefined; body: z.infer<typeof embeddingsRequestSchema> }[] {
    return this.calls.map((call) => ({ path: call.path, authorization: call.authorization, body: embeddingsRequestSchema.parse(jsonBodyOf(call)) }));
  }

  private answer(call: LoopbackCall) {
    if (this.failing || call.path !== '/v1/embeddings') return openAiError('the model is overloaded');
    const body = embeddingsRequestSchema.parse(jsonBodyOf(call));
    const inputs = typeof body.input === 'string' ? [body.input] : body.input;
    const data = inputs.map((text, index) => ({ object: 'embedding', index, embedding: Array.from(this.embedder.embedOne(text)) }));
    return { json: { object: 'list', data, model: body.model, usage: { prompt_tokens: inputs.length, total_tokens: inputs.length } } };
  }
}
