import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER, SUBJECTS } from '@story/proto';
import { generateSigningKeyPair, importPrivateKey, signIdentity } from '@story/service-kit/identity';
import { connectNats } from '@story/service-kit/nats';
import { freePort, startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { killed, startServiceProcess, type ServiceProcess } from '@story/testing/service-process';
import { StandInPlans } from '@story/testing/service-under-test';
import { RoundRobinProxy } from './support/round-robin-proxy.ts';

/**
 * A rolling update of one service (issue 25, "Bad days"): two jobs processes on one SQLite file and
 * one NATS, behind a connection-level round-robin proxy that stands in for a Kubernetes Service.
 * While REST reads and NATS questions (`jobs.snippet.owner`, the `jobs` queue group) flow without
 * pause, one instance is replaced as Kubernetes does it: the new one starts and becomes an endpoint
 * once ready, the old one gets SIGTERM and leaves the endpoints a moment later (endpoint updates are
 * asynchronous). With the drain (SHUTDOWN_DRAIN_MS) no request fails and every one is answered. Auth is
 * not started: the test answers its plan question over NATS (StandInPlans), as jobs asks it of every route.
 */
const DRAIN_MS = Number(process.env.ROLLING_TEST_DRAIN_MS ?? 1500);
/** How long after SIGTERM the Service still gives the old instance new connections. */
const ENDPOINT_LAG_MS = 400;

const dataDir = mkdtempSync(join(tmpdir(), 'rolling-update-'));
const keys = generateSigningKeyPair();
let nats: NatsServerHandle;
let asker: NatsConnection;
let proxy: RoundRobinProxy;
const running: ServiceProcess[] = [];
const instances: Instance[] = [];

interface Instance extends ServiceProcess {
  port: number;
}

async function startJobs(): Promise<Instance> {
  const port = await freePort();
  const started = await startServiceProcess('jobs', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NATS_URL: nats.url,
    NATS_USER: '',
    NATS_PASSWORD: '',
    IDENTITY_PUBLIC_KEY: keys.publicKey,
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    LOG_LEVEL: 'warn',
    LOG_REQUESTS: 'false',
    NODE_ENV: 'test',
  });
  running.push(started);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (started.child.exitCode !== null) throw new Error(`jobs exited before it was ready:\n${started.output()}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) {
      instances.push({ ...started, port });
      return { ...started, port };
    }
    if (Date.now() > deadline) throw new Error(`jobs was not ready within 60 s:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Owns its processes: it updates the jobs service instance by instance behind a round-robin proxy.
beforeAll(async () => {
  nats = await startNatsServer({ storeDir: join(dataDir, 'nats') });
  asker = await connectNats(nats.url, 'rolling-update-test');
  // Auth's part, the plans every jobs route checks (issue 36, 4): the person here is on none, so has every feature.
  new StandInPlans().answerOn(asker);
  // One after another: both open the same SQLite file, whose migrations one process runs at a time.
  const first = await startJobs();
  const second = await startJobs();
  proxy = new RoundRobinProxy([first.port, second.port]);
  await proxy.listen();
});

afterAll(async () => {
  await proxy?.close();
  await asker?.close();
  await Promise.all(running.map((process) => killed(process.child)));
  await nats?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends requests one after another until `until` resolves; counts what was sent and what was answered as expected. */
async function traffic(until: Promise<void>, send: () => Promise<void>) {
  let stopped = false;
  void until.then(() => (stopped = true));
  const tally = { sent: 0, answered: 0, failures: [] as string[] };
  while (!stopped) {
    tally.sent += 1;
    try {
      await send();
      tally.answered += 1;
    } catch (error) {
      tally.failures.push(error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error));
    }
  }
  return tally;
}

describe('a rolling update of the jobs service', () => {
  it('fails no REST request and no NATS question while an instance is replaced', async () => {
    const [old] = instances;
    if (!old) throw new Error('no instance started');
    const token = await signIdentity({ userId: 7, isAdmin: false, sessionId: 'rolling' }, await importPrivateKey(keys.privateKey));
    const url = `http://127.0.0.1:${proxy.port}/api/formatted-job-descriptions`;
    const restCall = async () => {
      const response = await fetch(url, { headers: { [IDENTITY_HEADER]: token } });
      const body: unknown = await response.json();
      if (response.status !== 200 || !Array.isArray(body)) throw new Error(`answered ${response.status}: ${JSON.stringify(body)}`);
    };
    const question = async () => {
      const reply = await asker.request(SUBJECTS.snippetOwner, JSON.stringify({ snippetId: 1, userId: 7 }), { timeout: 3000 });
      const body = reply.json<{ ok?: boolean }>();
      if (body.ok !== false) throw new Error(`answered ${reply.string()}`);
    };

    let finish = () => undefined as void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const flows = Promise.all([...Array.from({ length: 4 }, () => traffic(done, restCall)), ...Array.from({ length: 2 }, () => traffic(done, question))]);

    await new Promise((resolve) => setTimeout(resolve, 500));
    const replacement = await startJobs();
    proxy.add(replacement.port);
    const exited = new Promise<number | null>((resolve) => old.child.once('exit', (code) => resolve(code)));
    const terminatedAt = Date.now();
    old.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Told to stop, it says at once that it is not ready (the endpoints drop it), and still serves.
    const readiness = await fetch(`http://127.0.0.1:${old.port}/readyz`);
    expect(readiness.status).toBe(503);
    expect(readiness.headers.get('connection')).toBe('close');
    await new Promise((resolve) => setTimeout(resolve, ENDPOINT_LAG_MS - 100));
    proxy.remove(old.port);
    const exitCode = await exited;
    const stoppedAfterMs = Date.now() - terminatedAt;
    await new Promise((resolve) => setTimeout(resolve, 500));
    finish();
    const [rest, questions] = (await flows).reduce(([r, q], tally, index) => (index < 4 ? [merge(r, tally), q] : [r, merge(q, tally)]), [empty(), empty()]);

    expect({ rest: rest.failures.slice(0, 5), questions: questions.failures.slice(0, 5) }).toEqual({ rest: [], questions: [] });
    expect(rest.answered).toBe(rest.sent);
    expect(questions.answered).toBe(questions.sent);
    expect(rest.sent).toBeGreaterThan(100);
    expect(questions.sent).toBeGreaterThan(50);
    // It left cleanly, and only after the drain: it served while the Service still sent it requests.
    expect(exitCode).toBe(0);
    expect(stoppedAfterMs).toBeGreaterThanOrEqual(DRAIN_MS);
  });
});

const empty = () => ({ sent: 0, answered: 0, failures: [] as string[] });
function merge(into: ReturnType<typeof empty>, tally: ReturnType<typeof empty>) {
  return { sent: into.sent + tally.sent, answered: into.answered + tally.answered, failures: [...into.failures, ...tally.failures] };
}
