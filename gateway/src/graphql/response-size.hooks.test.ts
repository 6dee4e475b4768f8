import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerResponseSizeCap } from './response-size.hooks.ts';

/** A bare fastify app whose `/answer` sends `body` as GraphQL JSON, capped at `maxBytes`. */
async function appAnswering(body: string, maxBytes: number) {
  const app = Fastify({ logger: false });
  registerResponseSizeCap(app, maxBytes);
  app.get('/answer', async (_request, reply) => reply.type('application/graphql-response+json; charset=utf-8').send(body));
  await app.ready();
  return app;
}

describe('GraphQL response size cap', () => {
  it('sends an answer up to the cap unchanged', async () => {
    const body = JSON.stringify({ data: { text: 'x'.repeat(100) } });
    const app = await appAnswering(body, Buffer.byteLength(body));
    const response = await app.inject('/answer');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(body);
  });

  it('replaces an answer over the cap with a small 400 GraphQL error that says why', async () => {
    const body = JSON.stringify({ data: { text: 'x'.repeat(5000) } });
    const app = await appAnswering(body, 1024);
    const response = await app.inject('/answer');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/json/);
    expect(response.json()).toEqual({
      errors: [
        {
          message: `Response is too large: ${body.length} bytes, at most 1024 are allowed. Ask for fewer fields or fewer items.`,
          extensions: { code: 'RESPONSE_TOO_LARGE' },
        },
      ],
    });
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  });

  it('counts bytes, not characters', async () => {
    const body = JSON.stringify({ data: { text: 'é'.repeat(600) } }); // 600 characters, 1200 bytes
    expect(body.length).toBeLessThan(1024);
    const response = await (await appAnswering(body, 1024)).inject('/answer');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toMatch(/^Response is too large: 1\d{3} bytes/);
  });
});
