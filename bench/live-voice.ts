/**
 * What the voice benches share: the speech front and conversations in this process over a real
 * nats-server (auth's settings answer a stand-in, the workers their own processes, as under
 * `make run`), recordings made with flite, and a live recording with its wait from Stop to the
 * reply's audio: the measure of the speech bench's budget, whatever the finish asks for.
 */
import { convertAudio } from '@story/testing/test-audio';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  IDENTITY_HEADER,
  REPLY_STREAM_CONTENT_TYPE,
  replyStreamLineSchema,
  streamedTurnSchema,
  transcribeResponseSchema,
  voiceSessionResponseSchema,
  type FinishVoiceSessionRequest,
  type StreamedTurn,
} from '@story/proto';
import { closeServiceDeps, generateSigningKeyPair, importPrivateKey, signIdentity } from '@story/service-kit';
import { voiceTurnStageDuration } from '@story/service-kit/telemetry/metrics';
import { tempDataDir } from '@story/testing/service-under-test';
import { startNatsServer } from '@story/testing/nats';
import { conversationsService } from '../services/conversations/src/app.ts';
import { speechService } from '../services/speech/src/app.ts';
import { VOICE_USER, answerUserSettings, type UserVoiceSettings } from '../services/speech/test/speech-test-kit.ts';
import { startWorkerProcess, type WorkerProcess } from '../services/speech/test/worker-process.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The length of an audio file in seconds (ffprobe). */
function durationOf(path: string): number {
  return Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]).toString().trim());
}

/** A recording of `text` as the browser's recorder makes it (webm/opus, 128 kbit/s) and as a file someone uploads (MP3). */
export function record(dir: string, name: string, text: string): { webm: string; mp3: string; seconds: number } {
  const wav = join(dir, `${name}.wav`);
  execFileSync('flite', ['-voice', 'rms', '-t', text, '-o', wav]);
  const webm = join(dir, `${name}.webm`);
  const mp3 = join(dir, `${name}.mp3`);
  convertAudio(wav, webm, ['-c:a', 'libopus', '-b:a', '128k']);
  execFileSync('lame', ['--silent', wav, mp3]);
  return { webm, mp3, seconds: durationOf(webm) };
}

/** The speech front and conversations running, with NATS: where to reach them, as whom, and how to stop them. */
export interface VoiceStack {
  /** The data folder (each service's files, the recordings). */
  dir: string;
  /** The bench's own NATS connection (it answers auth's `auth.user.settings`). */
  nc: NatsConnection;
  /** What the services were configured with: more services of the bench start with the same. */
  env: Record<string, string>;
  /** The speech front's address. */
  base: string;
  /** A user's identity, signed as the gateway forwards it. */
  headersOf(userId: number): Promise<Record<string, string>>;
  /** One more speech worker, its own process (`env` on top of the stack's: another engine). */
  startWorker(env?: Record<string, string>): Promise<WorkerProcess>;
  /** Stops every worker started so far (SIGKILL). */
  stopWorkers(): Promise<void>;
  /** Each stage of the turns' timeline so far (`story_voice_turn_stage_seconds` of `kind`): the front's and every worker's, summed. */
  stageTotals(kind: 'live' | 'whole'): Promise<StageTotals>;
  /** Stops the workers, the services and NATS. */
  close(): Promise<void>;
}

