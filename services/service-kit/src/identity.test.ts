import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { IDENTITY_AUDIENCE, IDENTITY_HEADER, IDENTITY_ISSUER, IDENTITY_TOKEN_TYPE } from '@story/proto';
import { createServiceApp } from './http-app.ts';
import { generateSigningKeyPair, importPrivateKey, importPublicKey, registerIdentity, requireAdmin, signIdentity, verifyIdentity } from './identity.ts';

const gateway = generateSigningKeyPair();
const attacker = generateSigningKeyPair();

describe('forwarded identity', () => {
  it('round-trips a signed identity', async () => {
    const token = await signIdentity({ userId: 7, isAdmin: true, sessionId: 's1' }, await importPrivateKey(gateway.privateKey));
    expect(await verifyIdentity(token, await importPublicKey(gateway.publicKey))).toEqual({ userId: 7, isAdmin: true, sessionId: 's1' });
  });

  it('refuses a token signed by another key', async () => {
    const token = await signIdentity({ userId: 7, isAdmin: true, sessionId: 's1' }, await importPrivateKey(attacker.privateKey));
    expect(await verifyIdentity(token, await importPublicKey(gateway.publicKey))).toBeUndefined();
  });

  it('refuses expired, wrong-audience, unsigned and HMAC tokens', async () => {
    const key = await importPrivateKey(gateway.privateKey);
    const publicKey = await importPublicKey(gateway.publicKey);
    const base = () => new SignJWT({ adm: true }).setSubject('7').setIssuer(IDENTITY_ISSUER).setIssuedAt();
    const expired = await base()
      .setProtectedHeader({ alg: 'EdDSA', typ: IDENTITY_TOKEN_TYPE })
      .setAudience(IDENTITY_AUDIENCE)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    const wrongAudience = await base()
      .setProtectedHeader({ alg: 'EdDSA', typ: IDENTITY_TOKEN_TYPE })
      .setAudience('someone-else')
      .setExpirationTime('1m')
      .sign(key);
    const hmac = await base()
      .setProtectedHeader({ alg: 'HS256', typ: IDENTITY_TOKEN_TYPE })
      .setAudience(IDENTITY_AUDIENCE)
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(gateway.publicKey));
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: IDENTITY_TOKEN_TYPE })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: '7', adm: true, aud: IDENTITY_AUDIENCE, iss: IDENTITY_ISSUER, exp: 9e9, iat: 1 })).toString('base64url');
    for (const token of [expired, wrongAudience, hmac, `${header}.${body}.`, 'garbage']) {
      expect(await verifyIdentity(token, publicKey)).toBeUndefined();
    }
  });

  it('lets a route see only identities the gateway signed', async () => {
    const app = createServiceApp({ name: 'test', logger: false });
    await registerIdentity(app, gateway.publicKey);
    app.get('/admin-only', async (request) => ({ userId: requireAdmin(request).userId }));
    const good = await signIdentity({ userId: 3, isAdmin: true, sessionId: 's' }, await importPrivateKey(gateway.privateKey));
    const forged = await signIdentity({ userId: 3, isAdmin: true, sessionId: 's' }, await importPrivateKey(attacker.privateKey));
    const notAdmin = await signIdentity({ userId: 4, isAdmin: false, sessionId: 's' }, await importPrivateKey(gateway.privateKey));

    expect((await app.inject({ url: '/admin-only', headers: { [IDENTITY_HEADER]: good } })).json()).toEqual({ userId: 3 });
    const forgedReply = await app.inject({ url: '/admin-only', headers: { [IDENTITY_HEADER]: forged } });
    expect(forgedReply.statusCode).toBe(401);
    expect(forgedReply.json()).toEqual({ message: 'Authentication required' });
    const plain = await app.inject({ url: '/admin-only', headers: { 'x-user-id': '3' } });
    expect(plain.statusCode).toBe(401);
    const notAdminReply = await app.inject({ url: '/admin-only', headers: { [IDENTITY_HEADER]: notAdmin } });
    expect(notAdminReply.statusCode).toBe(403);
    expect(notAdminReply.json()).toEqual({ message: 'Admin access required' });
    await app.close();
  });
});
