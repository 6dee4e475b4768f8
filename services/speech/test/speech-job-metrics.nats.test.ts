import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeechJobEvent } from '@story/proto';
import { metricsRegistry, silentLog } from '@story/service-kit';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { JobRefusal, JobRunner, type JobTicket } from '../src/worker/job-runner.ts';

/** The samples of a metric whose labels include `labels` (a histogram's: its `_count` only). */
async function valueOf(name: string, labels: Record<string, string>): Promise<number> {
  const metric = metricsRegistry.getSingleMetric(name);
  if (!metric) throw new Error(`${name} is not registered`);
  const { values } = await metric.get();
  return values
    .filter((value) => {
      const metricName = (value as { metricName?: string }).metricName;
      return (
        (metricName === undefined || metricName.endsWith('_count')) && Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted)
      );
    })
    .reduce((sum, value) => sum + value.value, 0);
}

/**
 * A worker's job runner on a real nats-server reports its queue (`story_speech_queue_depth`: one
 * job running, the others waiting their turn) and each job's duration by kind, engine and outcome.
 */
describe('speech job metrics', () => {
  const dir = mkdtempSync(join(tmpdir(), 'speech-job-metrics-'));
  let nats: NatsServerHandle;
  let nc: NatsConnection;

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'js') });
    nc = await connect({ servers: nats.url });
  });
  afterAll(async () => {
    await nc.close();
    await nats.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts running and waiting jobs while they are, and times each job by its outcome', async () => {
    const runner = new JobRunner(nc, { worker: 'metrics-test', concurrency: 1, maxWaiting: 4, heartbeatMs: 1000, log: silentLog });
    const finish: (() => void)[] = [];
    const work = (outcome: 'ok' | 'refused') => () =>
      new Promise<SpeechJobEvent>((resolve, reject) => {
        finish.push(() =>
          outcome === 'ok'
            ? resolve({ type: 'transcribed', transcript: 'hello', durationSeconds: 1, wordTimings: [] })
            : reject(new JobRefusal(422, 'unreadable')),
        );
      });
    const outcomes: ('ok' | 'refused')[] = ['ok', 'refused', 'ok'];
    const subscription = nc.subscribe('test.metrics.jobs', {
      callback: (_error, msg) => {
        const index = Number(msg.string());
        const ticket: JobTicket = {
          jobId: `metrics-job-${index}`,
          userId: index + 1,
          startWithinMs: 30_000,
          kind: 'transcribe',
          engine: 'metrics-test-engine',
        };
        runner.accept(msg, ticket, work(outcomes[index] ?? 'ok'));
      },
    });
    const okBefore = await valueOf('story_speech_job_duration_seconds', { engine: 'metrics-test-engine', outcome: 'ok' });
    try {
      for (const index of [0, 1, 2]) await nc.request('test.metrics.jobs', String(index), { timeout: 2000 });
      expect(await valueOf('story_speech_queue_depth', { state: 'running' })).toBe(1);
      expect(await valueOf('story_speech_queue_depth', { state: 'waiting' })).toBe(2);
      // Each finished job lets the next one start: three turns.
      for (let turn = 0; turn < 3; turn += 1) {
        await expect.poll(() => finish.length).toBe(turn + 1);
        finish[turn]?.();
      }
      await runner.drain();
      expect(await valueOf('story_speech_job_duration_seconds', { engine: 'metrics-test-engine', kind: 'transcribe', outcome: 'ok' })).toBe(okBefore + 2);
      expect(await valueOf('story_speech_job_duration_seconds', { engine: 'metrics-test-engine', kind: 'transcribe', outcome: 'refused' })).toBe(1);
      // A drained runner is no longer reported.
      expect(await valueOf('story_speech_queue_depth', { state: 'waiting' })).toBe(0);
    } finally {
      subscription.unsubscribe();
    }
  });
});
