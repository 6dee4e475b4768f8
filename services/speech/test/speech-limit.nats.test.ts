import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEECH_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit';
import { tempDataDir } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { SpeechLimitService } from '../src/nats/speech-limit.service.ts';

/**
 * Issue 18, point 3: what one person may ask of the speech workers, counted in a real NATS KV bucket
 * (so two speech fronts count alike): turns in flight, and audio seconds an hour by each recording's length.
 */
describe('SpeechLimitService', () => {
  let dir: string;
  let nats: NatsServerHandle;
  let nc: NatsConnection;
  let clock = Date.UTC(2026, 10, 24, 12);
  const limitsOf = (options: { turnsPerPerson?: number; audioSecondsPerHour?: number; holdMs?: number } = {}) =>
    new SpeechLimitService(() => nc, {
      turnsPerPerson: 2,
      audioSecondsPerHour: 600,
      holdMs: 60_000,
      log: fastify({ logger: false }).log,
      clock: () => new Date(clock),
      ...options,
    });

  beforeAll(async () => {
    dir = tempDataDir('speech-limits-');
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    nc = await connect({ servers: nats.url });
  });
  afterAll(async () => {
    await nc?.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets a person have two turns in flight across two fronts, refuses a third at once, and frees a slot when a turn ends', async () => {
    const [front1, front2] = [limitsOf(), limitsOf()];
    const release: (() => void)[] = [];
    const turn = (limits: SpeechLimitService) => limits.holdTurn(51, () => new Promise<string>((resolve) => release.push(() => resolve('done'))));
    const first = turn(front1);
    const second = turn(front2);
    await expect.poll(() => release.length).toBe(2);
    const third = await turn(front1).catch((error: unknown) => error);
    expect(third).toBeInstanceOf(HttpError);
    expect(third).toMatchObject({ statusCode: 429, message: SPEECH_MESSAGES.tooManyJobs, headers: { 'retry-after': '10' } });
    // Another person is not affected.
    await expect(front2.holdTurn(52, async () => 'other')).resolves.toBe('other');
    release.shift()?.();
    await expect(first).resolves.toBe('done');
    const fourth = turn(front2);
    await expect.poll(() => release.length).toBe(2);
    for (const done of release.splice(0)) done();
    await expect(Promise.all([second, fourth])).resolves.toEqual(['done', 'done']);
  });

  it('lets a turn held by a front that died lapse after its hold time', async () => {
    const limits = limitsOf({ turnsPerPerson: 1, holdMs: 30_000 });
    // A front that dies mid-turn never lets go: its hold stays until it lapses.
    void limits.holdTurn(53, () => new Promise(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(limits.holdTurn(53, async () => 'x')).rejects.toMatchObject({ statusCode: 429 });
    clock += 31_000;
    await expect(limits.holdTurn(53, async () => 'x')).resolves.toBe('x');
  });

  it('charges audio by its seconds and refuses, with when to come back, once the hour’s budget is spent', async () => {
    const limits = limitsOf({ audioSecondsPerHour: 600 });
    await limits.checkAudioBudget(54);
    // Five-minute recordings: the first two fit an hour of 10 minutes, the third is over it.
    await limits.chargeAudio(54, 300);
    await limits.checkAudioBudget(54);
    await limits.chargeAudio(54, 300);
    await limits.checkAudioBudget(54);
    await limits.chargeAudio(54, 300);
    const refused = await limits.checkAudioBudget(54).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      statusCode: 429,
      message: 'You have sent 10 minutes of audio in the last hour. Please try again in 30 minutes.',
      headers: { 'retry-after': '1800' },
    });
    // Short clips of another person are not charged to this one.
    await limits.checkAudioBudget(55);
    clock += 1_800_000;
    await limits.checkAudioBudget(54);
  });

  it('serves a person all the same, uncounted, while the bucket cannot be reached', async () => {
    const away = new SpeechLimitService(
      () => {
        throw new Error('NATS is not connected');
      },
      { turnsPerPerson: 1, audioSecondsPerHour: 1, holdMs: 60_000, log: fastify({ logger: false }).log },
    );
    await expect(away.checkAudioBudget(56)).resolves.toBeUndefined();
    await expect(Promise.all([away.holdTurn(56, async () => 'a'), away.holdTurn(56, async () => 'b')])).resolves.toEqual(['a', 'b']);
  });
});
