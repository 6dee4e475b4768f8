import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER } from '@story/proto';
import { browserHeaders, startGatewayBed, type GatewayBed, type RunningGateway } from './gateway.fixture.ts';

let bed: GatewayBed<'auth'>;
let production: RunningGateway;

beforeAll(async () => {
  // Conversations is not deployed: its part of the graph answers a clear error.
  bed = await startGatewayBed({ services: [{ name: 'auth', subgraph: true }], session: { userId: 21, sessionId: 'session-graphql', isAdmin: true } });
  production = await bed.world.startGateway({ AUTH_URL: bed.services.auth.url, NODE_ENV: 'production' });
});

afterAll(async () => {
  await bed?.world.close();
});

interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

const query = async (target: RunningGateway, body: unknown, headers: Record<string, string> = browserHeaders(bed.session)) => {
  const response = await fetch(`${target.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as GraphqlAnswer };
};

describe('GraphQL through the composed supergraph', () => {
  it('answers a one-subgraph query from the auth subgraph, as the signed-in user', async () => {
    const answer = await query(
      bed.gateway,
      { query: '{ me { id email isAdmin userType } }' },
      browserHeaders(bed.session, { 'x-request-id': 'graphql-req-1' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { me: { id: '21', email: 'user21@gmail.com', isAdmin: true, userType: 'standard' } } });
    const received = bed.services.auth.graphqlRequests.at(-1);
    expect(received?.identity).toEqual({ userId: 21, isAdmin: true, sessionId: 'session-graphql' });
    expect(received?.headers['x-request-id']).toBe('graphql-req-1');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('never forwards a client-sent identity header to a subgraph', async () => {
    await query(bed.gateway, { query: '{ me { id } }' }, browserHeaders(bed.session, { [IDENTITY_HEADER]: 'forged' }));
    expect(bed.services.auth.graphqlRequests.at(-1)?.headers[IDENTITY_HEADER]).not.toBe('forged');
    expect(bed.services.auth.graphqlRequests.at(-1)?.identity?.userId).toBe(21);
  });

  it('needs a session: 401 {message} without one', async () => {
    const before = bed.services.auth.graphqlRequests.length;
    const answer = await query(bed.gateway, { query: '{ me { id } }' }, browserHeaders(undefined));
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Authentication required' });
    expect(bed.services.auth.graphqlRequests.length).toBe(before);
  });

  it('says clearly when the subgraph of a field is not deployed', async () => {
    const answer = await query(bed.gateway, { query: '{ threads { id } }' });
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors?.[0]?.message).toBe('The conversations service is not available');
  });

  it('rejects a query over the cost limit before calling any subgraph', async () => {
    const before = bed.services.auth.graphqlRequests.length;
    // 1 + 10 × (1 + 10 × (1 + 10 × 5)) = 5111 estimated fields.
    const answer = await query(bed.gateway, { query: '{ users { threads { items { id userMessage aiResponse createdAt audioUrl } } } }' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.message).toBe('Query is too expensive: an estimated 5111 fields, at most 1000 are allowed.');
    expect(bed.services.auth.graphqlRequests.length).toBe(before);
  });

  it('rejects a query deeper than the depth limit', async () => {
    const shallow = await bed.world.startGateway({ AUTH_URL: bed.services.auth.url }, { queryLimits: { maxDepth: 2, maxCost: 1000 } });
    expect((await query(shallow, { query: '{ me { id } }' })).status).toBe(200);
    const answer = await query(shallow, { query: '{ me { threads { id } } }' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.message).toBe('Query is too deep: 3 levels of nesting, at most 2 are allowed.');
  });

  it("turns off Apollo's telemetry (cloud metadata probes, metrics sent to Apollo)", () => {
    expect(process.env.APOLLO_TELEMETRY_DISABLED).toBe('true');
  });

  it('refuses batched requests', async () => {
    const response = await fetch(`${bed.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...browserHeaders(bed.session) },
      body: JSON.stringify([{ query: '{ me { id } }' }, { query: '{ me { id } }' }]),
    });
    expect(response.status).toBe(400);
  });

  it('answers introspection in development', async () => {
    const development = await bed.world.startGateway({ AUTH_URL: bed.services.auth.url, NODE_ENV: 'development' });
    const answer = await query(development, { query: '{ __schema { queryType { name } } }' });
    expect(answer.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('refuses introspection in production', async () => {
    const answer = await query(production, { query: '{ __schema { queryType { name } } }' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.message).toMatch(/introspection is not allowed/i);
    const typeQuery = await query(production, { query: '{ __type(name: "User") { name } }' });
    expect(typeQuery.body.errors?.[0]?.message).toMatch(/introspection is not allowed/i);
    // Ordinary queries still work there.
    expect((await query(production, { query: '{ me { id } }' })).body).toEqual({ data: { me: { id: '21' } } });
  });
});

/** `{ a0: <field> a1: <field> ... }` with `count` aliases. */
const aliased = (count: number, field: string) => `{ ${Array.from({ length: count }, (_, index) => `a${index}: ${field}`).join(' ')} }`;
/** The penetration test's document: 3,000 aliased `__schema` selections (about 280 KB). */
const SCHEMA_FLOOD = aliased(3000, '__schema { types { name kind description fields { name description type { name } } } }');

/** Posts a document and reads the raw answer: status, size in bytes, time taken and the parsed body. */
const timedQuery = async (target: RunningGateway, document: string) => {
  const started = performance.now();
  const response = await fetch(`${target.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...browserHeaders(bed.session) },
    body: JSON.stringify({ query: document }),
  });
  const text = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(text), ms: performance.now() - started, body: JSON.parse(text) as GraphqlAnswer };
};

describe('6. introspection is counted: many aliased __schema selections cannot flood the gateway', () => {
  let development: RunningGateway;

  beforeAll(async () => {
    // Development answers introspection, so only the limits stand between the flood and the schema.
    development = await bed.world.startGateway({ AUTH_URL: bed.services.auth.url, NODE_ENV: 'development' });
  });

  it('refuses 3,000 aliased __schema selections while reading them: a small 400 at once, in development, test and production alike', async () => {
    expect(SCHEMA_FLOOD.length).toBeGreaterThan(250_000);
    for (const target of [development, bed.gateway, production]) {
      const answer = await timedQuery(target, SCHEMA_FLOOD);
      expect(answer.status).toBe(400);
      expect(answer.body.data).toBeUndefined();
      // graphql 16 writes "more that 10000 tokens".
      expect(answer.body.errors).toEqual([
        expect.objectContaining({ message: expect.stringMatching(/^Syntax Error: Document contains more th\w+ 10000 tokens\. Parsing aborted\.$/) }),
      ]);
      expect(answer.bytes).toBeLessThan(4 * 1024);
      expect(answer.ms).toBeLessThan(1000);
    }
  });

  it('refuses a document of 100 aliased __schema selections for its aliases, in every mode', async () => {
    for (const target of [development, bed.gateway, production]) {
      const answer = await timedQuery(target, aliased(100, '__schema { queryType { name } }'));
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.message).toBe('Query has too many aliases: 100, at most 20 are allowed.');
      expect(answer.bytes).toBeLessThan(64 * 1024);
    }
  });

  it('counts __schema selections in cost: 20 aliased copies of the schema are too expensive', async () => {
    const answer = await timedQuery(development, aliased(20, '__schema { types { name kind description fields { name description type { name } } } }'));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ message: 'Query is too expensive: an estimated 8840 fields, at most 1000 are allowed.' })]);
  });

  it('still names the changes limit first for a flood of aliased mutation fields', async () => {
    const answer = await timedQuery(production, `mutation ${aliased(500, 'processText(text: "I led the launch") { aiResponse }')}`);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((error) => error.message)).toEqual([
      'A request may make at most 3 changes at once.',
      'Query has too many aliases: 500, at most 20 are allowed.',
    ]);
  });

  it("does not hold up another person's request while the flood is refused", async () => {
    const other = await bed.world.signSession({ userId: 22, sessionId: 'session-graphql-other' });
    const floods = Array.from({ length: 3 }, () => timedQuery(development, SCHEMA_FLOOD));
    const started = performance.now();
    const response = await fetch(`${development.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...browserHeaders(other) },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(await response.json()).toEqual({ data: { me: { id: '22' } } });
    expect(performance.now() - started).toBeLessThan(1000);
    for (const flood of await Promise.all(floods)) expect(flood.status).toBe(400);
  });
});

