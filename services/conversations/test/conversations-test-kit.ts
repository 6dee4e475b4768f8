import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IDENTITY_HEADER } from '@story/proto';
import { generateSigningKeyPair, importPrivateKey, signIdentity } from '@story/service-kit';
import { buildConversationsApp, type ConversationsDeps } from '../src/app.ts';
import { conversationsEnvSchema, type ConversationsConfig } from '../src/config.ts';

/** A port nothing listens on: the service must still serve HTTP with NATS unreachable. */
export const UNREACHABLE_NATS = 'nats://127.0.0.1:1';

export interface TestService {
  app: FastifyInstance;
  config: ConversationsConfig;
  dataDir: string;
  /** Headers of a request signed by the gateway for this user. */
  as(userId: number, isAdmin?: boolean): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** A temporary data folder, removed by `close`. */
export function tempDataDir(prefix = 'conversations-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** The service's configuration as `main.ts` would read it, for tests. */
export function testConfig(dataDir: string, natsUrl: string, publicKey: string, env: Record<string, string> = {}): ConversationsConfig {
  return conversationsEnvSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    NATS_URL: natsUrl,
    IDENTITY_PUBLIC_KEY: publicKey,
    ...env,
  });
}

/** Builds the real service (SQLite in a temp folder) with a gateway key pair to sign identities. */
export async function startTestService(
  options: { natsUrl?: string; env?: Record<string, string>; deps?: ConversationsDeps; dataDir?: string; keys?: { privateKey: string; publicKey: string } } = {},
): Promise<TestService> {
  const keys = options.keys ?? generateSigningKeyPair();
  const privateKey = await importPrivateKey(keys.privateKey);
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? tempDataDir();
  const config = testConfig(dataDir, options.natsUrl ?? UNREACHABLE_NATS, keys.publicKey, options.env);
  const app = await buildConversationsApp(config, { logger: false, ...options.deps });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    as: async (userId, isAdmin = false) => ({ [IDENTITY_HEADER]: await signIdentity({ userId, isAdmin, sessionId: `session-${userId}` }, privateKey) }),
    close: async () => {
      await app.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
