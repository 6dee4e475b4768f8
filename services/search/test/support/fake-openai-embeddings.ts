import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { OfflineEmbedder } from '../../src/embedding/offline.embedder.ts';

const embeddingsRequestSchema = z.object({
  model: z.string(),
  input: z.union([z.string(), z.array(z.string())]),
  dimensions: z.number().optional(),
  encoding_format: z.string().optional(),
});

/**
 * A loopback server speaking OpenAI's embeddings API (`POST /v1/embeddings`), so the real `openai`
 * client is tested over HTTP. Its vectors come from the offline embedder: texts alike get vectors alike.
 * `failing` makes it answer 500, as OpenAI does on a bad day.
 */
export class FakeOpenAiEmbeddings {
  readonly requests: { path: string; authorization: string | undefined; body: z.infer<typeof embeddingsRequestSchema> }[] = [];
  failing = false;
  private server: Server | undefined;

  constructor(private readonly embedder: OfflineEmbedder) {}

  /** Listens on loopback; resolves to the base URL to give the client (`.../v1`). */
  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const body = embeddingsRequestSchema.parse(JSON.parse(raw));
        this.requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
        if (this.failing || request.url !== '/v1/embeddings') {
          response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'the model is overloaded', type: 'server_error' } }));
          return;
        }
        const inputs = typeof body.input === 'string' ? [body.input] : body.input;
        const data = inputs.map((text, index) => ({ object: 'embedding', index, embedding: Array.from(this.embedder.embedOne(text)) }));
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: inputs.length, total_tokens: inputs.length } }));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
