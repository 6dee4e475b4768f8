import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatCall {
  path: string;
  authorization: string | undefined;
  body: { model?: string; messages?: { role: string; content: string }[] };
}

/**
 * A loopback server that answers OpenAI's chat completions API, so the real `openai` client is
 * tested over HTTP. `answer` is the assistant's content; `mode` makes it fail or never answer.
 */
export class OpenAiLoopback {
  readonly calls: ChatCall[] = [];
  answer = '';
  mode: 'answer' | 'error' | 'hang' = 'answer';
  private server: Server | undefined;
  private readonly hanging: IncomingMessage[] = [];

  /** Starts listening; resolves to the base URL to give the client (`.../v1`). */
  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        this.calls.push({ path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(raw) as ChatCall['body'] });
        if (this.mode === 'hang') return void this.hanging.push(request);
        if (this.mode === 'error') return void response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"model failure","type":"server_error"}}');
        const choice = { index: 0, message: { role: 'assistant', content: this.answer }, finish_reason: 'stop' };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'gpt-4o-mini', choices: [choice] }));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    for (const request of this.hanging) request.socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
