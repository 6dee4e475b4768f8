import { SignJWT, importPKCS8 } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_AUDIENCE, SESSION_ISSUER, SESSION_TOKEN_TYPE, SUBJECTS } from '@story/proto';
import { browserHeaders, otherEd25519PrivateKey, startGatewayBed, type GatewayBed } from './gateway.fixture.ts';

let bed: GatewayBed<'conversations'>;

beforeAll(async () => {
  bed = await startGatewayBed({ services: ['conversations'], session: { userId: 7, sessionId: 'session-unused' } });
});

afterAll(async () => {
  await bed?.world.close();
});

const getThreads = (session: string | undefined) => fetch(`${bed.gateway.url}/api/conversation-threads`, { headers: browserHeaders(session) });

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claims = (overrides: Record<string, unknown> = {}) => ({
  sub: '7',
  sid: 'session-claims',
  adm: false,
  iss: SESSION_ISSUER,
  aud: SESSION_AUDIENCE,
  iat: Math.floor(Date.now() / 1000),
  exp: Math.floor(Date.now() / 1000) + 3600,
  ...overrides,
});

async function expectRefused(session: string | undefined): Promise<void> {
  const before = bed.services.conversations.received.length;
  const response = await getThreads(session);
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ message: 'Authentication required' });
  expect(bed.services.conversations.received.length).toBe(before);
}

describe('session cookie', () => {
  it('lets a valid session through', async () => {
    const response = await getThreads(await bed.world.signSession({ userId: 7, sessionId: 'session-ok', isAdmin: true }));
    expect(response.status).toBe(200);
    expect(bed.services.conversations.received.at(-1)?.identity).toEqual({ userId: 7, isAdmin: true, sessionId: 'session-ok' });
  });

  it("forwards auth's current admin flag, not the one signed into the cookie at sign-in", async () => {
    bed.world.currentAdmin.set('session-demoted', false);
    bed.world.currentAdmin.set('session-promoted', true);
    await getThreads(await bed.world.signSession({ userId: 8, sessionId: 'session-demoted', isAdmin: true }));
    expect(bed.services.conversations.received.at(-1)?.identity).toEqual({ userId: 8, isAdmin: false, sessionId: 'session-demoted' });
    await getThreads(await bed.world.signSession({ userId: 9, sessionId: 'session-promoted', isAdmin: false }));
    expect(bed.services.conversations.received.at(-1)?.identity).toEqual({ userId: 9, isAdmin: true, sessionId: 'session-promoted' });
  });

  it('refuses a protected route without a cookie', async () => {
    await expectRefused(undefined);
  });

  it('refuses an expired session', async () => {
    await expectRefused(await bed.world.signSession({ userId: 7, sessionId: 'session-expired', expiresIn: Math.floor(Date.now() / 1000) - 10 }));
  });

  it('refuses a session signed with another key', async () => {
    const forged = await new SignJWT({ sid: 'session-forged', adm: true })
      .setProtectedHeader({ alg: 'EdDSA', typ: SESSION_TOKEN_TYPE })
      .setSubject('1')
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setExpirationTime('1h')
      .sign(await importPKCS8(otherEd25519PrivateKey(), 'EdDSA'));
    await expectRefused(forged);
  });

  it('refuses an unsigned token (alg none)', async () => {
    await expectRefused(`${base64url({ alg: 'none', typ: SESSION_TOKEN_TYPE })}.${base64url(claims())}.`);
  });

  it('refuses an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256', typ: SESSION_TOKEN_TYPE })
      .sign(new TextEncoder().encode(bed.world.keys.session.publicKey));
    await expectRefused(token);
  });

  it('refuses a token for another audience, issuer or type', async () => {
    const key = await importPKCS8(bed.world.keys.session.privateKey, 'EdDSA');
    const sign = (payload: Record<string, unknown>, typ = SESSION_TOKEN_TYPE) => new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', typ }).sign(key);
    await expectRefused(await sign(claims({ aud: 'story-services' })));
    await expectRefused(await sign(claims({ iss: 'someone-else' })));
    // An identity token (what services receive) is not a session.
    await expectRefused(await sign(claims(), 'identity+jwt'));
  });

  it('refuses tokens with malformed claims', async () => {
    const key = await importPKCS8(bed.world.keys.session.privateKey, 'EdDSA');
    const sign = (payload: Record<string, unknown>) => new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', typ: SESSION_TOKEN_TYPE }).sign(key);
    await expectRefused(await sign(claims({ sub: 'admin' })));
    await expectRefused(await sign(claims({ sub: '0' })));
    await expectRefused(await sign(claims({ sid: undefined })));
    await expectRefused(await sign(claims({ exp: undefined })));
    await expectRefused('not-a-token');
    await expectRefused('a'.repeat(5000));
  });
});

describe('session validity with auth', () => {
  it('refuses a session auth says is no longer valid', async () => {
    bed.world.revokedSessions.add('session-known-revoked');
    await expectRefused(await bed.world.signSession({ userId: 7, sessionId: 'session-known-revoked' }));
  });

  it('refuses a revoked session at once when auth announces it', async () => {
    const session = await bed.world.signSession({ userId: 8, sessionId: 'session-revoke-event' });
    expect((await getThreads(session)).status).toBe(200);
    bed.world.revokedSessions.add('session-revoke-event');
    bed.world.nc.publish(SUBJECTS.sessionRevoked, JSON.stringify({ sessionId: 'session-revoke-event' }));
    await bed.world.nc.flush();
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 5_000) {
      status = (await getThreads(session)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
    // The valid answer was cached for 5 s: only the event explains a refusal this fast.
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses a revoked session within seconds even when the revocation event is lost', async () => {
    const session = await bed.world.signSession({ userId: 9, sessionId: 'session-revoke-silent' });
    expect((await getThreads(session)).status).toBe(200);
    bed.world.revokedSessions.add('session-revoke-silent');
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 9_000) {
      status = (await getThreads(session)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(401);
    // At most the 5 s a valid answer is trusted, plus slack for a busy machine.
    expect(Date.now() - started).toBeLessThan(7_000);
  });

  it('asks auth about a busy session only now and then (answers are cached)', async () => {
    const session = await bed.world.signSession({ userId: 10, sessionId: 'session-cached' });
    const before = bed.world.sessionChecks.count;
    for (let index = 0; index < 20; index += 1) expect((await getThreads(session)).status).toBe(200);
    expect(bed.world.sessionChecks.count - before).toBe(1);
  });

  it('fails closed with 503 when auth does not answer, and recovers when it is back', async () => {
    const session = await bed.world.signSession({ userId: 11, sessionId: 'session-auth-down' });
    bed.world.stopAuthResponder();
    try {
      const before = bed.services.conversations.received.length;
      const response = await getThreads(session);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: 'Session service unavailable' });
      expect(bed.services.conversations.received.length).toBe(before);
      // Public routes stay usable (without identity) while auth is away.
      const csrf = await fetch(`${bed.gateway.url}/api/csrf-token`, { headers: browserHeaders(session) });
      expect(csrf.status).toBe(200);
    } finally {
      bed.world.startAuthResponder();
      await bed.world.nc.flush();
    }
    expect((await getThreads(session)).status).toBe(200);
  });
});
