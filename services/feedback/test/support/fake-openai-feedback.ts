import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the fake received it: the path, the key sent, and the JSON body. */
export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: string; messages?: { role: string; content: string }[]; response_format?: { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: unknown } } };
}

/**
 * A loopback server speaking OpenAI's chat completions API: the real `openai` client talks to it over
 * HTTP. It answers with `content` (the model's JSON), or fails, or never answers, as `mode` says.
 */
export class FakeOpenAiFeedback {
  readonly requests: RecordedRequest[] = [];
  mode: 'answer' | 'error' | 'hang' = 'answer';
  content: unknown = {};
  private server: Server | undefined;
  private readonly hanging: IncomingMessage[] = [];

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        this.requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(raw) });
        if (this.mode === 'hang') {
          this.hanging.push(request);
          return;
        }
        if (this.mode === 'error') {
          response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'internal model failure', type: 'server_error' } }));
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-feedback',
            object: 'chat.completion',
            created: 1_700_000_000,
            model: 'gpt-4o-mini',
            choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(this.content), refusal: null }, finish_reason: 'stop', logprobs: null }],
            usage: { prompt_tokens: 100, completion_tokens: 80, total_tokens: 180 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('the fake did not get a port');
    return `http://127.0.0.1:${(address satisfies AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    for (const request of this.hanging) request.socket.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
