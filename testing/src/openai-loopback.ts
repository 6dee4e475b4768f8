import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the loopback server received. */
export interface LoopbackCall {
  /** The path asked for, e.g. `/v1/chat/completions`. */
  path: string;
  authorization: string | undefined;
  contentType: string;
  body: Buffer;
}

/** How the loopback server answers one call: JSON, raw bytes, or never (a model that hangs). */
export type LoopbackAnswer = { status?: number; json: unknown } | { status?: number; bytes: Buffer; contentType: string } | 'hang';

/** The JSON body of a call (what the `openai` client sends for chat, embeddings and speech). */
export const jsonBodyOf = (call: LoopbackCall): unknown => JSON.parse(call.body.toString('utf8'));

/** OpenAI's error answer, as on a bad day (the client retries none when `maxRetries` is 0). */
export const openAiError = (message: string, status = 500): LoopbackAnswer => ({ status, json: { error: { message, type: 'server_error' } } });

/** A chat completion whose assistant message is `content`. */
export const chatCompletion = (content: string, model = 'gpt-4o-mini'): LoopbackAnswer => ({
  json: {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 7, total_tokens: 17 },
  },
});

/**
 * A loopback server standing in for OpenAI at its HTTP boundary (the one fake our standards allow):
 * the real `openai` client talks to it over HTTP. It records every call and answers each with
 * `respond`, which a test may change between cases.
 */
export class OpenAiLoopback {
  readonly calls: LoopbackCall[] = [];
  private server: Server | undefined;
  private readonly hanging: IncomingMessage[] = [];

  constructor(public respond: (call: LoopbackCall) => LoopbackAnswer) {}

  /** Listens on loopback; resolves to the base URL to give the client (`http://127.0.0.1:<port>/v1`). */
  async start(): Promise<string> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const call = {
          path: request.url ?? '',
          authorization: request.headers.authorization,
          contentType: request.headers['content-type'] ?? '',
          body: Buffer.concat(chunks),
        };
        this.calls.push(call);
        const answer = this.respond(call);
        if (answer === 'hang') return void this.hanging.push(request);
        if ('json' in answer) return void response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
        response.writeHead(answer.status ?? 200, { 'content-type': answer.contentType }).end(answer.bytes);
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  }

  /** The last call's JSON body. */
  lastJson(): unknown {
    const call = this.calls.at(-1);
    return call ? jsonBodyOf(call) : undefined;
  }

  async stop(): Promise<void> {
    for (const request of this.hanging) request.socket.destroy();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** What the `openai` client sends to chat completions (the parts tests look at). */
export interface ChatCallBody {
  model?: string;
  messages: { role: string; content: string }[];
  response_format?: unknown;
}

/** A chat call as the tests read it: its path, key and parsed body. */
export interface ChatCall {
  path: string;
  authorization: string | undefined;
  body: ChatCallBody;
}

/**
 * The loopback server as OpenAI's chat completions: `answer` (text, or made from the request) is
 * the assistant's content; `mode` makes it fail with a 500 or never answer.
 */
export class ChatLoopback extends OpenAiLoopback {
  mode: 'answer' | 'error' | 'hang' = 'answer';
  answer: string | ((body: ChatCallBody) => string) = '';

  constructor() {
    super(() => 'hang');
    this.respond = (call) => {
      if (this.mode === 'hang') return 'hang';
      if (this.mode === 'error') return openAiError('model failure');
      const body = jsonBodyOf(call) as ChatCallBody;
      return chatCompletion(typeof this.answer === 'string' ? this.answer : this.answer(body), body.model);
    };
  }

  /** Every call with its body parsed, in order. */
  get requests(): ChatCall[] {
    return this.calls.map((call) => ({ path: call.path, authorization: call.authorization, body: jsonBodyOf(call) as ChatCallBody }));
  }
}
