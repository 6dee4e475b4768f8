/**
 * Plans benchmark (issue 21): what monthly metering adds to a transcription request. The
 * reference, from the same run: `POST /api/transcribe` of a short WAV through the speech front
 * with its SQLite ledger, a speech worker (ffmpeg, pocketsphinx) and conversations' reply, all
 * real (the speech test kit's world; auth's answer is its stand-in, already asked before metering
 * existed). The metering itself is what the request adds: admitting the recording (a hold in one
 * IMMEDIATE transaction) and counting it (the ledger row, its outbox event, the hold dropped),
 * timed on the same front's ledger file holding a month of other people's recordings.
 * Budget (DESIGN.md): under 1 ms at p50.
 *
 *   node --import tsx bench/plans.bench.ts
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { calendarMonthOf } from '@story/proto';
import { MonthlyUsageService } from '../services/speech/src/usage/monthly-usage.service.ts';
import { TEXT_USER, startSpeechWorld, transcribeForm } from '../services/speech/test/speech-test-kit.ts';
import { timing, type Timing } from './latency-figures.ts';

const METERING_BUDGET_MS = 1;
const REQUESTS = 15;
const METERINGS = 2000;
/** Other people's recordings already in the ledger this month. */
const BACKGROUND_ROWS = 20_000;

export interface PlansFigures {
  request: Timing;
  metering: Timing;
  ratioP50: number;
}

export async function runPlansBench(): Promise<PlansFigures> {
  const world = await startSpeechWorld();
  try {
    const { front } = world;
    const ledger = front.deps.storage.usage;
    const period = calendarMonthOf(new Date()).key;
    const background = (i: number) => ({ userId: 1000 + (i % 500), recordingId: `bg-${i}`, audioSha256: `sha-of-bg-${i}`, seconds: 30 });
    for (let i = 0; i < BACKGROUND_ROWS; i++) await ledger.record({ ...background(i), period, at: new Date(), sameSince: new Date(0) });

    const wav = readFileSync(world.recordings.wav);
    const requestSamples: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const form = transcribeForm({ name: 'answer.wav', bytes: wav }, { conversationHistory: '[]', recordingId: `bench-request-${i}` });
      const headers = { ...(await front.as(TEXT_USER)), 'content-type': form.contentType };
      const started = performance.now();
      const response = await front.app.inject({ method: 'POST', url: '/api/transcribe', headers, payload: form.body });
      requestSamples.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`transcribe answered ${response.statusCode}: ${response.body}`);
    }

    const usage = new MonthlyUsageService({
      ledger,
      clock: () => new Date(),
      onRecorded: () => undefined,
      log: pino({ level: 'silent' }),
      holdMarginSeconds: 60,
    });
    const plan = { monthlyMinutes: 100_000, timeLimit: 300 };
    const meteringSamples: number[] = [];
    for (let i = 0; i < METERINGS; i++) {
      const recordingId = `bench-meter-${i}`;
      const started = performance.now();
      await usage.admit(TEXT_USER + 1, recordingId, plan, `sha-of-${recordingId}`);
      await usage.count(TEXT_USER + 1, recordingId, 8.5, `sha-of-${recordingId}`);
      meteringSamples.push(performance.now() - started);
    }

    const request = timing(requestSamples, 1);
    const metering = timing(meteringSamples, 3);
    const ratioP50 = Math.round((metering.p50 / request.p50) * 100_000) / 100_000;
    process.stdout.write(
      [
        `transcription request (8.5 s WAV, worker + reply), reference: p50 ${request.p50} ms, p99 ${request.p99} ms (${REQUESTS} requests)`,
        `metering (admit + count on a ledger of ${BACKGROUND_ROWS} rows): p50 ${metering.p50} ms, p99 ${metering.p99} ms (${METERINGS} recordings)`,
        `metering / request at p50: ${ratioP50} (${(ratioP50 * 100).toFixed(3)} % of the request)`,
        `budget: metering under ${METERING_BUDGET_MS} ms at p50: ${metering.p50 < METERING_BUDGET_MS ? 'met' : 'MISSED'}`,
        '',
      ].join('\n'),
    );
    return { request, metering, ratioP50 };
  } finally {
    await world.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runPlansBench();
