import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { EVENT_CONSUMERS } from '@story/proto';
import { subgraphSdl } from '@story/proto/graphql';
import {
  PlanFeatureGate,
  registerSubgraph,
  type PlanCheck,
  type ServiceApp,
  type ServiceDefinition,
  type RelayedServiceDeps,
  createStoredServiceApp,
  relayedService,
  registerExportSource,
  registerUserDeletion,
} from '@story/service-kit';
import { AnswerEventPublisher } from './chat/answer-event.publisher.ts';
import type { ChatModel } from './chat/chat-model.ts';
import type { ResumeKnowledgeSource } from './chat/resume-knowledge.ts';
import { createChatModel } from './chat/chat-model.factory.ts';
import { registerProcessTextRoutes } from './chat/process-text.routes.ts';
import { SERVICE_NAME, conversationsEnvSchema, type ConversationsConfig } from './config.ts';
import { ConversationsExportSource } from './export/conversations-export.source.ts';
import { transcriptPdfRenderer } from './pdf/transcript-pdfs.ts';
import { conversationsResolvers } from './graphql/conversations.resolvers.ts';
import { registerSnippetCleanup } from './nats/snippet-cleanup.consumer.ts';
import { startChatReplyResponder } from './nats/chat-reply.responder.ts';
import { NatsReplyAudioSource } from './nats/reply-audio.reader.ts';
import { ResumeContextClient } from './nats/resume-context.client.ts';
import { ResumeThreadLinker } from './nats/resume-thread-link.client.ts';
import { SnippetOwnerClient } from './nats/snippet-owner.client.ts';
import { SnippetConversationService, type SnippetOwners } from './snippet-conversations/snippet-conversation.service.ts';
import { registerSnippetConversationRoutes } from './snippet-conversations/snippet-conversations.routes.ts';
import { openConversationsStorage, type ConversationsStorage } from './storage/conversations-storage.ts';
import { ThreadPurgeJob } from './threads/thread-purge.job.ts';
import { ThreadTitler } from './threads/thread-titler.ts';
import { ThreadService } from './threads/thread.service.ts';
import { registerThreadRoutes } from './threads/threads.routes.ts';

/** The conversations service's dependencies; `main.ts` opens the real ones from configuration. */
export interface ConversationsDeps extends RelayedServiceDeps<ConversationsStorage> {
  chatModel: ChatModel;
  /** Who owns a snippet: the jobs service, asked over NATS. */
  snippetOwners: SnippetOwners;
  /** What the coach may know of a person's résumé: the profile service, asked over NATS. */
  resumes: ResumeKnowledgeSource;
  /** What each person's plan includes: auth, asked over NATS (issue 36, 4: interview practice, PDFs). */
  plans: PlanCheck;
  /** Who this instance is for the purge lease (default: host, pid and a random id). */
  instanceId: string;
  /** Run the purge job (default true; tests that do not test it turn it off). */
  runPurgeJob: boolean;
}

/**
 * Builds the conversations service: REST routes, the GraphQL subgraph, the outbox relay to
 * JetStream (over the NATS link made in the background, so HTTP serves even while NATS is down)
 * and the purge job. Closing the app stops the job and the relay; the caller closes NATS and storage.
 */
