import { createServer, type Server } from 'node:http';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuit-breaker.ts';
import { UpstreamFailureJudge, isUpstreamTimeout } from './upstream-failures.ts';

/** An undici error as the agent reports it: a code, perhaps wrapped by reply-from. */
const undiciError = (code: string) => Object.assign(new Error(code), { code });
const wrapped = (cause: Error) => new Error('reply-from failed', { cause });

describe('isUpstreamTimeout', () => {
  it('knows the gateway’s own waits running out, wrapped or not, and nothing else', () => {
    expect(isUpstreamTimeout(undiciError('UND_ERR_HEADERS_TIMEOUT'))).toBe(true);
    expect(isUpstreamTimeout(wrapped(undiciError('UND_ERR_BODY_TIMEOUT')))).toBe(true);
    expect(isUpstreamTimeout(undiciError('FST_REPLY_FROM_GATEWAY_TIMEOUT'))).toBe(true);
    // No connection in time is the service unreachable, not a slow answer.
    expect(isUpstreamTimeout(undiciError('UND_ERR_CONNECT_TIMEOUT'))).toBe(false);
    expect(isUpstreamTimeout(undiciError('ECONNREFUSED'))).toBe(false);
    expect(isUpstreamTimeout('UND_ERR_HEADERS_TIMEOUT')).toBe(false);
  });
});

describe('UpstreamFailureJudge', () => {
  /** A service whose `/healthz` answers, and one whose event loop is stuck (it holds every request). */
  let alive: Server;
  let frozen: Server;
  let agent: Agent;
  const urlOf = (server: Server) => {
    const address = server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };

  beforeAll(async () => {
    alive = createServer((_request, response) => response.end('{"status":"ok"}'));
    frozen = createServer(() => undefined);
    for (const server of [alive, frozen]) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    agent = new Agent();
  });

  afterAll(async () => {
    await agent.close();
    for (const server of [alive, frozen]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  const setup = () => {
    const breaker = new CircuitBreaker({ failureThreshold: 2, openMs: 10_000, clock: () => new Date(0) });
    const judge = new UpstreamFailureJudge(agent, { alive: urlOf(alive), frozen: urlOf(frozen) });
    const fail = async (service: string, error: Error, caller = 'user:1', expensive = false) => {
      const call = breaker.begin(service);
      if (!call) throw new Error(`the circuit of ${service} refused a call`);
      await judge.judge(call, service, error, { caller, expensive });
    };
    return { breaker, fail };
  };

  it('counts a refused or cut connection every time, whoever asked', async () => {
    const { breaker, fail } = setup();
    await fail('alive', undiciError('ECONNREFUSED'));
    await fail('alive', wrapped(undiciError('ECONNRESET')));
    expect(breaker.begin('alive')).toBeUndefined();
  });

  it('gives no verdict on expensive work that timed out', async () => {
    const { breaker, fail } = setup();
    for (let i = 0; i < 5; i++) await fail('frozen', undiciError('UND_ERR_HEADERS_TIMEOUT'), 'user:1', true);
    expect(breaker.begin('frozen')).toBeDefined();
  });

  it('counts a timed-out read once per caller while the service answers its health check', async () => {
    const { breaker, fail } = setup();
    for (let i = 0; i < 5; i++) await fail('alive', undiciError('UND_ERR_HEADERS_TIMEOUT'), 'user:1');
    expect(breaker.begin('alive')).toBeDefined();
    await fail('alive', undiciError('UND_ERR_HEADERS_TIMEOUT'), 'user:2');
    expect(breaker.begin('alive')).toBeUndefined();
  });

  it('counts a timed-out read every time when the service does not answer its health check either', async () => {
    const { breaker, fail } = setup();
    await fail('frozen', undiciError('UND_ERR_HEADERS_TIMEOUT'), 'user:1');
    await fail('frozen', undiciError('UND_ERR_HEADERS_TIMEOUT'), 'user:1');
    expect(breaker.begin('frozen')).toBeUndefined();
  });
});
