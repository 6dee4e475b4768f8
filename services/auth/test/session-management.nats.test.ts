import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECTS } from '@story/proto';
import { VALID_PASSWORD, natsRequest, registration, sessionOf, startAuthHarness, startTestNats, type AuthHarness } from './support/auth-harness.ts';

/** "Sign out of every other session" (issue 7, point 9): one request ends every other sign-in of the user. */
let nats: Awaited<ReturnType<typeof startTestNats>>;
let h: AuthHarness;

beforeAll(async () => {
  nats = await startTestNats();
  h = await startAuthHarness(nats.nats.url);
});
afterAll(async () => {
  await h?.close();
  await nats?.stop();
});

const isValid = async (sessionId: string) => ((await natsRequest(h.client, SUBJECTS.sessionCheck, { sessionId })) as { valid: boolean }).valid;
const signIn = async (email: string) =>
  sessionOf(await h.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: VALID_PASSWORD } }));

describe('POST /api/users/sessions/revoke-others', () => {
  it('ends every other session of the user at once, keeps this one and other people’s, and publishes each revocation', async () => {
    const email = 'many.devices@gmail.com';
    const phone = sessionOf(await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration({ email }) }));
    const laptop = await signIn(email);
    const stolen = await signIn(email);
    const stranger = sessionOf(await h.app.inject({ method: 'POST', url: '/api/users/register', payload: registration() }));

    const revocations: string[] = [];
    const subscription = h.client.subscribe(SUBJECTS.sessionRevoked, {
      callback: (_error, msg) => void revocations.push(msg.json<{ sessionId: string }>().sessionId),
    });
    await h.client.flush();

    const response = await h.app.inject({ method: 'POST', url: '/api/users/sessions/revoke-others', headers: await h.as(laptop) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Signed out of every other session', revoked: 2 });
    expect(await isValid(laptop.sessionId)).toBe(true);
    expect(await isValid(phone.sessionId)).toBe(false);
    expect(await isValid(stolen.sessionId)).toBe(false);
    expect(await isValid(stranger.sessionId)).toBe(true);
    await expect.poll(() => [...revocations].sort()).toEqual([phone.sessionId, stolen.sessionId].sort());
    subscription.unsubscribe();

    const again = await h.app.inject({ method: 'POST', url: '/api/users/sessions/revoke-others', headers: await h.as(laptop) });
    expect(again.json()).toEqual({ message: 'Signed out of every other session', revoked: 0 });
  });

  it('needs a signed-in user', async () => {
    const response = await h.app.inject({ method: 'POST', url: '/api/users/sessions/revoke-others' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Authentication required' });
  });
});
