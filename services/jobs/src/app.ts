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
import { SERVICE_NAME, jobsEnvSchema, type JobsConfig } from './config.ts';
import { JobsExportSource } from './export/jobs-export.source.ts';
import type { JobDescriptionFormatter } from './formatting/job-description-formatter.ts';
import { createJobFormatter } from './formatting/job-formatter.factory.ts';
import { registerProcessJobDescriptionRoutes } from './formatting/process-job-description.routes.ts';
import { jobsResolvers } from './graphql/jobs.resolvers.ts';
import { JobDescriptionService } from './job-descriptions/job-description.service.ts';
import { registerJobDescriptionRoutes } from './job-descriptions/job-descriptions.routes.ts';
import { startJobRequirementsResponder } from './nats/job-requirements.responder.ts';
import { startSnippetOwnerResponder } from './nats/snippet-owner.responder.ts';
import { JobRequirementsService } from './requirements/job-requirements.service.ts';
import { SnippetService } from './snippets/snippet.service.ts';
import { registerSnippetRoutes } from './snippets/snippets.routes.ts';
import { openJobsStorage, type JobsStorage } from './storage/jobs-storage.ts';

/** The jobs service's dependencies; `main.ts` opens the real ones from configuration. */
export interface JobsDeps extends RelayedServiceDeps<JobsStorage> {
  /** Cleans pasted descriptions into markdown: OpenAI, or the offline formatter. */
  formatter: JobDescriptionFormatter;
  /** What each person's plan includes: auth, asked over NATS, unless a test gives its own (issue 36, 4). */
  plans?: PlanCheck;
}

/**
 * Builds the jobs service: REST routes, the GraphQL subgraph, the `jobs.snippet.owner` and
 * `jobs.description.requirements` responders and the outbox relay, all over the NATS link made in the
 * background (HTTP serves while NATS is down; deletions queue their events). Closing the app stops the
 * responders and the relay; the caller closes NATS and storage.
 */
export async function buildJobsApp(config: JobsConfig, deps: JobsDeps): Promise<ServiceApp> {
  const { storage, nats, clock } = deps;
  const app = await createStoredServiceApp(SERVICE_NAME, config, deps);

  const jobDescriptions = new JobDescriptionService({
    repository: storage.jobDescriptions,
    clock,
    onEventsWritten: () => deps.relay.notify(),
    maxPerUser: config.QUOTA_JOB_DESCRIPTIONS_PER_USER,
  });
  const snippets = new SnippetService({ repository: storage.jobDescriptions, clock, maxPerJobDescription: config.QUOTA_SNIPPETS_PER_JOB_DESCRIPTION });
  const cleaning = { formatter: deps.formatter, timeoutMs: config.FORMAT_TIMEOUT_MS };

  // Saved descriptions and their snippets are interview practice, a plan feature (issue 36, 4).
  const plans = deps.plans ?? new PlanFeatureGate(nats);
  registerProcessJobDescriptionRoutes(app, cleaning, plans);
  registerJobDescriptionRoutes(app, jobDescriptions, plans);
  registerSnippetRoutes(app, snippets, plans);
  // A deleted account (issue 24): its job descriptions and snippets.
  registerUserDeletion(app, nats, EVENT_CONSUMERS.jobsUserDeletion, (userId) => storage.jobDescriptions.forgetUser(userId));
  // The data export (issue 24): job descriptions with their snippets.
  registerExportSource(app, nats, SERVICE_NAME, new JobsExportSource(storage.jobDescriptions));
  await registerSubgraph(app, subgraphSdl('jobs'), jobsResolvers({ jobDescriptions, snippets, cleaning, plans }));

  const requirements = new JobRequirementsService(storage.jobDescriptions);
  let stopResponders: (() => Promise<void>)[] = [];
  nats.onConnect((nc, log) => {
    stopResponders = [startSnippetOwnerResponder(nc, snippets, log), startJobRequirementsResponder(nc, requirements, log)];
  });
  app.addHook('onReady', async () => nats.start(app.log));
  app.addHook('onClose', async () => {
    await Promise.all(stopResponders.map((stop) => stop()));
    await deps.relay.stop();
  });
  return app;
}

/** The jobs service as `main.ts` starts it and tests build it. */
export const jobsService: ServiceDefinition<JobsConfig, JobsDeps> = relayedService({
  name: SERVICE_NAME,
  envSchema: jobsEnvSchema,
  openStorage: (config) => openJobsStorage(config, SERVICE_NAME),
  ownDeps: (config, overrides) => ({ formatter: overrides.formatter ?? createJobFormatter(config) }),
  buildApp: buildJobsApp,
});
