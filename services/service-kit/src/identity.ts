import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT, importPKCS8, importSPKI, jwtVerify, type CryptoKey } from 'jose';
import { IDENTITY_AUDIENCE, IDENTITY_HEADER, IDENTITY_ISSUER, IDENTITY_TOKEN_TYPE, IDENTITY_TTL_SECONDS, type Identity } from '@story/proto';
import { forbidden, unauthorized } from './errors.ts';

export const SIGNING_ALGORITHM = 'EdDSA';

/** A fresh Ed25519 key pair as PEM strings (PKCS#8 private, SPKI public). */
export function generateSigningKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}

export const importPrivateKey = (pem: string): Promise<CryptoKey> => importPKCS8(pem.replace(/\\n/g, '\n'), SIGNING_ALGORITHM);
export const importPublicKey = (pem: string): Promise<CryptoKey> => importSPKI(pem.replace(/\\n/g, '\n'), SIGNING_ALGORITHM);

/** Signs the identity the gateway forwards (short-lived, audience = the services). */
export async function signIdentity(identity: Identity, privateKey: CryptoKey): Promise<string> {
  return new SignJWT({ adm: identity.isAdmin, sid: identity.sessionId })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: IDENTITY_TOKEN_TYPE })
    .setSubject(String(identity.userId))
    .setIssuer(IDENTITY_ISSUER)
    .setAudience(IDENTITY_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${IDENTITY_TTL_SECONDS}s`)
    .sign(privateKey);
}

/** Verifies a forwarded identity token; undefined when it is missing, forged or expired. */
export async function verifyIdentity(token: string, publicKey: CryptoKey): Promise<Identity | undefined> {
  try {
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: [SIGNING_ALGORITHM],
      audience: IDENTITY_AUDIENCE,
      issuer: IDENTITY_ISSUER,
      typ: IDENTITY_TOKEN_TYPE,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) return undefined;
    return { userId, isAdmin: payload.adm === true, sessionId: typeof payload.sid === 'string' ? payload.sid : '' };
  } catch {
    return undefined;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | undefined;
  }
}

/**
 * Reads the gateway-signed identity of every request into `request.identity`. Anything that is not
 * a valid token signed by the gateway leaves it undefined: identity cannot be claimed by a client.
 */
export async function registerIdentity(app: FastifyInstance, publicKeyPem: string): Promise<void> {
  const publicKey = await importPublicKey(publicKeyPem);
  const cache = new Map<string, { identity: Identity; expiresAt: number }>();
  app.decorateRequest('identity', undefined);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[IDENTITY_HEADER];
    if (typeof header !== 'string' || header.length === 0 || header.length > 4096) return;
    const now = Date.now();
    const cached = cache.get(header);
    if (cached && cached.expiresAt > now) {
      request.identity = cached.identity;
      return;
    }
    const identity = await verifyIdentity(header, publicKey);
    if (!identity) return;
    if (cache.size > 10_000) cache.clear();
    cache.set(header, { identity, expiresAt: now + (IDENTITY_TTL_SECONDS - 5) * 1000 });
    request.identity = identity;
  });
}

/** The signed-in caller, or a 401. */
export function requireUser(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}

/** The signed-in admin, or a 401/403. */
export function requireAdmin(request: FastifyRequest): Identity {
  const identity = requireUser(request);
  if (!identity.isAdmin) throw forbidden();
  return identity;
}

/**
 * Route options that refuse a caller before anything else of the route runs (before its input is
 * validated), as outline's chain has it: authentication, then validation, then the handler.
 */
export const signedInOnly = {
  onRequest: async (request: FastifyRequest): Promise<void> => {
    requireUser(request);
  },
};

/** Route options for admin endpoints: 401 without a session, 403 for a non-admin, before validation. */
export const adminsOnly = {
  onRequest: async (request: FastifyRequest): Promise<void> => {
    requireAdmin(request);
  },
};
