import multipart from '@fastify/multipart';
import { EVENT_CONSUMERS } from '@story/proto';
import {
  PlanFeatureGate,
  createStoredServiceApp,
  relayedService,
  registerExportSource,
  registerUserDeletion,
  storiesOverNats,
  type PlanCheck,
  type RelayedServiceDeps,
  type ServiceApp,
  type ServiceDefinition,
} from '@story/service-kit';
import { SERVICE_NAME, profileEnvSchema, type ProfileConfig } from './config.ts';
import { profileExportSource } from './export/profile-export.source.ts';
import { startResumeContextResponders } from './nats/resume-context.responder.ts';
import { startResumeLinesResponder } from './nats/resume-lines.responder.ts';

import { ResumeExtractionPool, createResumeParser, parseResumeUpload } from './parsing/index.ts';
import { registerPublicPageRoutes } from './public-profile/public-page.routes.ts';
import { PublicProfileService } from './public-profile/public-profile.service.ts';
import { registerPublicProfileRoutes } from './public-profile/public-profile.routes.ts';
import { resumePdfRenderer } from './pdf/resume-pdfs.ts';
import type { ResumeParser, StoriesFinder } from './resumes/resume-engines.ts';
import { RESUME_MULTIPART_LIMITS } from './resumes/resume-upload.ts';
import { ResumeService } from './resumes/resume.service.ts';
import { registerResumeRoutes } from './resumes/resumes.routes.ts';
import { openProfileStorage, type ProfileStorage } from './storage/profile-storage.ts';
import { createSuggestionEngine } from './suggestions/suggestion-engine.factory.ts';
import type { SuggestionEngine } from './suggestions/suggestion-engine.ts';

/** The profile service's dependencies; `main.ts` opens the real ones from configuration. */
export interface ProfileDeps extends RelayedServiceDeps<ProfileStorage> {
  /** The worker threads that read uploaded files (closed with the app). */
  resumeExtraction: ResumeExtractionPool;
  parser: ResumeParser;
  suggestions: SuggestionEngine;
  /** The person's plan (auth over NATS by default). */
  plans?: PlanCheck;
  /** The stories behind bullets (the search service over NATS by default). */
  findStories?: StoriesFinder;
}

/**
 * Builds the profile service: the résumé and public-profile routes (and the public pages `/p/{slug}`) over its storage, asking auth for plans and search
 * for stories over the NATS link made in the background (HTTP serves while NATS is down), and
 * answering what a résumé says (`profile.resume.context`, `.thread-link`, `.lines`) over it.
 */
export async function buildProfileApp(config: ProfileConfig, deps: ProfileDeps): Promise<ServiceApp> {
  const { storage, nats, clock } = deps;
  const app = await createStoredServiceApp(SERVICE_NAME, config, deps);
  await app.register(multipart, { limits: RESUME_MULTIPART_LIMITS });

  const findStories = deps.findStories ?? storiesOverNats(nats, app.log, config.STORIES_TIMEOUT_MS);
  const plans = deps.plans ?? new PlanFeatureGate(nats);
  const pdfs = resumePdfRenderer(config);
  const resumes = new ResumeService({
    repository: storage.resumes,
    parser: deps.parser,
    suggestions: deps.suggestions,
    findStories,
    renderPdf: pdfs.render,
    clock,
    quotas: {
      resumesPerUser: config.QUOTA_RESUMES_PER_USER,
      versionsPerResume: config.QUOTA_VERSIONS_PER_RESUME,
      megabytesPerUser: config.QUOTA_RESUME_MB_PER_USER,
    },
  });
  registerResumeRoutes(app, resumes, plans);
  const publicProfiles = new PublicProfileService({ repository: storage.publicProfiles, resumes: storage.resumes, findStories, clock });
  registerPublicProfileRoutes(app, publicProfiles, plans);
  registerPublicPageRoutes(app, publicProfiles, { siteUrl: config.PUBLIC_SITE_URL, siteHosts: config.PUBLIC_SITE_HOSTS });
  // A deleted account (issue 24): its résumés with their versions and suggestions, and its public profile.
  registerUserDeletion(app, nats, EVENT_CONSUMERS.profileUserDeletion, async (userId) => {
    pdfs.forget(userId);
    const resumeRows = await storage.resumes.removeAllOf(userId);
    return resumeRows + (await storage.publicProfiles.removeAllOf(userId));
  });
  // The data export (issue 24): résumés with every version and their suggestions, and the public profile.
  registerExportSource(app, nats, SERVICE_NAME, profileExportSource({ resumes: storage.resumes, publicProfiles: storage.publicProfiles }));

  let stopResponders: (() => Promise<void>)[] = [];
  nats.onConnect((nc, log) => {
    stopResponders = [startResumeContextResponders(nc, storage.resumes, plans, log), startResumeLinesResponder(nc, storage.resumes, plans, log)];
  });
  app.addHook('onReady', async () => nats.start(app.log));
  app.addHook('onClose', async () => {
    await Promise.all(stopResponders.map((stop) => stop()));
    await pdfs.close();
    await deps.relay.stop();
    await deps.resumeExtraction.close();
  });
  return app;
}

/**
 * Uploads read on the extraction threads, their text parsed by the configured parser: OpenAI
 * (checked against the text) with a key, else the offline one.
 */
function uploadParser(config: ProfileConfig, extraction: ResumeExtractionPool): ResumeParser {
  const text = createResumeParser({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_CHAT_MODEL,
    timeoutMs: config.RESUME_AI_TIMEOUT_MS,
  });
  return { parse: (file, userId) => parseResumeUpload(file, (extracted) => text.parse(extracted), extraction.extractorFor(userId)) };
}

/** The extraction threads as configured. */
const extractionPool = (config: ProfileConfig) =>
  new ResumeExtractionPool({
    threads: config.RESUME_PARSE_THREADS,
    queue: config.RESUME_PARSE_QUEUE,
    heapMb: config.RESUME_PARSE_HEAP_MB,
    deadlineMs: config.RESUME_PARSE_DEADLINE_MS,
  });

/** The profile service as `main.ts` starts it and tests build it. */
export const profileService: ServiceDefinition<ProfileConfig, ProfileDeps> = relayedService({
  name: SERVICE_NAME,
  envSchema: profileEnvSchema,
  openStorage: (config) => openProfileStorage(config, SERVICE_NAME),
  ownDeps(config, overrides) {
    const resumeExtraction = overrides.resumeExtraction ?? extractionPool(config);
    return {
      resumeExtraction,
      parser: overrides.parser ?? uploadParser(config, resumeExtraction),
      suggestions: overrides.suggestions ?? createSuggestionEngine(config),
    };
  },
  buildApp: buildProfileApp,
});
