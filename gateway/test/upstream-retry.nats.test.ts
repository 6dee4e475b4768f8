import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, startGatewayBed, type GatewayBed } from './gateway.fixture.ts';

/**
 * A service instance that goes away while the gateway calls it (a rolling update, issue 25): a read
 * whose connection is cut before any answer is asked once more, and gets its answer; a change is
 * never sent twice, and its caller gets a clear 503.
 */
let bed: GatewayBed<'auth'>;
let jobs: Server;
/** Requests the stand-in jobs service received, and how many of the next ones it cuts off unanswered. */
const received: string[] = [];
let cutNext = 0;

beforeAll(async () => {
  jobs = createServer((request, response) => {
    received.push(`${request.method} ${request.url}`);
    if (cutNext > 0) {
      cutNext -= 1;
      request.socket.destroy();
      return;
    }
    response.setHeader('content-type', 'application/json');
    if (request.url !== '/graphql') return void response.end('[]');
    // The jobs subgraph: an empty list for a query, a saved id for a mutation.
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () =>
      response.end(JSON.stringify(body.includes('mutation') ? { data: { archiveJobDescription: null } } : { data: { formattedJobDescriptions: [] } })),
    );
  });
  await new Promise<void>((resolve) => jobs.listen(0, '127.0.0.1', resolve));
  const address = jobs.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  bed = await startGatewayBed({ services: ['auth'], env: { JOBS_URL: `http://127.0.0.1:${port}` }, session: { userId: 42, sessionId: 'session-retry' } });
});

afterAll(async () => {
  await bed?.world.close();
  await new Promise((resolve) => jobs?.close(resolve));
});

describe('the gateway when a service instance goes away mid-request', () => {
  it('asks again once for a read whose connection was cut, and answers it', async () => {
    received.length = 0;
    cutNext = 1;
    const response = await fetch(`${bed.gateway.url}/api/formatted-job-descriptions`, { headers: browserHeaders(bed.session) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
    expect(received).toEqual(['GET /api/formatted-job-descriptions', 'GET /api/formatted-job-descriptions']);
  });

  it('asks only once more: a read cut twice gets a clear 503', async () => {
    received.length = 0;
    cutNext = 2;
    const response = await fetch(`${bed.gateway.url}/api/formatted-job-descriptions`, { headers: browserHeaders(bed.session) });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'The jobs service is not available' });
    expect(received).toHaveLength(2);
  });

  it('never sends a change twice', async () => {
    received.length = 0;
    cutNext = 1;
    const response = await fetch(`${bed.gateway.url}/api/formatted-job-descriptions/3/archive`, { method: 'POST', headers: browserHeaders(bed.session) });
    expect(response.status).toBe(503);
    expect(received).toEqual(['POST /api/formatted-job-descriptions/3/archive']);
  });

  const graphql = (query: string) =>
    fetch(`${bed.gateway.url}/graphql`, {
      method: 'POST',
      headers: { ...browserHeaders(bed.session), 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });

  it('asks the subgraph again once for a GraphQL query whose connection was cut, and never for a mutation', async () => {
    received.length = 0;
    cutNext = 1;
    const read = await graphql('{ formattedJobDescriptions { id } }');
    expect(await read.json()).toEqual({ data: { formattedJobDescriptions: [] } });
    expect(received).toEqual(['POST /graphql', 'POST /graphql']);

    received.length = 0;
    cutNext = 1;
    const change = (await (await graphql('mutation { archiveJobDescription(id: "3") { id } }')).json()) as { errors?: { message: string }[] };
    expect(change.errors?.[0]?.message).toBe('The jobs service is not available');
    expect(received).toEqual(['POST /graphql']);
  });
});
