import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDENTITY_HEADER } from '@story/proto';
import { closeServiceDeps, generateSigningKeyPair, importPrivateKey, signIdentity, type ServiceApp } from '@story/service-kit';
import { startNatsServer } from '@story/testing/nats';
import { conversationsService } from '../services/conversations/src/app.ts';
import { conversationsEnvSchema } from '../services/conversations/src/config.ts';
import { feedbackService } from '../services/feedback/src/app.ts';
import { feedbackEnvSchema } from '../services/feedback/src/config.ts';

/** The services an answer's feedback goes through, running: where to reach them, as whom, and how to stop them. */
export interface FeedbackStack {
  conversationsUrl: string;
  feedbackUrl: string;
  /** JSON content type and the identity of user 1, as the gateway forwards it. */
  headers: Record<string, string>;
  /** Stops the services and NATS and removes the data folder. */
  close(): Promise<void>;
}

async function listen(app: ServiceApp): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * A real nats-server, the conversations service (its outbox relay at the product's default pace) and
 * the feedback service with its durable consumer, on free ports over a temporary data folder: the
 * path from a typed answer to its stored feedback, without the gateway.
 */
export async function startFeedbackStack(name: string): Promise<FeedbackStack> {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const nats = await startNatsServer({ storeDir: join(dataDir, 'nats') });
  const cleanups: (() => Promise<unknown>)[] = [async () => nats.stop(), async () => rmSync(dataDir, { recursive: true, force: true })];
  const close = async () => {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  };
  try {
    const keys = generateSigningKeyPair();
    const common = { LOG_LEVEL: 'silent', NATS_URL: nats.url, IDENTITY_PUBLIC_KEY: keys.publicKey, PORT: '0' };
    const conversationsConfig = conversationsEnvSchema.parse({ ...common, DATA_DIR: join(dataDir, 'conversations') });
    const conversationsDeps = await conversationsService.openDeps(conversationsConfig, { logger: false, runPurgeJob: false });
    const conversations = await conversationsService.buildApp(conversationsConfig, conversationsDeps);
    const feedbackConfig = feedbackEnvSchema.parse({ ...common, DATA_DIR: join(dataDir, 'feedback') });
    const feedbackDeps = await feedbackService.openDeps(feedbackConfig, { logger: false });
    const feedback = await feedbackService.buildApp(feedbackConfig, feedbackDeps);
    cleanups.unshift(async () => {
      await feedback.close();
      await closeServiceDeps(feedbackDeps);
      await conversations.close();
      await closeServiceDeps(conversationsDeps);
    });
    const conversationsUrl = await listen(conversations);
    const feedbackUrl = await listen(feedback);
    await conversationsDeps.nats.ready();
    await feedbackDeps.nats.ready();
    const headers = {
      'content-type': 'application/json',
      [IDENTITY_HEADER]: await signIdentity({ userId: 1, isAdmin: false, sessionId: 'bench' }, await importPrivateKey(keys.privateKey)),
    };
    return { conversationsUrl, feedbackUrl, headers, close };
  } catch (error) {
    await close();
    throw error;
  }
}