export async function buildConversationsApp(config: ConversationsConfig, deps: ConversationsDeps): Promise<ServiceApp> {
  const { storage, nats, clock } = deps;
  const app = await createStoredServiceApp(SERVICE_NAME, config, deps);

  const onEventsWritten = () => deps.relay.notify();
  const titler = new ThreadTitler({ repository: storage.threads, chatModel: deps.chatModel, timeoutMs: config.CHAT_TIMEOUT_MS, log: app.log });
  const replyAudio = new NatsReplyAudioSource();
  const bulletLinks = new ResumeThreadLinker(nats, app.log);
  const threads = new ThreadService({
    repository: storage.threads,
    audio: storage.messageAudio,
    quotas: {
      threadsPerUser: config.QUOTA_THREADS_PER_USER,
      messagesPerThread: config.QUOTA_MESSAGES_PER_THREAD,
      audioMegabytesPerUser: config.QUOTA_AUDIO_MB_PER_USER,
    },
    retentionDays: config.THREAD_RETENTION_DAYS,
    clock,
    onEventsWritten,
    onExchangeSaved: (userId, threadId) => titler.afterSave(userId, threadId),
    onBulletStorySaved: (userId, threadId, bullet) => void bulletLinks.link(userId, threadId, bullet),
    replyAudio,
  });
  const answers = new AnswerEventPublisher({ events: storage.events, onEventsWritten, clock });
  // One answer to "whose snippet is it?" for snippet conversations and for every turn that names a snippet.
  const chat = {
    chatModel: deps.chatModel,
    threads,
    snippets: deps.snippetOwners,
    resumes: deps.resumes,
    plans: deps.plans,
    timeoutMs: config.CHAT_TIMEOUT_MS,
    answers,
  };
  const snippets = new SnippetConversationService({ repository: storage.snippetConversations, owners: deps.snippetOwners, clock, onEventsWritten });
  const purge = new ThreadPurgeJob({
    threads: storage.threads,
    leases: storage.leases,
    outbox: storage.outbox,
    clock,
    retentionDays: config.THREAD_RETENTION_DAYS,
    intervalMs: config.PURGE_INTERVAL_MS,
    owner: deps.instanceId,
    log: app.log,
    onEventsWritten,
  });

  const pdfs = transcriptPdfRenderer(config);
  registerThreadRoutes(app, threads, pdfs, deps.plans);
  registerProcessTextRoutes(app, chat);
  registerSnippetConversationRoutes(app, snippets, pdfs, deps.plans);
  registerSnippetCleanup(app, nats, storage.snippetConversations);
  // A deleted account (issue 24): its threads, messages, spoken replies and practice conversations.
  registerUserDeletion(app, nats, EVENT_CONSUMERS.conversationsUserDeletion, async (userId) => {
    pdfs.forget(userId);
    return (await storage.threads.forgetUser(userId)) + (await storage.snippetConversations.forgetUser(userId));
  });
  // The data export (issue 24): threads with their messages and spoken replies, practice conversations.
  registerExportSource(
    app,
    nats,
    SERVICE_NAME,
    new ConversationsExportSource({
      threads: storage.threads,
      audio: storage.messageAudio,
      snippetConversations: storage.snippetConversations,
      snippets: deps.snippetOwners,
    }),
  );
  await registerSubgraph(app, subgraphSdl('conversations'), conversationsResolvers(threads, chat));
  // Spoken turns get their reply from the same code over NATS (the speech service asks).
  let stopChatReplies: (() => Promise<void>) | undefined;
  nats.onConnect((nc, log) => {
    stopChatReplies = startChatReplyResponder(nc, chat, log);
    replyAudio.connected(nc);
  });

  app.addHook('onReady', async () => {
    nats.start(app.log);
    if (deps.runPurgeJob) purge.start();
  });
  app.addHook('onClose', async () => {
    await titler.settled();
    await bulletLinks.settled();
    await stopChatReplies?.();
    await purge.stop();
    await pdfs.close();
    await deps.relay.stop();
  });
  return app;
}

/** The conversations service as `main.ts` starts it and tests build it. */
export const conversationsService: ServiceDefinition<ConversationsConfig, ConversationsDeps> = relayedService({
  name: SERVICE_NAME,
  envSchema: conversationsEnvSchema,
  openStorage: (config) => openConversationsStorage(config, SERVICE_NAME),
  ownDeps: (config, overrides, relayed) => ({
    chatModel: overrides.chatModel ?? createChatModel(config),
    instanceId: `${hostname()}:${process.pid}:${randomUUID()}`,
    runPurgeJob: true,
    snippetOwners: overrides.snippetOwners ?? new SnippetOwnerClient(relayed.nats),
    resumes: overrides.resumes ?? new ResumeContextClient(relayed.nats),
    plans: overrides.plans ?? new PlanFeatureGate(relayed.nats),
  }),
  buildApp: buildConversationsApp,
});
