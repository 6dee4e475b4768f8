import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_FEATURES, SUBJECTS, USER_TYPES, type PlanFeatures, type UserType } from '@story/proto';
import { freePort, startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { NatsLink, silentLog } from '../src/nats-link.ts';
import { PlanFeatureGate } from '../src/plan-features.ts';
import { failureOf } from '@story/testing/service-under-test';

/** The plan check of issue 21 against a real nats-server; the test answers auth's `auth.user.settings` itself. */
describe('PlanFeatureGate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kit-plans-'));
  let nats: NatsServerHandle;
  let auth: NatsConnection;
  let service: NatsConnection;
  let asked = 0;
  const users = new Map<number, UserType>([
    [1, 'standard'],
    [2, 'pro'],
  ]);
  let plans: Record<UserType, PlanFeatures> = { ...DEFAULT_PLAN_FEATURES };

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'js') });
    auth = await connect({ servers: nats.url });
    service = await connect({ servers: nats.url });
    auth.subscribe(SUBJECTS.userSettings, {
      callback: (_error, msg) => {
        asked += 1;
        const { userId } = msg.json<{ userId: number }>();
        const userType = users.get(userId);
        if (!userType) return void msg.respond(JSON.stringify({ ok: false, message: 'User not found' }));
        const list = USER_TYPES.map((type) => ({ userType: type, features: plans[type] }));
        msg.respond(JSON.stringify({ ok: true, userType, timeLimit: 300, responseType: 'text', monthlyMinutes: 120, features: plans[userType], plans: list }));
      },
    });
    await auth.flush();
  });
  afterAll(async () => {
    await service.close();
    await auth.close();
    await nats.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets a plan use what it includes and refuses the rest with 403 naming the cheapest plan that has it', async () => {
    const gate = new PlanFeatureGate({ nc: service });
    await gate.require(1, 'interviewPractice');
    await gate.require(2, 'mockInterviews');
    expect(await failureOf(gate.require(1, 'mockInterviews'))).toEqual({ status: 403, message: 'Mock interviews are part of the Pro plan.' });
    expect(await failureOf(gate.require(1, 'resume'))).toEqual({ status: 403, message: 'Résumé upload and suggestions are part of the Essentials plan.' });
    expect(await failureOf(gate.require(404, 'resume'))).toEqual({ status: 404, message: 'User not found' });
  });

  it('checks several features in one ask, naming the first the plan lacks (issue 36, 4)', async () => {
    const gate = new PlanFeatureGate({ nc: service });
    const before = asked;
    expect(await failureOf(gate.require(1, 'interviewPractice', 'pdfExport'))).toEqual({ status: 403, message: 'Export to PDF is part of the Pro plan.' });
    expect(await failureOf(gate.require(1, 'mockInterviews', 'pdfExport'))).toEqual({ status: 403, message: 'Mock interviews are part of the Pro plan.' });
    await gate.require(2, 'mockInterviews', 'pdfExport');
    expect(asked).toBe(before + 2);
  });

  it('names the plan that has the feature as the admin set it, and keeps a plan for its time only', async () => {
    let now = new Date('2026-11-25T10:00:00.000Z');
    const gate = new PlanFeatureGate({ nc: service }, { ttlMs: 30_000, clock: () => now });
    plans = { ...DEFAULT_PLAN_FEATURES, plus: { ...DEFAULT_PLAN_FEATURES.plus, pdfExport: true } };
    expect(await failureOf(gate.require(1, 'pdfExport'))).toEqual({ status: 403, message: 'Export to PDF is part of the Essentials plan.' });
    const before = asked;
    users.set(1, 'plus');
    now = new Date(now.getTime() + 29_000);
    expect(await failureOf(gate.require(1, 'pdfExport'))).toMatchObject({ status: 403 });
    expect(asked).toBe(before);
    now = new Date(now.getTime() + 2000);
    await gate.require(1, 'pdfExport');
    expect(asked).toBe(before + 1);
    plans = { ...DEFAULT_PLAN_FEATURES };
  });

  it('never keeps a plan longer than a minute, and answers 503 when auth cannot be asked', async () => {
    let now = new Date('2026-11-25T10:00:00.000Z');
    const gate = new PlanFeatureGate({ nc: service }, { ttlMs: 3_600_000, clock: () => now });
    await gate.require(2, 'publicProfile');
    users.set(2, 'standard');
    now = new Date(now.getTime() + 60_001);
    expect(await failureOf(gate.require(2, 'publicProfile'))).toEqual({ status: 403, message: 'The public profile is part of the Pro plan.' });
    expect(await failureOf(new PlanFeatureGate({ nc: undefined }).require(1, 'resume'))).toEqual({ status: 503, message: expect.stringContaining('auth') });
  });

  it('waits for a link still coming up (a new instance taking traffic before its set-up ran), not a 503', async () => {
    users.set(2, 'pro');
    const link = new NatsLink({ url: nats.url, name: 'kit-plans-new-instance', retryMs: 50 });
    let finishSetUp = () => undefined as void;
    const setUpRuns = new Promise<void>((resolve) => link.onConnect(() => new Promise<void>((done) => ((finishSetUp = done), resolve()))));
    link.start(silentLog);
    try {
      await setUpRuns;
      expect(link.nc).toBeUndefined();
      const checked = new PlanFeatureGate(link).require(2, 'mockInterviews').then(() => 'allowed');
      setTimeout(() => finishSetUp(), 300);
      expect(await checked).toBe('allowed');
    } finally {
      finishSetUp();
      await link.close();
    }
  });

  it('answers 503 when the link does not come up while an answer may take (about 3 s)', async () => {
    const link = new NatsLink({ url: `nats://127.0.0.1:${await freePort()}`, name: 'kit-plans-no-nats', retryMs: 50 });
    link.start(silentLog);
    try {
      const started = Date.now();
      expect(await failureOf(new PlanFeatureGate(link).require(1, 'resume'))).toEqual({ status: 503, message: expect.stringContaining('auth') });
      expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    } finally {
      await link.close();
    }
  });
});
