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
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { transcribeResponseSchema } from '@story/proto';
import { TEST_USERS, VOICE_USER, transcribeForm } from '../services/speech/test/speech-test-kit.ts';
import { live, median, record, stageMeans, startVoiceStack, type LiveRun } from './live-voice.ts';

const STOP_TO_AUDIO_BUDGET_MS = 1500;
const UPLOAD_BUDGET_RATIO = 0.5;

/** About 10 s and about 60 s of an answer, spoken by flite's `rms` voice (not the replies' voice). */
export const SHORT_ANSWER =
  'Last year I led the migration of our checkout database. We finished two weeks early, the error rate dropped by eighty percent, and nobody was woken at night.';
export const LONG_ANSWER = [
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

export interface SpeechBenchResult {
  stopToAudio: StopToAudio[];
  upload: { audioSeconds: number; turnMs: number; ratio: number };
  throughput: { jobs: number; audioSeconds: number; oneWorkerPerMinute: number; twoWorkersPerMinute: number; scaling: number };
  withinBudget: boolean;
}

export async function runSpeechBench(log: (line: string) => void = console.log): Promise<SpeechBenchResult> {
  // Eight people for the throughput burst: one person may have only a couple of turns in flight.
  const crowd = Array.from({ length: 8 }, (_, i) => 101 + i);
  const stack = await startVoiceStack(
    'speech-bench-',
    new Map([...TEST_USERS, ...crowd.map((userId) => [userId, { timeLimit: 300, responseType: 'text' as const }] as const)]),
  );
  const { dir, base, headersOf } = stack;

  try {
    const short = record(dir, 'short', SHORT_ANSWER);
    const long = record(dir, 'long', LONG_ANSWER);
    await stack.startWorker();

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

    const speak = (webm: string, seconds: number, streamed: boolean) => live(stack, webm, seconds, streamed, { conversationHistory: [] });

    await upload(VOICE_USER, short.mp3); // warm-up: every engine loaded once
    const stopToAudio: StopToAudio[] = [];
    for (const [recording, runs] of [
      [short, 3],
      [long, 3],
    ] as const) {
      const streamed: LiveRun[] = [];
      const stagesBefore = await stack.stageTotals('live');
      for (let run = 0; run < runs; run++) streamed.push(await speak(recording.webm, recording.seconds, true));
      const timeline = stageMeans(stagesBefore, await stack.stageTotals('live'));
      const oneMp3Ms = (await speak(recording.webm, recording.seconds, false)).firstMs;
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
          `References: the same recording answered with one MP3 ${ms(oneMp3Ms)} ms (${(oneMp3Ms / median(liveMs)).toFixed(1)}x), sent whole after Stop ${ms(wholeMs)} ms (${(wholeMs / median(liveMs)).toFixed(1)}x)\n` +
          `  timeline after Stop, mean ms of the live runs (worker, then front; "recognised" holds the worker's): ${timeline}; first audio in hand ${ms(median(liveMs))}`,
      );
    }

    const wholeBefore = await stack.stageTotals('whole');
    const uploaded = await upload(VOICE_USER, long.mp3);
    const ratio = uploaded.ms / 1000 / long.seconds;
    log(
      `upload of a ${long.seconds.toFixed(1)} s MP3, whole turn with spoken reply: ${uploaded.ms.toFixed(0)} ms = ${ratio.toFixed(2)}x its length (budget ${UPLOAD_BUDGET_RATIO}x)\n` +
        `  timeline, ms: ${stageMeans(wholeBefore, await stack.stageTotals('whole'))}`,
    );

    const jobs = crowd.length;
    const burst = async () => {
      const started = performance.now();
      await Promise.all(crowd.map((userId) => upload(userId, short.mp3)));
      return (jobs / (performance.now() - started)) * 60_000;
    };
    const oneWorkerPerMinute = await burst();
    await stack.startWorker();
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
    await stack.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runSpeechBench();
  process.exit(result.withinBudget ? 0 : 1);
}
