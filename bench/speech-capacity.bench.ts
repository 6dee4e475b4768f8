/**
 * Speech capacity (issue 25, 6): what one speech worker costs and how throughput grows with more.
 * A run of uploads (one each from many people, a whole voice turn: transcript, reply, spoken
 * reply; four in flight per worker) is answered by 1, then 2, then 4 workers (their own processes, as under `make run`), and
 * the workers' CPU time (their own and their engines' child processes: ffmpeg, pocketsphinx,
 * festival, lame) is read from /proc around each burst. Figures: turns a minute and its ratio
 * against one worker in the same run; CPU seconds per minute of audio, per engine: offline, and
 * OpenAI's (the loopback server at OpenAI's HTTP boundary answering the real client at once, so
 * what is left is the worker's own share: decoding, converting, sending). The speech front and
 * conversations run in this process; their CPU per minute of audio is given too.
 *
 *   node --import tsx bench/speech-capacity.bench.ts
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { transcribeResponseSchema } from '@story/proto';
import { OpenAiLoopback } from '@story/testing/service-under-test';
import { transcribeForm } from '../services/speech/test/speech-test-kit.ts';
import type { WorkerProcess } from '../services/speech/test/worker-process.ts';
import { record, startVoiceStack } from './live-voice.ts';

const ANSWER =
  'Last year I led the migration of our checkout database. We finished two weeks early, the error rate dropped by eighty percent, and nobody was woken at night.';
/** Ticks of /proc's CPU times per second (`getconf CLK_TCK`: 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU seconds a process and its reaped children have used (utime, stime, cutime, cstime). */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, so utime..cstime (fields 14-17) are at 11..14 here.
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / CLOCK_TICKS;
}

export interface BurstFigures {
  workers: number;
  engine: 'offline' | 'openai';
  turnsPerMinute: number;
  audioMinutes: number;
  /** Workers' CPU seconds (with their engines' processes) per minute of audio. */
  workerCpuPerAudioMinute: number;
  /** The front's and conversations' CPU seconds (this process) per minute of audio. */
  frontCpuPerAudioMinute: number;
}

export interface SpeechCapacityResult {
  audioSeconds: number;
  bursts: BurstFigures[];
  /** Turns a minute with 2 and 4 workers over 1 worker, offline engines. */
  scaling: { two: number; four: number };
}

function openAiAudio(mp3: Buffer): OpenAiLoopback {
  return new OpenAiLoopback((call) => {
    if (call.path === '/v1/audio/speech') return { bytes: mp3, contentType: 'audio/mpeg' };
    if (call.path === '/v1/audio/transcriptions') return { json: { text: ANSWER } };
    return { status: 404, json: { error: { message: 'not found' } } };
  });
}

export async function runSpeechCapacityBench(log: (line: string) => void = console.log, people = 16): Promise<SpeechCapacityResult> {
  const crowd = Array.from({ length: people }, (_, i) => 201 + i);
  const users = new Map(crowd.map((userId) => [userId, { timeLimit: 300, responseType: 'text_and_voice' as const }] as const));
  const stack = await startVoiceStack('speech-capacity-', users);
  const loopback = openAiAudio(readFileSync(record(stack.dir, 'reply', 'Thank you. What did you learn from it?').mp3));
  const openAiUrl = await loopback.start();
  try {
    const answer = record(stack.dir, 'answer', ANSWER);
    const bytes = readFileSync(answer.mp3);
    const upload = async (userId: number) => {
      const form = transcribeForm({ name: 'answer.mp3', bytes }, { conversationHistory: '[]' });
      const response = await fetch(`${stack.base}/api/transcribe`, {
        method: 'POST',
        headers: { ...(await stack.headersOf(userId)), 'content-type': form.contentType },
        body: new Uint8Array(form.body),
      });
      if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
      const turn = transcribeResponseSchema.parse(await response.json());
      if (!turn.transcript.trim() || !turn.audioResponse) throw new Error('a turn came back without a transcript or its spoken reply');
    };

    const burst = async (workers: WorkerProcess[], engine: BurstFigures['engine']): Promise<BurstFigures> => {
      await upload(crowd[0] ?? 201); // warm-up: every worker has loaded its engines once this burst
      const cpuBefore = workers.map((worker) => cpuSecondsOf(worker.pid));
      const frontBefore = process.cpuUsage();
      const started = performance.now();
      // Closed loop: four uploads in flight per worker keep it busy (a turn is a transcription job and a
      // reply-speaking job, with the reply written between them) without one waiting
      // past the front's deadline (an open burst of 16 on one worker is refused as busy).
      const waiting = [...crowd];
      const client = async () => {
        for (let userId = waiting.shift(); userId !== undefined; userId = waiting.shift()) await upload(userId);
      };
      await Promise.all(Array.from({ length: Math.min(crowd.length, 4 * workers.length) }, client));
      const minutes = (performance.now() - started) / 60_000;
      const workerCpu = workers.reduce((sum, worker, index) => sum + cpuSecondsOf(worker.pid) - (cpuBefore[index] ?? 0), 0);
      const front = process.cpuUsage(frontBefore);
      const audioMinutes = (people * answer.seconds) / 60;
      const figures = {
        workers: workers.length,
        engine,
        turnsPerMinute: people / minutes,
        audioMinutes,
        workerCpuPerAudioMinute: workerCpu / audioMinutes,
        frontCpuPerAudioMinute: (front.user + front.system) / 1e6 / audioMinutes,
      };
      log(
        `${engine}, ${figures.workers} worker(s), ${people} uploads of ${answer.seconds.toFixed(1)} s, ${4 * workers.length} at a time: ${figures.turnsPerMinute.toFixed(1)} turns/min; ` +
          `workers' CPU ${figures.workerCpuPerAudioMinute.toFixed(1)} s per minute of audio, front and conversations ${figures.frontCpuPerAudioMinute.toFixed(2)} s`,
      );
      return figures;
    };

    const bursts: BurstFigures[] = [];
    const offline = [await stack.startWorker()];
    bursts.push(await burst(offline, 'offline'));
    offline.push(await stack.startWorker());
    bursts.push(await burst(offline, 'offline'));
    offline.push(await stack.startWorker(), await stack.startWorker());
    bursts.push(await burst(offline, 'offline'));
    await stack.stopWorkers();
    const openAi = { SPEECH_STT_ENGINE: 'openai', SPEECH_TTS_ENGINE: 'openai', OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: openAiUrl };
    bursts.push(await burst([await stack.startWorker(openAi)], 'openai'));

    const [one, two, four] = bursts.map((figures) => figures.turnsPerMinute);
    const scaling = { two: (two ?? 0) / (one ?? 1), four: (four ?? 0) / (one ?? 1) };
    log(`offline throughput against one worker: 2 workers ${scaling.two.toFixed(2)}x, 4 workers ${scaling.four.toFixed(2)}x (this machine has 2 cores)`);
    return { audioSeconds: answer.seconds, bursts, scaling };
  } finally {
    await loopback.stop();
    await stack.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runSpeechCapacityBench();
  process.exit(0);
}