describe('6. the size of a GraphQL answer is capped', () => {
  /** 20 aliased copies of every type's name and description: within the limits (cost 840), about 130 KB of answer. */
  const TYPES_TWENTY_TIMES = aliased(20, '__schema { types { name description kind specifiedByURL } }');

  it('answers a query within the limits whose answer is over the cap with a small 400 instead of the answer', async () => {
    const capped = await bed.world.startGateway({ AUTH_URL: bed.services.auth.url, NODE_ENV: 'development', GRAPHQL_MAX_RESPONSE_BYTES: String(64 * 1024) });
    const answer = await timedQuery(capped, TYPES_TWENTY_TIMES);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      errors: [
        {
          message: expect.stringMatching(/^Response is too large: \d{6} bytes, at most 65536 are allowed\. Ask for fewer fields or fewer items\.$/),
          extensions: { code: 'RESPONSE_TOO_LARGE' },
        },
      ],
    });
    expect(answer.bytes).toBeLessThan(1024);
    // Under the default cap (2 MB) the same query is answered.
    const uncapped = await timedQuery(await bed.world.startGateway({ AUTH_URL: bed.services.auth.url, NODE_ENV: 'development' }), TYPES_TWENTY_TIMES);
    expect(uncapped.status).toBe(200);
    expect(uncapped.bytes).toBeGreaterThan(64 * 1024);
  });

  it('caps ordinary data too: 20 aliased me selections over a 2 KB cap, one me under it', async () => {
    const capped = await bed.world.startGateway({ AUTH_URL: bed.services.auth.url, NODE_ENV: 'production', GRAPHQL_MAX_RESPONSE_BYTES: '2048' });
    const answer = await timedQuery(capped, aliased(20, 'me { id email firstName lastName isAdmin userType createdAt }'));
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.message).toMatch(/^Response is too large: \d+ bytes, at most 2048 are allowed\./);
    expect((await query(capped, { query: '{ me { id email } }' })).body).toEqual({ data: { me: { id: '21', email: 'user21@gmail.com' } } });
  });
});

describe('6. introspection and field suggestions only in development', () => {
  it('refuses __schema and __type in the test configuration, as in production, and still answers __typename', async () => {
    expect(bed.gateway.config.NODE_ENV).toBe('test');
    for (const target of [bed.gateway, production]) {
      for (const document of ['{ __schema { queryType { name } } }', '{ __type(name: "User") { name } }']) {
        const answer = await query(target, { query: document });
        expect(answer.status).toBe(400);
        expect(answer.body.errors?.[0]?.message).toMatch(/introspection is not allowed/i);
      }
      expect((await query(target, { query: '{ me { __typename id } }' })).body).toEqual({ data: { me: { __typename: 'User', id: '21' } } });
    }
  });

  it('suggests no field names outside development', async () => {
    for (const target of [bed.gateway, production]) {
      const answer = await query(target, { query: '{ me { emial } }' });
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.map((error) => error.message)).toEqual(['Cannot query field "emial" on type "User".']);
    }
    const development = await bed.world.startGateway({ AUTH_URL: bed.services.auth.url, NODE_ENV: 'development' });
    expect((await query(development, { query: '{ me { emial } }' })).body.errors?.[0]?.message).toBe(
      'Cannot query field "emial" on type "User". Did you mean "email"?',
    );
  });
});