/** Starts NATS, conversations and the speech front (no worker yet); `users` are the settings auth's stand-in answers. */
export async function startVoiceStack(name: string, users: ReadonlyMap<number, UserVoiceSettings>): Promise<VoiceStack> {
  const dir = tempDataDir(name);
  const nats = await startNatsServer({ storeDir: join(dir, 'nats') });
  const nc = await connect({ servers: nats.url });
  answerUserSettings(nc, users);
  const keys = generateSigningKeyPair();
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dir, NATS_URL: nats.url, IDENTITY_PUBLIC_KEY: keys.publicKey, SPEECH_TMP_DIR: join(dir, 'tmp') };

  const conversationsConfig = conversationsService.envSchema.parse(env);
  const conversationsDeps = await conversationsService.openDeps(conversationsConfig, { logger: false, runPurgeJob: false });
  const conversations = await conversationsService.buildApp(conversationsConfig, conversationsDeps);
  await conversations.ready();
  const frontConfig = speechService.envSchema.parse(env);
  const frontDeps = await speechService.openDeps(frontConfig, { logger: false });
  const front = await speechService.buildApp(frontConfig, frontDeps);
  await front.listen({ host: '127.0.0.1', port: 0 });
  await Promise.all([conversationsDeps.nats.ready(), frontDeps.nats.ready()]);
  const address = front.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const gatewayKey = await importPrivateKey(keys.privateKey);

  const workers: WorkerProcess[] = [];
  return {
    dir,
    nc,
    env,
    base,
    headersOf: async (userId) => ({ [IDENTITY_HEADER]: await signIdentity({ userId, isAdmin: false, sessionId: `bench-${userId}` }, gatewayKey) }),
    startWorker: async (extra = {}) => {
      const worker = await startWorkerProcess(nats.url, { SPEECH_TMP_DIR: join(dir, 'tmp'), ...extra });
      workers.push(worker);
      return worker;
    },
    stopWorkers: async () => {
      await Promise.all(workers.splice(0).map((worker) => worker.kill()));
    },
    stageTotals: async (kind) => {
      const totals: StageTotals = new Map();
      const add = (stage: string, field: 'count' | 'sum', value: number) => {
        const total = totals.get(stage) ?? { count: 0, sum: 0 };
        total[field] += value;
        totals.set(stage, total);
      };
      // The front runs in this process: its registry; each worker is its own process: its /metrics.
      const { values } = await voiceTurnStageDuration.get();
      for (const value of values) {
        const field = (value as { metricName?: string }).metricName?.endsWith('_count')
          ? 'count'
          : (value as { metricName?: string }).metricName?.endsWith('_sum')
            ? 'sum'
            : undefined;
        if (field && value.labels.kind === kind) add(String(value.labels.stage), field, value.value);
      }
      for (const worker of workers) {
        const text = await fetch(`${worker.url}/metrics`).then((response) => response.text());
        for (const match of text.matchAll(/^story_voice_turn_stage_seconds_(sum|count)\{([^}]*)\} (\S+)$/gm)) {
          const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((label) => [label[1], label[2]]));
          if (labels.kind === kind) add(labels.stage ?? '', match[1] === 'count' ? 'count' : 'sum', Number(match[3]));
        }
      }
      return totals;
    },
    close: async () => {
      await Promise.all(workers.map((worker) => worker.kill()));
      await front.close();
      await closeServiceDeps(frontDeps);
      await conversations.close();
      await closeServiceDeps(conversationsDeps);
      await nc.close();
      await nats.stop();
    },
  };
}

/** How many times each stage of the turn timeline was timed, and its seconds in all. */
export type StageTotals = Map<string, { count: number; sum: number }>;

/** The order the stages come in: the front's preparing, the worker's (what was left at Stop), then the front's. */
export const TIMELINE_STAGES = [
  'prepared',
  'chunks-in',
  'decode-backlog',
  'sphinx-tail',
  'moonshine-tail',
  'merge',
  'recognised',
  'counted',
  'replied',
  'first-speech',
  'speech',
  'kept',
];

/** Each stage's mean milliseconds between two readings of `stageTotals`, in timeline order ("recognised" holds the worker's stages). */
export function stageMeans(before: StageTotals, after: StageTotals): string {
  return TIMELINE_STAGES.flatMap((stage) => {
    const count = (after.get(stage)?.count ?? 0) - (before.get(stage)?.count ?? 0);
    if (count <= 0) return [];
    const seconds = (after.get(stage)?.sum ?? 0) - (before.get(stage)?.sum ?? 0);
    return [`${stage} ${((seconds / count) * 1000).toFixed(0)}`];
  }).join(', ');
}

/** One live answer's wait, counted from Stop. */
export interface LiveRun {
  /** Milliseconds to the first piece of the reply's MP3 in hand: when it starts playing. */
  firstMs: number;
  /** Milliseconds to the last piece in hand. */
  lastMs: number;
  /** The longest a later piece came after the pieces before it had played (0: the speech never stops to wait). */
  stallMs: number;
  /** How many pieces the reply was spoken in. */
  pieces: number;
  /** The reply's words (its first line, when streamed). */
  aiResponse: string;
}

