import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt, type CryptoKey } from 'jose';
import { IDENTITY_HEADER, SESSION_COOKIE, type Identity } from '@story/proto';
import { generateSigningKeyPair, importPrivateKey, signIdentity, sqliteFile } from '@story/service-kit';
import { startNatsServer, type NatsServerHandle } from '@story/infra/src/nats-server.ts';
import { buildAuthApp } from '../../src/app.ts';
import { authEnvSchema, type AuthConfig } from '../../src/config.ts';
import { SqliteUserRepository } from '../../src/repositories/sqlite-user.repository.ts';

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
  app: FastifyInstance;
  config: AuthConfig;
  repository: SqliteUserRepository;
  /** The test's own NATS client (the app has its own). */
  client: NatsConnection;
  sessionPublicKeyPem: string;
  /** Headers carrying a gateway-signed identity. */
  as(identity: Partial<Identity> & { userId: number }): Promise<Record<string, string>>;
  /** Headers carrying an identity signed with a key the service does not trust. */
  forged(identity: Identity): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** A real auth app on a real SQLite file and a real nats-server. */
export async function startAuthHarness(natsUrl: string, env: Record<string, string> = {}, now?: () => Date): Promise<AuthHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'auth-data-'));
  const identityKeys = generateSigningKeyPair();
  const sessionKeys = generateSigningKeyPair();
  const config = authEnvSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    NATS_URL: natsUrl,
    IDENTITY_PUBLIC_KEY: identityKeys.publicKey,
    SESSION_PRIVATE_KEY: sessionKeys.privateKey,
    SESSION_PUBLIC_KEY: sessionKeys.publicKey,
    ...env,
  });
  const repository = SqliteUserRepository.open(sqliteFile(dataDir, 'auth'));
  const appNc = await connect({ servers: natsUrl });
  const client = await connect({ servers: natsUrl });
  const app = await buildAuthApp(config, { repository, nc: appNc, now });
  await app.ready();

  const identityKey: CryptoKey = await importPrivateKey(identityKeys.privateKey);
  const strangerKey: CryptoKey = await importPrivateKey(generateSigningKeyPair().privateKey);
  return {
    app,
    config,
    repository,
    client,
    sessionPublicKeyPem: sessionKeys.publicKey,
    as: async (identity) => ({
      [IDENTITY_HEADER]: await signIdentity({ isAdmin: false, sessionId: 'test-session', ...identity }, identityKey),
    }),
    forged: async (identity) => ({ [IDENTITY_HEADER]: await signIdentity(identity, strangerKey) }),
    close: async () => {
      await app.close();
      await appNc.drain();
      await client.drain();
      await repository.close();
      rmSync(dataDir, { recursive: true, force: true });
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
