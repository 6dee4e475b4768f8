import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, startGatewayBed, type GatewayBed } from './gateway.fixture.ts';

let bed: GatewayBed<'speech'>;

beforeAll(async () => {
  bed = await startGatewayBed({
    services: ['speech'],
    env: { RATE_LIMIT_AI_PER_MINUTE: '2', RATE_LIMIT_WRITES_PER_MINUTE: '3', RATE_LIMIT_CHUNKS_PER_MINUTE: '30' },
    session: { userId: 11, sessionId: 'session-voice-budget' },
  });
});

afterAll(async () => {
  await bed?.world.close();
});

const post = (path: string, body: BodyInit, contentType = 'application/json') =>
  fetch(`${bed.gateway.url}${path}`, { method: 'POST', headers: browserHeaders(bed.session, { 'content-type': contentType }), body });

/** A recording streamed while the person speaks is one AI operation, however many chunks it sends. */
describe('budgets of live recordings', () => {
  it('charges opening a session to the AI budget and nothing for its chunks, finish or cancel', async () => {
    const opened = await post('/api/transcribe/sessions', JSON.stringify({ mimeType: 'audio/webm' }));
    expect(opened.status).toBe(200);
    // Far more chunks than the AI (2) and writes (3) budgets allow, all through.
    for (let seq = 0; seq < 12; seq += 1) {
      const chunk = await post(`/api/transcribe/sessions/42/chunks?seq=${seq}`, new Uint8Array(16_000), 'application/octet-stream');
      expect(chunk.status, `chunk ${seq}`).toBe(200);
    }
    expect((await post('/api/transcribe/sessions/42/finish', JSON.stringify({ chunkCount: 12 }))).status).toBe(200);
    const cancelled = await fetch(`${bed.gateway.url}/api/transcribe/sessions/42`, { method: 'DELETE', headers: browserHeaders(bed.session) });
    expect(cancelled.status).toBe(200);
    const received = bed.services.speech.received.filter((request) => request.url.startsWith('/api/transcribe/sessions'));
    expect(received).toHaveLength(15);
  });

  it('counts each opening: the second is the last the AI budget allows', async () => {
    expect((await post('/api/transcribe/sessions', JSON.stringify({ mimeType: 'audio/webm' }))).status).toBe(200);
    const limited = await post('/api/transcribe/sessions', JSON.stringify({ mimeType: 'audio/webm' }));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: expect.stringMatching(/^Too many AI requests in a short time\./) });
    // The spent AI budget does not stop the chunks of a session already open.
    expect((await post('/api/transcribe/sessions/42/chunks?seq=12', new Uint8Array(100), 'application/octet-stream')).status).toBe(200);
  });

  it('refuses a flood of chunks sent again with 429 and Retry-After, and takes a recorder’s one chunk a second (issue 18, 5)', async () => {
    // The penetration test: 20 threads resending one chunk made 15,596 requests in 15 s, none refused.
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    const deadline = Date.now() + 3000;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (Date.now() < deadline) {
          const response = await post('/api/transcribe/sessions/77/chunks?seq=0', new Uint8Array(100), 'application/octet-stream');
          statuses.push(response.status);
          if (response.status === 429) {
            retryAfter = response.headers.get('retry-after');
            expect(await response.json()).toEqual({
              message: expect.stringMatching(/^Too many recording chunks in a short time\. Please try again in \d+ seconds?\.$/),
            });
          } else await response.arrayBuffer();
        }
      }),
    );
    const through = statuses.filter((status) => status === 200).length;
    const refused = statuses.filter((status) => status === 429).length;
    // The budget (30 a minute here) lets a burst through, then about one every two seconds.
    expect(through).toBeGreaterThan(0);
    expect(through).toBeLessThanOrEqual(32);
    expect(refused).toBeGreaterThan(through);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  });

  it('still refuses a chunk without a session', async () => {
    const response = await fetch(`${bed.gateway.url}/api/transcribe/sessions/42/chunks?seq=0`, {
      method: 'POST',
      headers: browserHeaders(undefined, { 'content-type': 'application/octet-stream' }),
      body: new Uint8Array(10),
    });
    expect(response.status).toBe(401);
  });

  // Last: a second world replaces the fixture's CSRF key.
  it('takes a minute of a recorder’s chunks at once under the default budget (a recorder sends one a second)', async () => {
    const other = await startGatewayBed({ services: ['speech'], session: { userId: 12, sessionId: 'session-voice-recorder' } });
    try {
      // A minute of recording held back by a stalled network and then sent as fast as it goes.
      for (let seq = 0; seq < 60; seq += 1) {
        const response = await fetch(`${other.gateway.url}/api/transcribe/sessions/42/chunks?seq=${seq}`, {
          method: 'POST',
          headers: browserHeaders(other.session, { 'content-type': 'application/octet-stream' }),
          body: new Uint8Array(16_000),
        });
        expect(response.status, `chunk ${seq}`).toBe(200);
      }
    } finally {
      await other.world.close();
    }
  });
});
