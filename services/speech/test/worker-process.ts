import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { generateSigningKeyPair } from '@story/service-kit/identity';
import { freePort } from '@story/testing/nats';
import { REPO_ROOT } from '@story/testing/test-stack';

/** A speech worker as `make run` starts it: its own process, its own health port. */
export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  /** Its health and metrics address (`/metrics`). */
  url: string;
  /** Ends it at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
}

/** Starts `services/speech/src/worker.ts` against `natsUrl` and waits until it answers `/readyz`. */
export async function startWorkerProcess(natsUrl: string, env: Record<string, string> = {}): Promise<WorkerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'services/speech/src/worker.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, NATS_URL: natsUrl, PORT: String(port), IDENTITY_PUBLIC_KEY: generateSigningKeyPair().publicKey, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`speech worker exited with code ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('speech worker was not ready within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    pid: child.pid ?? 0,
    url: `http://127.0.0.1:${port}`,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
