import multipart from '@fastify/multipart';
import type { NatsConnection } from '@nats-io/transport-node';
import { AUDIO_UPLOAD_BODY_LIMIT, EVENT_CONSUMERS, UPLOAD_MAX_BYTES } from '@story/proto';
import {
  createNatsBoundServiceApp,
  relayedService,
  registerExportSource,
  registerUserDeletion,
  registerIdentity,
  type OutboxRelay,
  type ServiceApp,
  type ServiceDefinition,
  type ServiceDeps,
} from '@story/service-kit';
import { SERVICE_NAME, speechEnvSchema, type SpeechConfig } from './config.ts';
import { SpeechExportSource } from './export/speech-export.source.ts';
import { ChatReplyClient } from './nats/chat-reply.client.ts';
import { connectionFor } from '@story/service-kit';
import { SpeechAudioStore } from './nats/speech-audio.store.ts';
import { SpeechJobClient } from './nats/speech-job.client.ts';
import { SpeechLimitService } from './nats/speech-limit.service.ts';
import { UserSettingsClient } from './nats/user-settings.client.ts';
import { SnippetVocabularyClient } from './nats/snippet-vocabulary.client.ts';
import { openSpeechStorage, type SpeechStorage } from './storage/speech-storage.ts';
import { registerTranscribeRoutes } from './transcribe/transcribe.routes.ts';
import { VoiceTurnService } from './turns/voice-turn.service.ts';
import { MonthlyUsageService } from './usage/monthly-usage.service.ts';
import { registerUsageRoutes } from './usage/usage.routes.ts';
import { openWorkDir } from './work-dir.ts';
import { VoiceSessionClient } from './voice-sessions/voice-session.client.ts';
import { VoiceSessionService } from './voice-sessions/voice-session.service.ts';
import { registerVoiceSessionRoutes } from './voice-sessions/voice-sessions.routes.ts';

/** The speech front's dependencies: the monthly-minutes ledger, its NATS link (as the `speech` user) and a folder for uploads. */
export interface SpeechDeps extends ServiceDeps {
  /** Its own folder for uploads in progress (see `openWorkDir`). */
  workDir: { path: string; remove(): void };
  /** The monthly-minutes ledger and its outbox (issue 21); audio is never stored. */
  storage: SpeechStorage;
  /** Publishes the ledger's events. */
  relay: OutboxRelay;
}
/** The longest form field (conversationHistory: 200 turns of up to 20,000 characters). */
const MAX_FIELD_BYTES = 5 * 1024 * 1024;

/**
 * The speech service's HTTP front: `/api/transcribe` (uploads), `/api/transcribe/sessions` (live
 * recordings) and `/api/usage` (the month's minutes). It checks, streams and asks; the heavy work
 * (decoding, recognising, speaking) is done by speech workers over NATS. Its only state is the
 * monthly-minutes ledger, in its database, so it can run as several instances.
 */
export async function buildSpeechApp(config: SpeechConfig, deps: SpeechDeps): Promise<ServiceApp> {
  const { nats, storage, clock } = deps;
  const app = createNatsBoundServiceApp(SERVICE_NAME, config, deps, AUDIO_UPLOAD_BODY_LIMIT);
  await registerIdentity(app, config.IDENTITY_PUBLIC_KEY);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 10, parts: 12, fieldSize: MAX_FIELD_BYTES } });

  let audio: SpeechAudioStore | undefined;
  const audioStore = (nc: NatsConnection) => {
    audio ??= new SpeechAudioStore(nc, { inlineBytes: config.SPEECH_INLINE_AUDIO_BYTES, ttlSeconds: config.SPEECH_AUDIO_TTL_SECONDS });
    return audio;
  };
  const jobs = new SpeechJobClient(nats, {
    stallMs: config.SPEECH_JOB_STALL_MS,
    attempts: config.SPEECH_JOB_ATTEMPTS,
    startWithinMs: config.SPEECH_JOB_START_WITHIN_MS,
    log: app.log,
  });
  const limits = new SpeechLimitService(() => connectionFor(nats, SERVICE_NAME), {
    turnsPerPerson: config.SPEECH_TURNS_PER_PERSON,
    audioSecondsPerHour: config.SPEECH_AUDIO_SECONDS_PER_HOUR,
    // A turn lasts as long as the gateway waits for it at most; a hold its front forgot lapses soon after.
    holdMs: 180_000,
    log: app.log,
  });
  const usage = new MonthlyUsageService({
    ledger: storage.usage,
    clock,
    onRecorded: () => deps.relay.notify(),
    log: app.log,
    // A recording's hold outlasts the longest it may run: the time limit's tolerance, the session's margin and the decode's.
    holdMarginSeconds: config.SPEECH_TIME_LIMIT_TOLERANCE_SECONDS + config.SPEECH_SESSION_MARGIN_SECONDS + config.SPEECH_DECODE_MARGIN_SECONDS,
  });
  const settings = new UserSettingsClient(nats);
  const turns = new VoiceTurnService({
    jobs,
    settings,
    usage,
    clock,
    chat: new ChatReplyClient(nats, config.SPEECH_CHAT_TIMEOUT_MS),
    limits,
    vocabulary: new SnippetVocabularyClient(nats, app.log),
    audio: () => audioStore(connectionFor(nats, SERVICE_NAME)),
    log: app.log,
  });

  registerTranscribeRoutes(app, turns, deps.workDir.path);
  registerVoiceSessionRoutes(app, new VoiceSessionService({ sessions: new VoiceSessionClient(nats), jobs, turns }));
  registerUsageRoutes(app, { usage, settings });
  // A deleted account (issue 24): its usage rows and holds, and the spoken replies kept for it.
  registerUserDeletion(
    app,
    nats,
    EVENT_CONSUMERS.speechUserDeletion,
    async (userId) => (await storage.usage.forgetUser(userId)) + (await audioStore(connectionFor(nats, SERVICE_NAME)).forgetReplies(userId)),
  );

  // The data export (issue 24): the recording-minutes ledger.
  registerExportSource(app, nats, SERVICE_NAME, new SpeechExportSource(storage.usage));

  app.addHook('onReady', async () => {
    nats.start(app.log);
  });
  app.addHook('onClose', async () => {
    await deps.relay.stop();
    deps.workDir.remove();
  });
  return app;
}

/** The speech front as `main.ts` starts it and tests build it. */
export const speechService: ServiceDefinition<SpeechConfig, SpeechDeps> = relayedService({
  name: SERVICE_NAME,
  envSchema: speechEnvSchema,
  openStorage: (config) => openSpeechStorage(config, SERVICE_NAME),
  ownDeps: (config, overrides) => ({ workDir: overrides.workDir ?? openWorkDir(config.SPEECH_TMP_DIR) }),
  buildApp: buildSpeechApp,
});
