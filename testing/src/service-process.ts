import { spawn, type ChildProcess } from 'node:child_process';
import { serviceEntryFile, type ServiceName } from '@story/proto';
import { GATEWAY_ENTRY, REPO_ROOT, stackLauncher } from '@story/infra/src/stack.ts';

/** A service started as its own process, and the last 4,000 characters it wrote (for a failing test's message). */
export interface ServiceProcess {
  child: ChildProcess;
  output: () => string;
}

/** A service as its own process, as `make run` starts it (its bundled `services/<name>/src/main.ts`), with `env` over this process's environment. */
export function startServiceProcess(name: ServiceName, env: Record<string, string>): Promise<ServiceProcess> {
  return startEntryProcess(serviceEntryFile(name), env);
}

/** The gateway as its own process, as `make run` starts it (its bundled `gateway/src/main.ts`), with `env` over this process's environment. */
export function startGatewayProcess(env: Record<string, string>): Promise<ServiceProcess> {
  return startEntryProcess(GATEWAY_ENTRY, env);
}

async function startEntryProcess(entry: string, env: Record<string, string>): Promise<ServiceProcess> {
  let output = '';
  const child = spawn(process.execPath, await stackLauncher.argsFor(entry), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  return { child, output: () => output };
}

/** Kills a process at once (SIGKILL, as a crash would) and resolves when it is gone; at once when it already is. */
export const killed = (child: ChildProcess): Promise<void> =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
