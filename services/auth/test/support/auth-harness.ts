import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { SESSION_COOKIE, type Identity } from '@story/proto';
import { generateSigningKeyPair, type ServiceApp } from '@story/service-kit';
import { startServiceForTest } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { authService, type AuthDeps } from '../../src/app.ts';
import type { AuthConfig } from '../../src/config.ts';
import type { AuthStorage } from '../../src/storage/auth-storage.ts';

/** One nats-server per test file, in its own temporary folder. */
export async function startTestNats(): Promise<{ nats: NatsServerHandle; dir: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'auth-nats-'));
  const nats = await startNatsServer({ storeDir: join(dir, 'js') });
  return {
    nats,
    dir,
    stop: async () => {
      await nats.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface AuthHarness {
  app: ServiceApp;
  config: AuthConfig;
  storage: AuthStorage;
  /** The test's own NATS client (the app has its own). */
  client: NatsConnection;
  sessionPublicKeyPem: string;
  /** Headers carrying a gateway-signed identity. */
  as(identity: Partial<Identity> & { userId: number }): Promise<Record<string, string>>;
  /** Headers carrying an identity signed with a key the service does not trust. */
  forged(identity: Identity): Promise<Record<string, string>>;
  /** PATCH /api/user-type-settings/{userType} with `payload` (any JSON, to test bad ones) and `headers`. */
  patchSettings(userType: string, payload: unknown, headers: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A real auth app on a real SQLite file and a real nats-server, built as `main.ts` builds it; `deps` replace any of its dependencies (a captured mailer). */
export async function startAuthHarness(
  natsUrl: string,
  env: Record<string, string> = {},
  clock?: () => Date,
  deps: Partial<AuthDeps> = {},
): Promise<AuthHarness> {
  const sessionKeys = generateSigningKeyPair();
  const service = await startServiceForTest(authService, {
    natsUrl,
    env: { SESSION_PRIVATE_KEY: sessionKeys.privateKey, SESSION_PUBLIC_KEY: sessionKeys.publicKey, ...env },
    deps: { ...(clock ? { clock } : {}), ...deps },
  });
  const client = await connect({ servers: natsUrl });
  return {
    app: service.app,
    config: service.config,
    storage: service.deps.storage,
    client,
    sessionPublicKeyPem: sessionKeys.publicKey,
    as: (identity) => service.as({ sessionId: 'test-session', ...identity }),
    forged: (identity) => service.forged(identity),
    patchSettings: (userType, payload, headers) =>
      service.app.inject({ method: 'PATCH', url: `/api/user-type-settings/${userType}`, headers, payload: payload as object }),
    close: async () => {
      await service.close();
      await client.drain();
    },
  };
}

/** The session cookie's token from a response's Set-Cookie header. */
export function sessionTokenOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const line = Array.isArray(header) ? header.find((h) => h.startsWith(`${SESSION_COOKIE}=`)) : header;
  const match = line?.match(new RegExp(`^${SESSION_COOKIE}=([^;]*)`));
  if (!match?.[1]) throw new Error(`no session cookie in ${JSON.stringify(header)}`);
  return match[1];
}

/** The session id and user id inside a session cookie (decoded, not verified: the tests verify separately). */
export function sessionOf(response: LightMyRequestResponse): { sessionId: string; userId: number; isAdmin: boolean } {
  const claims = decodeJwt(sessionTokenOf(response));
  return { sessionId: String(claims.sid), userId: Number(claims.sub), isAdmin: claims.adm === true };
}

export const VALID_PASSWORD = 'Sup3r!secret';

let counter = 0;
/** A registration body with a fresh address at an allowed domain. */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return { email: `person${counter}.${Date.now()}@gmail.com`, firstName: 'Ada', lastName: 'Lovelace', password: VALID_PASSWORD, ...overrides };
}

/** Sends a NATS request with a JSON body and parses the JSON reply. */
export async function natsRequest(nc: NatsConnection, subject: string, body: unknown): Promise<unknown> {
  const reply = await nc.request(subject, typeof body === 'string' ? body : JSON.stringify(body), { timeout: 3000 });
  return reply.json<unknown>();
}
