import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '@story/testing/test-stack';
import { ApiClient } from '@story/testing/api-client';
import type { StackHandle } from '../src/stack.ts';

/**
 * Google sign-in through the whole system. Google's key endpoint cannot be reached from here, so a
 * loopback server publishes our own RS256 key the way Google publishes its keys (a JWKS); the auth
 * service's real verifier fetches and checks against it.
 */
const CLIENT_ID = 'story-test.apps.googleusercontent.com';
let stack: StackHandle;
let jwksServer: Server;
let signingKey: CryptoKey;

const googleIdToken = (claims: Record<string, unknown>, audience = CLIENT_ID) =>
  new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer('https://accounts.google.com')
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(signingKey);

// Owns its stack: Google sign-in is configured (a client id and a stand-in key set) only here.
beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] });
  jwksServer = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(jwks));
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/oauth2/v3/certs`;
  stack = await startTestStack({ services: ['auth'], env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl } });
});
afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => jwksServer?.close(resolve));
});

describe('Google sign-in through the gateway', () => {
  it('tells the web app the client id, so it shows the button', async () => {
    expect((await new ApiClient(stack.gatewayUrl).get('/api/auth/config')).body).toEqual({ googleClientId: CLIENT_ID });
  });

  it('signs in with a verified ID token, taking the e-mail and names from the token', async () => {
    const client = new ApiClient(stack.gatewayUrl);
    const credential = await googleIdToken({ sub: '1234567890', email: 'Grace.Hopper@gmail.com', given_name: 'Grace', family_name: 'Hopper' });
    const reply = await client.post('/api/users/google-auth', {
      credential,
      email: 'grace.hopper@gmail.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      googleId: '1234567890',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.isAdmin).toBe(false);
    const me = await client.get('/api/users/me');
    expect(me.body).toMatchObject({ email: 'Grace.Hopper@gmail.com', firstName: 'Grace', lastName: 'Hopper' });
  });

  it('refuses a token for another app and a body that disagrees with the token', async () => {
    const client = new ApiClient(stack.gatewayUrl);
    const foreign = await client.post('/api/users/google-auth', {
      credential: await googleIdToken({ sub: '55', email: 'x@gmail.com' }, 'another-app.apps.googleusercontent.com'),
    });
    expect(foreign.status).toBe(401);
    expect(foreign.body).toEqual({ message: 'Invalid Google credential' });
    const lying = await client.post('/api/users/google-auth', {
      credential: await googleIdToken({ sub: '56', email: 'real@gmail.com' }),
      email: 'someone.else@gmail.com',
    });
    expect(lying.status).toBe(400);
    expect((await client.get('/api/users/me')).status).toBe(401);
  });
});
