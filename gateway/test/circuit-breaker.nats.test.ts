import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserHeaders, startGatewayWorld, type GatewayWorld, type RunningGateway } from './gateway.fixture.ts';

/**
 * Issue 36, 8 and 3: the circuit breaker in front of a service, against a real stand-in for the
 * conversations service (REST and its subgraph) whose behaviour the test sets: it answers, cuts every
 * connection (the service is down), or holds a request until its caller leaves (a slow request). The
 * breaker's clock is the test's: the open interval passes when the test says so, never while it waits.
 */
type Behaviour = 'answer' | 'cut' | 'hold';

let world: GatewayWorld;
let conversations: Server;
let conversationsUrl: string;
/** What every request gets unless its query says `hold` (then it is held whatever this says). */
let behaviour: Behaviour = 'answer';
/** `METHOD url` of every request the stand-in received, and the urls of held ones whose caller left. */
const received: string[] = [];
const left: string[] = [];
/** Held answers not yet ended, so that a failed test does not leave the gateway waiting on them. */
const held = new Set<ServerResponse>();
let now = Date.now();
const breakerClock = () => new Date(now);

const OPEN_MS = 10_000;

beforeAll(async () => {
  world = await startGatewayWorld();
  conversations = createServer((request, response) => {
    const url = request.url ?? '';
    received.push(`${request.method} ${url}`);
    const hold = behaviour === 'hold' || /[?&]hold\b/.test(url);
    if (behaviour === 'cut' && !hold) return void request.socket.destroy();
    if (hold) {
      held.add(response);
      response.once('close', () => {
        held.delete(response);
        left.push(url);
      });
      return;
    }
    response.setHeader('content-type', 'application/json');
    if (url !== '/graphql') return void response.end('[]');
    request.resume();
    request.on('end', () => response.end(JSON.stringify({ data: { threads: [] } })));
  });
  await new Promise<void>((resolve) => conversations.listen(0, '127.0.0.1', resolve));
  const address = conversations.address();
  conversationsUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await world?.close();
  conversations?.closeAllConnections();
  await new Promise((resolve) => conversations?.close(resolve));
});

async function gatewayWith(env: Record<string, string>): Promise<RunningGateway> {
  return world.startGateway(
    { CONVERSATIONS_URL: conversationsUrl, CIRCUIT_BREAKER_FAILURES: '2', CIRCUIT_BREAKER_OPEN_MS: String(OPEN_MS), ...env },
    { breakerClock },
  );
}

const person = (userId: number) => world.signSession({ userId, sessionId: `session-breaker-${userId}` });

const getThreads = (gateway: RunningGateway, session: string, query = '', signal?: AbortSignal) =>
  fetch(`${gateway.url}/api/conversation-threads${query}`, { headers: browserHeaders(session), signal });

const graphqlThreads = (gateway: RunningGateway, session: string, signal?: AbortSignal) =>
  fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { ...browserHeaders(session), 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ threads { id } }' }),
    signal,
  });

/** Opens the circuit the way a service that is down does (every connection cut), and checks that calls then fail fast. */
async function openCircuit(gateway: RunningGateway, session: string): Promise<void> {
  behaviour = 'cut';
  for (let i = 0; i < 2; i++) expect((await getThreads(gateway, session)).status).toBe(503);
  const before = received.length;
  const refused = await getThreads(gateway, session);
  expect(refused.status).toBe(503);
  expect(await refused.json()).toEqual({ message: 'The conversations service is not available' });
  expect(received).toHaveLength(before);
  behaviour = 'answer';
}

/** Sends the half-open trial, waits until the service holds it, then drops it as a closed tab does, and waits until the service sees it go. */
async function dropTrial(send: (signal: AbortSignal) => Promise<Response>, seenAs: string, leftAs: string): Promise<void> {
  const caller = new AbortController();
  const answer = send(caller.signal).catch((error: unknown) => error);
  await expect.poll(() => received.includes(seenAs), { timeout: 5000, interval: 20 }).toBe(true);
  caller.abort();
  expect(await answer).toBeInstanceOf(Error);
  await expect.poll(() => left.filter((url) => url === leftAs).length, { timeout: 5000, interval: 20 }).toBeGreaterThan(0);
}

