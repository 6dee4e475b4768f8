/**
 * Speech benchmark (offline engines, this machine): (1) from Stop to the reply's audio, for a 10 s
 * and a 60 s answer recorded live (webm/opus chunks sent once a second as the recorder makes them,
 * recognised as they arrive; the reply spoken a piece at a time and streamed, as the web app asks,
 * and whether a piece ever comes later than the pieces before it take to play); (2) the whole turn of an uploaded file, as a multiple of its length;
 * (3) throughput of transcription jobs with one speech worker and with two. Each figure has its
 * reference from the same run: the live wait against the wait for the same recording sent whole
 * after Stop, and two workers against one.
 *
 * The speech front and conversations run in this process on real ports; the workers are their own
 * processes, as under `make run`; auth's settings answer is a stand-in. Requests skip the gateway
 * (it adds well under a millisecond: see the gateway bench). Budgets (DESIGN.md): Stop to reply
 * audio under 1.5 s for both answers; an upload's turn under 0.5x its length; near-linear scaling.
 *
 *   node --import tsx bench/speech.bench.ts
 */
import { convertAudio } from '@story/service-kit/test-audio';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { connect } from '@nats-io/transport-node';
import {
  IDENTITY_HEADER,
  REPLY_STREAM_CONTENT_TYPE,
  replyStreamLineSchema,
  streamedTurnSchema,
  transcribeResponseSchema,
  voiceSessionResponseSchema,
} from '@story/proto';
import { closeServiceDeps, generateSigningKeyPair, importPrivateKey, signIdentity } from '@story/service-kit';
import { tempDataDir } from '@story/service-kit/testing';
import { startNatsServer } from '../infra/src/nats-server.ts';
import { conversationsService } from '../services/conversations/src/app.ts';
import { speechService } from '../services/speech/src/app.ts';
import { TEST_USERS, VOICE_USER, answerUserSettings, transcribeForm } from '../services/speech/test/speech-test-kit.ts';
import { startWorkerProcess, type WorkerProcess } from '../services/speech/test/worker-process.ts';

const STOP_TO_AUDIO_BUDGET_MS = 1500;
const UPLOAD_BUDGET_RATIO = 0.5;

/** About 10 s and about 60 s of an answer, spoken by flite's `rms` voice (not the replies' voice). */
const SHORT_ANSWER =
  'Last year I led the migration of our checkout database. We finished two weeks early, the error rate dropped by eighty percent, and nobody was woken at night.';
const LONG_ANSWER = [
  'Last year I led the migration of our checkout database to a new system.',
  'The old one was fragile, and nobody wanted to touch it.',
  'I started by mapping every table and talking to the people who used it every day.',
  'We moved the data in small steps over six weeks, and we kept both systems running side by side.',
  'Every night we compared the numbers, and every morning I told the team what we had found.',
  'Twice we found a problem, and twice we fixed it before any customer noticed.',
  'We finished two weeks early, and the error rate dropped by eighty percent.',
  'My manager asked me to present the work to the whole company.',
  'Before that I worked in customer support for three years, where I learned how people really use our product.',
  'That experience helped me write better tests and explain technical changes to people outside engineering.',
  'In the end the project became a model for other teams, and I was promoted to lead a group of five engineers.',
].join(' ');

export interface StopToAudio {
  answerSeconds: number;
  /** Milliseconds from Stop to the first piece of the reply's MP3 in hand, live and streamed (each run): when it starts playing. */
  liveMs: number[];
  /** Milliseconds from Stop to the last piece in hand (median of the runs). */
  lastMs: number;
  /** The longest a later piece came after the pieces before it had played (0: the speech never stops to wait). */
  stallMs: number;
  /** How many pieces the reply was spoken in. */
  pieces: number;
  /** A reference: the same live recording answered with one MP3 (not streamed). */
  oneMp3Ms: number;
  /** A reference: the same recording sent whole after Stop (`POST /api/transcribe`). */
  wholeMs: number;
}

