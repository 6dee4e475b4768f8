import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../errors.ts';
import { IsolatedPool, IsolatedTaskError } from './isolated-pool.ts';
import { threadStart } from './thread-script.ts';
import type { IsolationProbe } from '../../test/isolation-task.thread.ts';

const SCRIPT = new URL('../../test/isolation-task.thread.ts', import.meta.url);
const pools: IsolatedPool<IsolationProbe, { length: number; sum: number }>[] = [];
const pool = (options: Partial<ConstructorParameters<typeof IsolatedPool>[1]> = {}) => {
  const made = new IsolatedPool<IsolationProbe, { length: number; sum: number }>(SCRIPT, {
    size: 1,
    maxWaiting: 4,
    heapMb: 64,
    deadlineMs: 20_000,
    purpose: 'test work',
    ...options,
  });
  pools.push(made);
  return made;
};
const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => 'finished',
    (error: unknown) => (error instanceof IsolatedTaskError ? error.reason : String(error)),
  );

afterEach(async () => {
  await Promise.all(pools.splice(0).map((made) => made.close()));
});

describe('IsolatedPool', () => {
  it('runs a task on a thread and answers its output; the bytes are moved, not copied', async () => {
    const bytes = new Uint8Array([1, 2, 3, 250]);
    await expect(pool().run({ kind: 'echo', bytes }, { transfer: [bytes.buffer] })).resolves.toEqual({ length: 4, sum: 256 });
    expect(bytes.byteLength).toBe(0);
  });

  it('gives back an HttpError thrown on the thread with its status and message', async () => {
    const error = await pool()
      .run({ kind: 'refuse' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 422, message: 'This file cannot be read.' });
  });

  it('ends an endless task at its deadline, keeps the event loop free meanwhile, and serves the next task', async () => {
    const work = pool({ deadlineMs: 1500 });
    const spinning = reason(work.run({ kind: 'spin' }));
    // The loop of this thread still turns while the task spins on its own.
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 20);
    expect(await spinning).toBe('deadline');
    clearInterval(ticking);
    expect(turns).toBeGreaterThan(5);
    await expect(work.run({ kind: 'echo', bytes: new Uint8Array([7]) })).resolves.toEqual({ length: 1, sum: 7 });
  });

  it("starts a task's deadline once its thread has loaded its module, not while it loads", async () => {
    const slowStart = new IsolatedPool<string, string>(new URL('../../test/slow-start-task.thread.ts', import.meta.url), {
      size: 1,
      maxWaiting: 1,
      heapMb: 64,
      deadlineMs: 300,
      purpose: 'slow start',
    });
    try {
      await expect(slowStart.run('ready')).resolves.toBe('READY');
    } finally {
      await slowStart.close();
    }
  });

  it('ends a task that fills its heap and serves the next one', async () => {
    const work = pool({ heapMb: 32 });
    expect(await reason(work.run({ kind: 'hoard' }))).toBe('memory');
    await expect(work.run({ kind: 'echo', bytes: new Uint8Array([2, 2]) })).resolves.toEqual({ length: 2, sum: 4 });
  });

  it('runs one task per key at a time: a second is refused at once, another key waits its turn', async () => {
    const work = pool({ size: 1 });
    const first = work.run({ kind: 'wait', ms: 300 }, { key: 'person:1' });
    expect(await reason(work.run({ kind: 'echo', bytes: new Uint8Array() }, { key: 'person:1' }))).toBe('key-busy');
    const other = work.run({ kind: 'echo', bytes: new Uint8Array([5]) }, { key: 'person:2' });
    await expect(first).resolves.toEqual({ length: 0, sum: 0 });
    await expect(other).resolves.toEqual({ length: 1, sum: 5 });
    // The key is free again once its task is done.
    await expect(work.run({ kind: 'echo', bytes: new Uint8Array([1]) }, { key: 'person:1' })).resolves.toEqual({ length: 1, sum: 1 });
  });

  it('refuses a task at once when every thread is busy and the queue is full', async () => {
    const work = pool({ size: 1, maxWaiting: 1 });
    const running = work.run({ kind: 'wait', ms: 300 });
    const queued = work.run({ kind: 'echo', bytes: new Uint8Array([3]) });
    expect(await reason(work.run({ kind: 'echo', bytes: new Uint8Array() }))).toBe('pool-busy');
    expect(work.load).toEqual({ running: 1, waiting: 1 });
    await expect(running).resolves.toBeDefined();
    await expect(queued).resolves.toEqual({ length: 1, sum: 3 });
  });
});

describe('threadStart', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("finds the thread's bundle beside the running bundle, wherever the bundles were put", () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundles-'));
    made.push(dir);
    mkdirSync(join(dir, 'dist/services/profile/src/parsing'), { recursive: true });
    writeFileSync(join(dir, 'dist/services/profile/src/main.mjs'), '');
    writeFileSync(join(dir, 'dist/services/profile/src/parsing/reading.thread.mjs'), '');
    const source = pathToFileURL('/build/app/services/profile/src/parsing/reading.thread.ts');
    const start = threadStart(source, join(dir, 'dist/services/profile/src/main.mjs'));
    expect(start.file.href).toBe(pathToFileURL(join(dir, 'dist/services/profile/src/parsing/reading.thread.mjs')).href);
    expect(start.sourceModule).toBeUndefined();
  });

  it('says so when a running bundle has no bundle of the thread beside it, rather than falling back to tsx', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundles-'));
    made.push(dir);
    mkdirSync(join(dir, 'dist/services/profile/src'), { recursive: true });
    writeFileSync(join(dir, 'dist/services/profile/src/main.mjs'), '');
    const source = pathToFileURL('/build/app/services/profile/src/parsing/reading.thread.ts');
    expect(() => threadStart(source, join(dir, 'dist/services/profile/src/main.mjs'))).toThrow(/no services\/profile\/src\/parsing\/reading.thread.mjs beside/);
  });

  it('runs the TypeScript source through the tsx bootstrap when no bundle is running', () => {
    const source = pathToFileURL('/repo/services/profile/src/parsing/reading.thread.ts');
    const start = threadStart(source, '/repo/node_modules/vitest/dist/workers/forks.js');
    expect(start.file.pathname.endsWith('/source-thread.boot.mjs')).toBe(true);
    expect(start.sourceModule).toBe(source.href);
  });
});