/** What the finish asks besides the chunk count: the turn's history and what it answers (a practice turn, a mock interview's question). */
export type FinishBody = Omit<FinishVoiceSessionRequest, 'chunkCount'>;

/**
 * Records `webm` live as VOICE_USER: a chunk a second as the recorder makes it, then Stop, then the
 * finish with `finish`. Streamed (as the web app asks): milliseconds from Stop to the first piece of
 * the reply's MP3, to the last piece, and the longest a later piece came after the pieces before it
 * had finished playing. Not streamed: milliseconds from Stop to the reply's one MP3.
 */
export async function live(stack: VoiceStack, webm: string, seconds: number, streamed: boolean, finish: FinishBody): Promise<LiveRun> {
  const { base } = stack;
  const headers = await stack.headersOf(VOICE_USER);
  const opened = await fetch(`${base}/api/transcribe/sessions`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ mimeType: 'audio/webm;codecs=opus' }),
  });
  const { sessionId } = voiceSessionResponseSchema.parse(await opened.json());
  const bytes = readFileSync(webm);
  const chunks = Math.ceil(seconds);
  const perSecond = bytes.length / seconds;
  const started = performance.now();
  let sending = Promise.resolve();
  for (let seq = 0; seq < chunks; seq++) {
    // Chunk `seq` holds second `seq` of the recording: it exists once that second has been spoken.
    await sleep(Math.max(0, started + Math.min(seq + 1, seconds) * 1000 - performance.now()));
    const body = bytes.subarray(Math.floor(seq * perSecond), seq === chunks - 1 ? bytes.length : Math.floor((seq + 1) * perSecond));
    sending = sending.then(async () => {
      const sent = await fetch(`${base}/api/transcribe/sessions/${sessionId}/chunks?seq=${seq}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        body,
      });
      if (!sent.ok) throw new Error(`chunk ${seq} answered ${sent.status}: ${await sent.text()}`);
    });
  }
  const stop = performance.now();
  await sending;
  const accept = streamed ? `${REPLY_STREAM_CONTENT_TYPE}, application/json` : 'application/json';
  const finished = await fetch(`${base}/api/transcribe/sessions/${sessionId}/finish`, {
    method: 'POST',
    headers: { ...headers, accept, 'content-type': 'application/json' },
    body: JSON.stringify({ chunkCount: chunks, ...finish }),
  });
  if (!finished.ok || !finished.body) throw new Error(`finish answered ${finished.status}: ${await finished.text()}`);
  if (!streamed) {
    const reply = transcribeResponseSchema.parse(await finished.json());
    if (!reply.audioResponse) throw new Error('the reply came without audio');
    const ms = performance.now() - stop;
    return { firstMs: ms, lastMs: ms, stallMs: 0, pieces: 1, aiResponse: reply.aiResponse };
  }
  let turn: StreamedTurn | undefined;
  let firstAt = 0;
  let lastAt = 0;
  let stallMs = 0;
  let pieces = 0;
  let pending = '';
  const decoder = new TextDecoder();
  const reader = finished.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    pending += decoder.decode(read.value, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      const now = performance.now();
      if (pieces === 0) {
        turn = streamedTurnSchema.parse(JSON.parse(line));
        if (!turn.audioResponse) throw new Error('the reply came without audio');
        firstAt = now;
      } else {
        const parsed = replyStreamLineSchema.parse(JSON.parse(line));
        if (!('audioPart' in parsed)) throw new Error(`the reply's audio stopped: ${parsed.message}`);
        // This piece is needed once the pieces before it have played (they start as the first arrives).
        stallMs = Math.max(stallMs, now - (firstAt + parsed.audioPart.offsetSeconds * 1000));
      }
      lastAt = now;
      pieces += 1;
    }
  }
  return { firstMs: firstAt - stop, lastMs: lastAt - stop, stallMs, pieces, aiResponse: turn?.aiResponse ?? '' };
}
