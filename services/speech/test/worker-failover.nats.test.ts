import { readFileSync } from 'node:fs';
import { Objm } from '@nats-io/obj';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATS_BUCKETS, speechJobEventSchema, transcribeResponseSchema, voiceSessionResponseSchema } from '@story/proto';
import { startWorkerProcess, type WorkerProcess } from './worker-process.ts';
import { TEXT_USER, VOICE_USER, chunksOf, filesUnder, startSpeechWorld, transcribeForm, type SpeechWorld } from './speech-test-kit.ts';

const STALL_MS = 1500;
const ATTEMPTS = 3;

/**
 * Speech workers as the processes `make run` starts, killed mid-job: the job goes to another worker
 * and the person gets the answer; with no worker left, a clear error within a bounded time.
 */
describe('speech workers dying mid-job', () => {
  let world: SpeechWorld;
  const workers: WorkerProcess[] = [];
  /** Which worker process reported on a job last (from its heartbeats). */
  const reporters: string[] = [];

  beforeAll(async () => {
    world = await startSpeechWorld({ workers: 0, frontEnv: { SPEECH_JOB_STALL_MS: String(STALL_MS), SPEECH_JOB_ATTEMPTS: String(ATTEMPTS) } });
    world.nc.subscribe('speech.job.>', {
      callback: (_error, msg) => {
        const event = speechJobEventSchema.safeParse(msg.json());
        if (event.success && event.data.type === 'working') reporters.push(event.data.worker);
      },
    });
  });
  afterAll(async () => {
    for (const { child } of workers) child.kill('SIGKILL');
    await world?.close();
  });

  async function startWorker(): Promise<WorkerProcess> {
    const worker = await startWorkerProcess(world.nats.url, { SPEECH_JOB_HEARTBEAT_MS: '250', SPEECH_TMP_DIR: world.tmp });
    workers.push(worker);
    return worker;
  }

  const kill = (worker: WorkerProcess) => worker.kill();

  const upload = async (userId: number, path: string) => {
    const form = transcribeForm({ name: 'long.wav', bytes: readFileSync(path) }, { conversationHistory: '[]' });
    return world.front.app.inject({
      method: 'POST',
      url: '/api/transcribe',
      headers: { ...(await world.front.as(userId)), 'content-type': form.contentType },
      payload: form.body,
    });
  };

  /** Kills the worker that reports on the running job as soon as it does; resolves to it. */
  async function killTheOneWorking(): Promise<WorkerProcess> {
    reporters.length = 0;
    await expect.poll(() => reporters.length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
    const pid = Number(reporters[0]?.split(':').at(-1));
    const worker = workers.find((candidate) => candidate.pid === pid);
    if (!worker) throw new Error(`no worker with pid ${pid}`);
    await kill(worker);
    return worker;
  }

  it('gives the job of a killed worker to another, and the answer arrives', async () => {
    await Promise.all([startWorker(), startWorker()]);
    const response = upload(TEXT_USER, world.recordings.longWav);
    await killTheOneWorking();
    const answered = await response;
    expect(answered.statusCode, answered.body).toBe(200);
    expect(transcribeResponseSchema.parse(answered.json()).transcript).toContain('database');
    const survivor = workers.find((worker) => worker.child.exitCode === null && worker.child.signalCode === null);
    expect(reporters.some((name) => name.endsWith(`:${survivor?.pid}`))).toBe(true);
  });

  it('answers 410 for a live recording whose worker died, so the web app sends it whole', async () => {
    const survivor = workers.find((worker) => worker.child.exitCode === null && worker.child.signalCode === null);
    if (!survivor) throw new Error('no worker left');
    const headers = await world.front.as(VOICE_USER);
    const opened = await world.front.app.inject({ method: 'POST', url: '/api/transcribe/sessions', headers, payload: { mimeType: 'audio/webm' } });
    const { sessionId } = voiceSessionResponseSchema.parse(opened.json());
    const chunks = chunksOf(world.recordings.webm, 3);
    const send = (seq: number) =>
      world.front.app.inject({
        method: 'POST',
        url: `/api/transcribe/sessions/${sessionId}/chunks?seq=${seq}`,
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        payload: chunks[seq],
      });
    expect((await send(0)).statusCode).toBe(200);
    await kill(survivor);
    const lost = await send(1);
    expect(lost.statusCode).toBe(410);
    expect(lost.json()).toEqual({ message: 'This recording session has ended. Your recording will be sent as a whole instead.' });
  });

  it('says at once that no worker runs when there is none', async () => {
    const started = Date.now();
    const response = await upload(TEXT_USER, world.recordings.wav);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'The speech service is not available' });
    // No waiting out the attempts: tried on no worker, it could only answer after ATTEMPTS x STALL_MS.
    expect(Date.now() - started).toBeLessThan(ATTEMPTS * STALL_MS);
  });

  it('fails with a clear error within a bounded time when the only worker dies mid-job', async () => {
    await startWorker();
    const started = Date.now();
    const response = upload(TEXT_USER, world.recordings.longWav);
    await killTheOneWorking();
    const answered = await response;
    expect(answered.statusCode).toBe(503);
    expect(answered.json()).toEqual({ message: 'The speech service stopped while working on your recording. Please try again.' });
    expect(Date.now() - started).toBeLessThan(ATTEMPTS * STALL_MS + 15_000);
  });

  it('leaves audio in the object store to expire on its own, and no file of a killed worker behind', async () => {
    const bucket = await new Objm(world.nc).open(NATS_BUCKETS.speechAudio);
    const status = await bucket.status();
    expect(status.ttl).toBe(3600 * 1_000_000_000);
    // The next speech process on the machine removes the folders of killed ones.
    const next = await startWorker();
    expect(filesUnder(world.tmp)).toEqual([]);
    await kill(next);
  });
});
