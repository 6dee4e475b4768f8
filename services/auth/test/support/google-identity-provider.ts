import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';

export const GOOGLE_TEST_CLIENT_ID = 'test-client.apps.googleusercontent.com';
export const GOOGLE_TEST_KID = 'test-key-1';

export interface TokenOptions {
  claims?: Record<string, unknown>;
  key?: CryptoKey;
  audience?: string;
  issuer?: string;
  expiresAt?: number;
  /** When Google issued the token (seconds since the epoch); default 10 s ago. */
  issuedAt?: number;
  kid?: string;
}

/**
 * Google, faked only at its HTTP boundary: a loopback certificate endpoint (JWKS) that the real jose
 * client fetches, and ID tokens shaped like Google's (RS256, kid, iss, aud, sub, email, names)
 * signed with the key it publishes.
 */
export interface GoogleIdentityProvider {
  jwksUrl: string;
  /** Requests the certificate endpoint has answered. */
  hits(): number;
  /** A key Google does not publish (forged tokens). */
  strangerKey: CryptoKey;
  idToken(options?: TokenOptions): Promise<string>;
  stop(): Promise<void>;
}

export async function startGoogleIdentityProvider(): Promise<GoogleIdentityProvider> {
  const pair = await generateKeyPair('RS256', { extractable: true });
  const strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: GOOGLE_TEST_KID, alg: 'RS256', use: 'sig' }] };
  let hits = 0;
  const server: Server = createServer((request, response) => {
    hits += 1;
    if (request.url !== '/oauth2/v3/certs') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let sub = 1000;
  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    hits: () => hits,
    strangerKey,
    idToken: async (options = {}) => {
      sub += 1;
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        email: `google.user${sub}@gmail.com`,
        email_verified: true,
        given_name: 'Grace',
        family_name: 'Hopper',
        name: 'Grace Hopper',
        sub: String(sub),
        ...options.claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? GOOGLE_TEST_KID, typ: 'JWT' })
        .setIssuer(options.issuer ?? 'https://accounts.google.com')
        .setAudience(options.audience ?? GOOGLE_TEST_CLIENT_ID)
        .setIssuedAt(options.issuedAt ?? now - 10)
        .setExpirationTime(options.expiresAt ?? now + 3600)
        .sign(options.key ?? pair.privateKey);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
