import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply } from 'fastify';
import { Agent, type Dispatcher } from 'undici';
import { traceUpstreamRequest } from './upstream-tracing.ts';

/** The signal of the caller's request being proxied: it aborts when the caller goes away. */
export const callerGone = new AsyncLocalStorage<AbortSignal>();

/** A signal that aborts when the caller goes away (closed tab, dropped connection) before its answer was sent. */
export function callerGoneSignal(reply: FastifyReply): AbortSignal {
  const caller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) caller.abort();
  });
  return caller.signal;
}

/**
 * The agent, with each proxied request tied to its caller: when the caller goes away (closed tab,
 * dropped connection) the request to the service is aborted too, so the service sees its request end
 * and stops the work behind it (speech jobs are cancelled on their worker) instead of finishing work
 * nobody will read. reply-from takes no signal of its own, so it comes from the async context.
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
    const signal = callerGone.getStore();
    const bound = signal ? { ...options, signal } : options;
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
    const response = await callerGone.exit(() => agent.request({ origin: url.origin, path, method: 'GET', headersTimeout: 1_000, bodyTimeout: 1_000 }));
    await response.body.dump();
    return true;
  } catch {
    return false;
  }
}
