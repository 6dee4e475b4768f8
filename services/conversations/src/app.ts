import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { subgraphSdl } from '@story/proto/graphql';
import { connectMongo, createServiceApp, mongoReadiness, registerIdentity, registerSubgraph, sqliteFile, sqliteReadiness, storageKind, type ReadinessCheck } from '@story/service-kit';
import type { ChatModel } from './chat/chat-model.ts';
import { createChatModel } from './chat/chat-model.factory.ts';
import { registerProcessTextRoutes } from './chat/process-text.routes.ts';
import { SERVICE_NAME, type ConversationsConfig } from './config.ts';
import { NatsLink } from './events/nats-link.ts';
import { conversationsResolvers } from './graphql/conversations.resolvers.ts';
import { ThreadPurgeJob } from './jobs/thread-purge.job.ts';
import { SnippetConversationService } from './snippets/snippet-conversation.service.ts';
import { registerSnippetConversationRoutes } from './snippets/snippet-conversations.routes.ts';
import { SnippetOwnerClient } from './snippets/snippet-owner.client.ts';
import type { ConversationRepository } from './storage/conversation.repository.ts';
import { MongoConversationRepository } from './storage/mongo-conversation.repository.ts';
import { SqliteConversationRepository } from './storage/sqlite-conversation.repository.ts';
import { ThreadService } from './threads/thread.service.ts';
import { registerThreadRoutes } from './threads/threads.routes.ts';

/** What tests may swap; everything else comes from the configuration. */
export interface ConversationsDeps {
  repository?: ConversationRepository;
  chatModel?: ChatModel;
  clock?: () => Date;
  /** Who this instance is for the purge lease (default: host, pid and a random id). */
  instanceId?: string;
  /** Run the purge job (default true). */
  purgeJob?: boolean;
  /** Outbox relay poll interval (default 500 ms). */
  relayIntervalMs?: number;
  logger?: boolean;
}

/** The running parts of the service beyond HTTP, exposed for tests. */
export interface ConversationsRuntime {
  repository: ConversationRepository;
  nats: NatsLink;
  purge: ThreadPurgeJob;
  threads: ThreadService;
}

declare module 'fastify' {
  interface FastifyInstance {
    conversations: ConversationsRuntime;
  }
}

/**
 * Bodiless POSTs (create a thread, recover one) often arrive from a generic client helper with
 * `Content-Type: application/json` and no body; fastify would refuse that with a 400. An empty body
 * is read as no body; anything else goes to fastify's own JSON parser (with its prototype-poisoning
 * guards).
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const defaultParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultParser(request, text, done);
  });
}

async function openRepository(config: ConversationsConfig): Promise<{ repository: ConversationRepository; readiness: ReadinessCheck }> {
  if (storageKind(config) === 'mongodb' && config.MONGODB_URL) {
    const connection = await connectMongo(config.MONGODB_URL, SERVICE_NAME);
    const repository = new MongoConversationRepository(connection);
    await repository.init();
    return { repository, readiness: mongoReadiness(connection) };
  }
  const repository = new SqliteConversationRepository(sqliteFile(config.DATA_DIR, SERVICE_NAME));
  return { repository, readiness: sqliteReadiness(repository.database) };
}

/**
 * Builds the conversations service: REST routes, the GraphQL subgraph, the outbox relay to
 * JetStream (connected in the background, so HTTP serves even while NATS is down) and the purge
 * job. Closing the app stops them and closes NATS and the database.
 */
export async function buildConversationsApp(config: ConversationsConfig, deps: ConversationsDeps = {}): Promise<FastifyInstance> {
  const opened = deps.repository ? { repository: deps.repository, readiness: undefined } : await openRepository(config);
  const { repository } = opened;
  const clock = deps.clock ?? (() => new Date());
  const chatModel = deps.chatModel ?? createChatModel(config);

  // Readiness is the database only: without NATS the service still serves and queues events.
  const app = createServiceApp({
    name: SERVICE_NAME,
    logLevel: config.LOG_LEVEL,
    logger: deps.logger === false ? false : undefined,
    readiness: opened.readiness ? { database: opened.readiness } : { database: () => repository.countPendingEvents().then(() => undefined) },
  });
  await registerIdentity(app, config.IDENTITY_PUBLIC_KEY);
  acceptEmptyJsonBodies(app);

  const nats = new NatsLink(config.NATS_URL, SERVICE_NAME, repository, app.log, deps.relayIntervalMs);
  const onEventsWritten = () => nats.notify();
  const threads = new ThreadService({ repository, clock, onEventsWritten });
  const chat = { chatModel, threads, timeoutMs: config.CHAT_TIMEOUT_MS };
  const snippets = new SnippetConversationService({ repository, owners: new SnippetOwnerClient(() => nats.nc), clock, onEventsWritten });
  const purge = new ThreadPurgeJob({
    repository,
    clock,
    retentionDays: config.THREAD_RETENTION_DAYS,
    intervalMs: config.PURGE_INTERVAL_MS,
    owner: deps.instanceId ?? `${hostname()}:${process.pid}:${randomUUID()}`,
    log: app.log,
    onEventsWritten,
  });

  registerThreadRoutes(app, threads);
  registerProcessTextRoutes(app, chat);
  registerSnippetConversationRoutes(app, snippets);
  await registerSubgraph(app, subgraphSdl('conversations'), conversationsResolvers(threads, chat));

  app.decorate('conversations', { repository, nats, purge, threads });
  app.addHook('onReady', async () => {
    nats.start();
    if (deps.purgeJob !== false) purge.start();
  });
  app.addHook('onClose', async () => {
    await purge.stop();
    await nats.close();
    await repository.close();
  });
  return app;
}
