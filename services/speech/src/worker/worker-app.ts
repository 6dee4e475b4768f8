import { hostname } from 'node:os';
import { NatsLink, createServiceApp, type ServiceApp, type ServiceDefinition, type ServiceDeps } from '@story/service-kit';
import { SERVICE_NAME, WORKER_NAME, speechEnvSchema, type SpeechConfig } from '../config.ts';
import { createSpeechEngines, type SpeechEngines } from '../engines/speech-engine.factory.ts';
import { SpeechAudioStore } from '../nats/speech-audio.store.ts';
import { JobRunner } from './job-runner.ts';
import { openWorkDir } from '../work-dir.ts';
import { LiveSessionService } from './live-session.service.ts';
import { startSpeechJobResponders } from './speech-jobs.responder.ts';

/** A speech worker's dependencies: no storage of its own, its NATS link (as the `speech` user), the engines. */
export interface SpeechWorkerDeps extends ServiceDeps {
  engines: SpeechEngines;
  /** How it names itself in job acceptances. */
  workerName: string;
  /** Its own folder for temporary audio (see `openWorkDir`). */
  workDir: { path: string; remove(): void };
}

const NO_STORAGE = { close: async () => undefined };

/**
 * A speech worker: serves STT and TTS jobs and live recordings in the `speech` queue group over NATS,
 * and answers `/healthz` and `/readyz` (ready once its NATS subscriptions run) on its own port.
 */
export async function buildSpeechWorkerApp(config: SpeechConfig, deps: SpeechWorkerDeps): Promise<ServiceApp> {
  const { nats, engines } = deps;
  const app = createServiceApp({ name: WORKER_NAME, logLevel: config.LOG_LEVEL, logger: deps.logger, readiness: { nats: nats.readiness() } });
  let stopJobs: (() => Promise<void>) | undefined;
  let live: LiveSessionService | undefined;
  let runner: JobRunner | undefined;

  nats.onConnect(async (nc, log) => {
    await engines.tts.warmUp();
    const audio = new SpeechAudioStore(nc, { inlineBytes: config.SPEECH_INLINE_AUDIO_BYTES, ttlSeconds: config.SPEECH_AUDIO_TTL_SECONDS });
    runner = new JobRunner(nc, {
      worker: deps.workerName,
      concurrency: config.SPEECH_WORKER_CONCURRENCY,
      maxWaiting: config.SPEECH_WORKER_MAX_WAITING,
      heartbeatMs: config.SPEECH_JOB_HEARTBEAT_MS,
      log,
    });
    runner.listenForCancels();
    stopJobs = startSpeechJobResponders(nc, { stt: engines.stt, tts: engines.tts, audio, runner, tmpDir: deps.workDir.path, log });
    live = new LiveSessionService(nc, engines.stt, runner, {
      maxSessions: config.SPEECH_WORKER_MAX_SESSIONS,
      idleSeconds: config.SPEECH_SESSION_IDLE_SECONDS,
      lifetimeMarginSeconds: config.SPEECH_TIME_LIMIT_TOLERANCE_SECONDS + config.SPEECH_SESSION_MARGIN_SECONDS,
      log,
    });
    live.start();
  });

  app.addHook('onReady', async () => {
    nats.start(app.log);
  });
  // Shutting down: take no more work, finish what was accepted, then let NATS and the engines go.
  app.addHook('onClose', async () => {
    await stopJobs?.();
    await live?.stop();
    await runner?.drain();
    await engines.tts.close();
    deps.workDir.remove();
  });
  return app;
}

/** The speech worker as `worker.ts` starts it and tests build it. */
export const speechWorkerService: ServiceDefinition<SpeechConfig, SpeechWorkerDeps> = {
  name: WORKER_NAME,
  envSchema: speechEnvSchema,
  async openDeps(config, overrides = {}) {
    const workDir = overrides.workDir ?? openWorkDir(config.SPEECH_TMP_DIR);
    return {
      clock: () => new Date(),
      workerName: `${hostname()}:${process.pid}`,
      ...overrides,
      workDir,
      storage: overrides.storage ?? NO_STORAGE,
      nats: overrides.nats ?? NatsLink.forService(config, SERVICE_NAME),
      engines: overrides.engines ?? createSpeechEngines(config, workDir.path),
    };
  },
  buildApp: buildSpeechWorkerApp,
};
