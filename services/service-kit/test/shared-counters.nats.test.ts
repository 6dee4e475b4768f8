import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { SharedRateLimiter, openSharedBucket, sharedKey, updateShared } from '../src/shared-counters.ts';

describe('shared counters on a real nats-server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kit-kv-'));
  let nats: NatsServerHandle;
  let one: NatsConnection;
  let two: NatsConnection;

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'js') });
    one = await connect({ servers: nats.url });
    two = await connect({ servers: nats.url });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await nats.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hashes keys that KV would refuse and keeps plain ones readable', () => {
    expect(sharedKey('ai', 'user', 42)).toBe('ai.user.42');
    const hashed = sharedKey('login', 'Ada@Gmail.com');
    expect(hashed).toMatch(/^login\.[0-9a-f]{32}$/);
    expect(sharedKey('ip', '::ffff:127.0.0.1')).not.toContain(':');
  });

  it('spends one budget once across two instances racing for it', async () => {
    const a = new SharedRateLimiter(await openSharedBucket(one, 'test_budgets', 120_000), 60_000);
    const b = new SharedRateLimiter(await openSharedBucket(two, 'test_budgets', 120_000), 60_000);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).take('ai.user.7', 1, 25)));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    const refused = results.find((r) => !r.allowed);
    expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await a.take('ai.user.8', 1, 25)).allowed).toBe(true);
  });

  it('refuses a take that would pass the limit without spending any of it', async () => {
    const counter = new SharedRateLimiter(await openSharedBucket(one, 'test_budgets', 120_000), 60_000);
    expect(await counter.take('writes.user.9', 4, 5)).toMatchObject({ allowed: true, remaining: 1 });
    expect((await counter.take('writes.user.9', 2, 5)).allowed).toBe(false);
    expect(await counter.take('writes.user.9', 1, 5)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('gives the budget back as time passes', async () => {
    let now = 1_000_000;
    const counter = new SharedRateLimiter(await openSharedBucket(one, 'test_budgets', 120_000), 60_000, () => new Date(now));
    expect((await counter.take('w.user.1', 3, 3)).allowed).toBe(true);
    expect((await counter.take('w.user.1', 1, 3)).allowed).toBe(false);
    now += 60_000;
    expect((await counter.take('w.user.1', 1, 3)).allowed).toBe(true);
  });

  it('limits a rate across instances with no window edge to burst through twice', async () => {
    let now = 5_000_000;
    const a = new SharedRateLimiter(await openSharedBucket(one, 'test_rates', 120_000), 60_000, () => new Date(now));
    const b = new SharedRateLimiter(await openSharedBucket(two, 'test_rates', 120_000), 60_000, () => new Date(now));
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).take('ai.user.3', 1, 6)));
    expect(burst.filter((r) => r.allowed)).toHaveLength(6);
    const refused = await a.take('ai.user.3', 1, 6);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 10 });
    now += 10_000;
    expect((await b.take('ai.user.3', 1, 6)).allowed).toBe(true);
    expect((await a.take('ai.user.3', 1, 6)).allowed).toBe(false);
    now += 60_000;
    expect(await a.take('ai.user.3', 6, 6)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('updates a shared value with compare-and-set, and writes nothing when told so', async () => {
    const kv = await openSharedBucket(one, 'test_state', 60_000);
    await Promise.all(Array.from({ length: 20 }, () => updateShared<number>(kv, 'n', (current) => (current ?? 0) + 1)));
    expect((await updateShared<number>(kv, 'n', () => undefined)).value).toBe(20);
  });
});