describe('a half-open trial whose caller hangs up (issue 36, 8)', () => {
  let gateway: RunningGateway;
  let session: string;
  beforeEach(async () => {
    // A gateway (and so a breaker) per test; reads waited for far longer than the test runs: only the caller leaving can end a held trial.
    gateway = await gatewayWith({ UPSTREAM_READ_TIMEOUT_MS: '600000', UPSTREAM_AI_TIMEOUT_MS: '600000' });
    session = await person(1);
  });
  afterEach(async () => {
    for (const response of held) response.destroy();
    await gateway.close();
  });

  it('does not wedge the circuit: REST and GraphQL are served again within the open interval', async () => {
    await openCircuit(gateway, session);
    now += OPEN_MS;
    received.length = 0;
    left.length = 0;
    await dropTrial((signal) => getThreads(gateway, session, '?hold', signal), 'GET /api/conversation-threads?hold', '/api/conversation-threads?hold');

    const rest = await getThreads(gateway, session);
    expect(rest.status).toBe(200);
    expect(await rest.json()).toEqual([]);
    const graphql = await graphqlThreads(gateway, session);
    expect(await graphql.json()).toEqual({ data: { threads: [] } });
  });

  it('does not wedge the circuit when the dropped trial is a GraphQL request', async () => {
    await openCircuit(gateway, session);
    now += OPEN_MS;
    received.length = 0;
    left.length = 0;
    behaviour = 'hold';
    await dropTrial((signal) => graphqlThreads(gateway, session, signal), 'POST /graphql', '/graphql');
    behaviour = 'answer';

    expect(await (await graphqlThreads(gateway, session)).json()).toEqual({ data: { threads: [] } });
    expect((await getThreads(gateway, session)).status).toBe(200);
  });

  it('does not wedge the circuit when the trial is refused on its way (a body too large)', async () => {
    await openCircuit(gateway, session);
    now += OPEN_MS;
    received.length = 0;
    const tooLarge = await fetch(`${gateway.url}/api/conversation-threads`, {
      method: 'POST',
      headers: { ...browserHeaders(session), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(tooLarge.status).toBe(413);
    expect(received).toEqual([]);
    expect((await getThreads(gateway, session)).status).toBe(200);
  });
});

describe('one person’s slow requests (issue 36, 3)', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await gatewayWith({ UPSTREAM_READ_TIMEOUT_MS: '300', UPSTREAM_AI_TIMEOUT_MS: '300', RATE_LIMIT_PDF_PER_MINUTE: '100' });
  });

  it('do not open the circuit for everyone: PDFs, AI work and reads that time out', async () => {
    const slow = await person(2);
    const pdfs = Array.from({ length: 5 }, (_, i) => fetch(`${gateway.url}/api/conversation-threads/${i + 1}/pdf?hold`, { headers: browserHeaders(slow) }));
    const replies = Array.from({ length: 3 }, () =>
      fetch(`${gateway.url}/api/process-text?hold`, {
        method: 'POST',
        headers: { ...browserHeaders(slow), 'content-type': 'application/json' },
        body: '{"text":"a long answer"}',
      }),
    );
    const reads = Array.from({ length: 3 }, (_, i) => fetch(`${gateway.url}/api/conversation-threads/${i + 1}?hold`, { headers: browserHeaders(slow) }));
    for (const answer of await Promise.all([...pdfs, ...replies, ...reads])) {
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ message: 'The conversations service did not answer in time' });
    }

    const other = await person(3);
    const rest = await getThreads(gateway, other);
    expect(rest.status).toBe(200);
    expect(await (await graphqlThreads(gateway, other)).json()).toEqual({ data: { threads: [] } });
  });

  it('still open it when the service is frozen, its health check unanswered too, even for one person alone', async () => {
    const alone = await person(7);
    behaviour = 'hold';
    try {
      for (let i = 0; i < 2; i++) expect((await getThreads(gateway, alone, '/1')).status).toBe(503);
      const before = received.length;
      const refused = await getThreads(gateway, alone);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({ message: 'The conversations service is not available' });
      expect(received).toHaveLength(before);
    } finally {
      behaviour = 'answer';
    }
    now += OPEN_MS;
    expect((await getThreads(gateway, alone)).status).toBe(200);
  });

  it('still open it when the service keeps everyone waiting', async () => {
    for (const userId of [4, 5]) {
      const answer = await getThreads(gateway, await person(userId), '/1?hold');
      expect(answer.status).toBe(503);
    }
    const before = received.length;
    const refused = await getThreads(gateway, await person(6));
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ message: 'The conversations service is not available' });
    expect(received).toHaveLength(before);
  });
});
