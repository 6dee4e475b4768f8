import type { FastifyReply } from 'fastify';
import { Agent, type Dispatcher } from 'undici';
import { traceUpstreamRequest } from './upstream-tracing.ts';

/**
 * The header that names a proxied request's caller to the agent, inside the gateway only: the agent
 * reads it and takes it off before the request leaves, so no service ever sees it.
 */
export const CALLER_HEADER = 'x-story-gateway-caller';

/** Callers still waiting for an answer, by the key the proxy put in `CALLER_HEADER`. */
const waitingCallers = new Map<string, AbortSignal>();
let lastCallerKey = 0;

/** A signal that aborts when the caller goes away (closed tab, dropped connection) before its answer was sent. */
export function callerGoneSignal(reply: FastifyReply): AbortSignal {
  const caller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) caller.abort();
  });
  return caller.signal;
}

/**
 * Registers `reply`'s caller for the requests proxied on its behalf: the key to put in `CALLER_HEADER`
 * (it is forgotten once the reply is closed), and the signal that aborts when the caller goes away.
 */
export function registerCaller(reply: FastifyReply): { key: string; signal: AbortSignal } {
  const signal = callerGoneSignal(reply);
  lastCallerKey += 1;
  const key = String(lastCallerKey);
  waitingCallers.set(key, signal);
  reply.raw.once('close', () => waitingCallers.delete(key));
  return { key, signal };
}

/** How many callers are registered (a test's check that none is kept after its reply closed). */
export function registeredCallers(): number {
  return waitingCallers.size;
}

/** The request's options without `CALLER_HEADER`, bound to that caller's signal when it is still waiting. */
function boundToCaller<TOpaque>(options: Dispatcher.RequestOptions<TOpaque>): Dispatcher.RequestOptions<TOpaque> {
  const headers = options.headers;
  if (!headers || Array.isArray(headers) || typeof headers !== 'object' || !(CALLER_HEADER in headers)) return options;
  const { [CALLER_HEADER]: key, ...rest } = headers as Record<string, string | string[] | undefined>;
  const signal = typeof key === 'string' ? waitingCallers.get(key) : undefined;
  return signal ? { ...options, headers: rest, signal } : { ...options, headers: rest };
}

/**
 * The agent, with each proxied request tied to its caller: when the caller goes away (closed tab,
 * dropped connection) the request to the service is aborted too, so the service sees its request end
 * and stops the work behind it (speech jobs are cancelled on their worker) instead of finishing work
 * nobody will read. reply-from takes no signal of its own, so the proxy names the caller in a header
 * (`CALLER_HEADER`) that the agent takes off. Not an AsyncLocalStorage: one turns on Node's promise
 * hooks for the whole process, and every promise of every request then pays for them.
 */
class CallerBoundAgent extends Agent {
  override request<TOpaque = null>(options: Dispatcher.RequestOptions<TOpaque>): Promise<Dispatcher.ResponseData<TOpaque>>;
  override request<TOpaque = null>(
    options: Dispatcher.RequestOptions<TOpaque>,
    callback: (error: Error | null, data: Dispatcher.ResponseData<TOpaque>) => void,
  ): void;
  override request<TOpaque = null>(
    options: Dispatcher.RequestOptions<TOpaque>,
    callback?: (error: Error | null, data: Dispatcher.ResponseData<TOpaque>) => void,
  ): Promise<Dispatcher.ResponseData<TOpaque>> | void {
    const bound = boundToCaller(options);
    const traced = traceUpstreamRequest(bound);
    if (!traced) return callback ? super.request(bound, callback) : super.request(bound);
    if (callback)
      return super.request(traced.options, (error, data) => {
        traced.end(error, data?.statusCode);
        callback(error, data);
      });
    return super.request(traced.options).then(
      (data) => {
        traced.end(null, data.statusCode);
        return data;
      },
      (error: unknown) => {
        traced.end(error instanceof Error ? error : new Error(String(error)), undefined);
        throw error;
      },
    );
  }
}

/**
 * The one HTTP client of the gateway towards the services: an undici Agent, which keeps a
 * keep-alive connection pool per service origin. Reusing connections is most of what keeps the
 * proxy's added latency under a millisecond.
 */
export function createUpstreamAgent(): Agent {
  return new CallerBoundAgent({
    connections: 128,
    pipelining: 1,
    // Shorter than the services' own keep-alive (fastify: 72 s), so the gateway never reuses a socket the service just closed.
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 60_000,
    connectTimeout: 5_000,
    // Transcription and AI replies can take a while; anything slower than this is broken.
    headersTimeout: 120_000,
    bodyTimeout: 120_000,
  });
}

/** A readiness check: the service's own `/readyz` answers 200 within a second. */
export function upstreamReadiness(agent: Agent, baseUrl: string): () => Promise<void> {
  const url = new URL(baseUrl);
  const path = `${url.pathname.replace(/\/$/, '')}/readyz`;
  return async () => {
    const response = await agent.request({
      origin: url.origin,
      path,
      method: 'GET',
      headersTimeout: 1_000,
      bodyTimeout: 1_000,
    });
    await response.body.dump();
    if (response.statusCode !== 200) throw new Error(`/readyz answered ${response.statusCode}`);
  };
}

/**
 * Whether the service answers its `/healthz` within a second, whatever the status: its event loop
 * runs. Asked on the gateway's own behalf, never tied to a caller who might leave meanwhile.
 */
export async function serviceAnswers(agent: Agent, baseUrl: string): Promise<boolean> {
  try {
    const url = new URL(baseUrl);
    const path = `${url.pathname.replace(/\/$/, '')}/healthz`;
    const response = await agent.request({ origin: url.origin, path, method: 'GET', headersTimeout: 1_000, bodyTimeout: 1_000 });
    await response.body.dump();
    return true;
  } catch {
    return false;
  }
}