interface LiveRun {
  firstMs: number;
  lastMs: number;
  stallMs: number;
  pieces: number;
}

export interface SpeechBenchResult {
  stopToAudio: StopToAudio[];
  upload: { audioSeconds: number; turnMs: number; ratio: number };
  throughput: { jobs: number; audioSeconds: number; oneWorkerPerMinute: number; twoWorkersPerMinute: number; scaling: number };
  withinBudget: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The length of an audio file in seconds (ffprobe). */
function durationOf(path: string): number {
  return Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]).toString().trim());
}

/** A recording of `text` as the browser's recorder makes it (webm/opus, 128 kbit/s) and as a file someone uploads (MP3). */
function record(dir: string, name: string, text: string): { webm: string; mp3: string; seconds: number } {
  const wav = join(dir, `${name}.wav`);
  execFileSync('flite', ['-voice', 'rms', '-t', text, '-o', wav]);
  const webm = join(dir, `${name}.webm`);
  const mp3 = join(dir, `${name}.mp3`);
  convertAudio(wav, webm, ['-c:a', 'libopus', '-b:a', '128k']);
  execFileSync('lame', ['--silent', wav, mp3]);
  return { webm, mp3, seconds: durationOf(webm) };
}

export async function runSpeechBench(log: (line: string) => void = console.log): Promise<SpeechBenchResult> {
  const dir = tempDataDir('speech-bench-');
  const nats = await startNatsServer({ storeDir: join(dir, 'nats') });
  const nc = await connect({ servers: nats.url });
  // Eight people for the throughput burst: one person may have only a couple of turns in flight.
  const crowd = Array.from({ length: 8 }, (_, i) => 101 + i);
  answerUserSettings(nc, new Map([...TEST_USERS, ...crowd.map((userId) => [userId, { timeLimit: 300, responseType: 'text' as const }] as const)]));
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
  const headersOf = async (userId: number) => ({ [IDENTITY_HEADER]: await signIdentity({ userId, isAdmin: false, sessionId: `bench-${userId}` }, gatewayKey) });

  const workers: WorkerProcess[] = [];
  try {
    const short = record(dir, 'short', SHORT_ANSWER);
    const long = record(dir, 'long', LONG_ANSWER);
    workers.push(await startWorkerProcess(nats.url, { SPEECH_TMP_DIR: join(dir, 'tmp') }));

    /** `POST /api/transcribe` of a file; its answer and how long it took. */
    const upload = async (userId: number, path: string) => {
      const form = transcribeForm({ name: path.split('/').at(-1) ?? 'audio', bytes: readFileSync(path) }, { conversationHistory: '[]' });
      const started = performance.now();
      const response = await fetch(`${base}/api/transcribe`, {
        method: 'POST',
        headers: { ...(await headersOf(userId)), 'content-type': form.contentType },
        body: new Uint8Array(form.body),
      });
      if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
      const answer = transcribeResponseSchema.parse(await response.json());
      return { ms: performance.now() - started, answer };
    };

    /**
     * Records `webm` live: a chunk a second as the recorder makes it, then Stop. Streamed (as the web
     * app asks): milliseconds from Stop to the first piece of the reply's MP3, to the last piece, and
     * the longest a later piece came after the pieces before it had finished playing. Not streamed:
     * milliseconds from Stop to the reply's one MP3.
     */
    const live = async (webm: string, seconds: number, streamed: boolean): Promise<LiveRun> => {
      const headers = await headersOf(VOICE_USER);
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
        body: JSON.stringify({ chunkCount: chunks, conversationHistory: [] }),
      });
      if (!finished.ok || !finished.body) throw new Error(`finish answered ${finished.status}: ${await finished.text()}`);
      if (!streamed) {
        if (!transcribeResponseSchema.parse(await finished.json()).audioResponse) throw new Error('the reply came without audio');
        const ms = performance.now() - stop;
        return { firstMs: ms, lastMs: ms, stallMs: 0, pieces: 1 };
      }
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
            if (!streamedTurnSchema.parse(JSON.parse(line)).audioResponse) throw new Error('the reply came without audio');
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
      return { firstMs: firstAt - stop, lastMs: lastAt - stop, stallMs, pieces };
    };

    await upload(VOICE_USER, short.mp3); // warm-up: every engine loaded once
    const stopToAudio: StopToAudio[] = [];
    for (const [recording, runs] of [
      [short, 3],
      [long, 3],
    ] as const) {
      const streamed: LiveRun[] = [];
      for (let run = 0; run < runs; run++) streamed.push(await live(recording.webm, recording.seconds, true));
      const oneMp3Ms = (await live(recording.webm, recording.seconds, false)).firstMs;
      const wholeMs = (await upload(VOICE_USER, recording.webm)).ms;
      const liveMs = streamed.map((run) => run.firstMs);
      const lastMs = median(streamed.map((run) => run.lastMs));
      const stallMs = Math.max(...streamed.map((run) => run.stallMs));
      const pieces = streamed[0]?.pieces ?? 0;
      stopToAudio.push({ answerSeconds: recording.seconds, liveMs, lastMs, stallMs, pieces, oneMp3Ms, wholeMs });
      const ms = (value: number) => value.toFixed(0);
      log(
        `Stop to reply audio, ${recording.seconds.toFixed(1)} s answer: live ${liveMs.map(ms).join(', ')} ms (median ${ms(median(liveMs))}; budget ${STOP_TO_AUDIO_BUDGET_MS}); ` +
          `reply in ${pieces} pieces, the last in hand after ${ms(lastMs)} ms, a piece late by at most ${ms(stallMs)} ms. ` +
          `References: the same recording answered with one MP3 ${ms(oneMp3Ms)} ms (${(oneMp3Ms / median(liveMs)).toFixed(1)}x), sent whole after Stop ${ms(wholeMs)} ms (${(wholeMs / median(liveMs)).toFixed(1)}x)`,
      );
    }

    const uploaded = await upload(VOICE_USER, long.mp3);
    const ratio = uploaded.ms / 1000 / long.seconds;
    log(
      `upload of a ${long.seconds.toFixed(1)} s MP3, whole turn with spoken reply: ${uploaded.ms.toFixed(0)} ms = ${ratio.toFixed(2)}x its length (budget ${UPLOAD_BUDGET_RATIO}x)`,
    );

    const jobs = crowd.length;
    const burst = async () => {
      const started = performance.now();
      await Promise.all(crowd.map((userId) => upload(userId, short.mp3)));
      return (jobs / (performance.now() - started)) * 60_000;
    };
    const oneWorkerPerMinute = await burst();
    workers.push(await startWorkerProcess(nats.url, { SPEECH_TMP_DIR: join(dir, 'tmp') }));
    const twoWorkersPerMinute = await burst();
    const scaling = twoWorkersPerMinute / oneWorkerPerMinute;
    log(
      `throughput, ${jobs} uploads of ${short.seconds.toFixed(1)} s at once: one worker ${oneWorkerPerMinute.toFixed(1)} turns/min, two workers ${twoWorkersPerMinute.toFixed(1)} turns/min (${scaling.toFixed(2)}x)`,
    );

    const withinBudget = stopToAudio.every((figure) => median(figure.liveMs) < STOP_TO_AUDIO_BUDGET_MS && figure.stallMs <= 0) && ratio < UPLOAD_BUDGET_RATIO;
    return {
      stopToAudio,
      upload: { audioSeconds: long.seconds, turnMs: uploaded.ms, ratio },
      throughput: { jobs, audioSeconds: short.seconds, oneWorkerPerMinute, twoWorkersPerMinute, scaling },
      withinBudget,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.kill()));
    await front.close();
    await closeServiceDeps(frontDeps);
    await conversations.close();
    await closeServiceDeps(conversationsDeps);
    await nc.close();
    await nats.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runSpeechBench();
  process.exit(result.withinBudget ? 0 : 1);
}
