import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, startGatewayBed, type GatewayBed } from './gateway.fixture.ts';

let bed: GatewayBed<'speech'>;

beforeAll(async () => {
  bed = await startGatewayBed({
    services: ['speech'],
    env: { RATE_LIMIT_AI_PER_MINUTE: '2', RATE_LIMIT_WRITES_PER_MINUTE: '3' },
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

  it('still refuses a chunk without a session', async () => {
    const response = await fetch(`${bed.gateway.url}/api/transcribe/sessions/42/chunks?seq=0`, {
      method: 'POST',
      headers: browserHeaders(undefined, { 'content-type': 'application/octet-stream' }),
      body: new Uint8Array(10),
    });
    expect(response.status).toBe(401);
  });
});
