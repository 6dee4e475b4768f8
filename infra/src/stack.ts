import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATEWAY_NATS_USER, SERVICE_REGISTRY, serviceEntryFile, serviceUrlEnv, type WorkerEntry } from '@story/proto';
import { ensureKeys } from './keys.ts';
import { ensureNatsCredentials, startNatsServerWithUsers } from './nats-auth.ts';
import { freePort, type NatsServerHandle } from './nats-server.ts';
import { ProcessLauncher, type NodeArgs } from './service-bundles.ts';
import { threadEntriesOf } from './thread-entries.ts';

export { threadEntriesOf };

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** The services of the system (from the one registry in proto), in start order; the gateway comes last. */
export const STACK_SERVICES = SERVICE_REGISTRY.map((service) => ({
  name: service.name,
  entry: serviceEntryFile(service.name),
  defaultPort: service.port,
  urlEnv: serviceUrlEnv(service.name),
  workers: service.workers,
}));
export type StackServiceName = (typeof SERVICE_REGISTRY)[number]['name'];

export const GATEWAY_ENTRY = 'gateway/src/main.ts';
const workerEntry = (service: string, worker: WorkerEntry) => `services/${service}/src/${worker.entry}`;

/** The entry files of one deployable: a service's HTTP process, its workers and its thread tasks, or the gateway. */
export function entriesOf(name: StackServiceName | 'gateway', root: string = REPO_ROOT): string[] {
  if (name === 'gateway') return [GATEWAY_ENTRY];
  const service = STACK_SERVICES.find((candidate) => candidate.name === name);
  if (!service) throw new Error(`no service is called "${name}"; one of ${STACK_SERVICES.map((s) => s.name).join(', ')}, gateway`);
  return [service.entry, ...service.workers.map((worker) => workerEntry(service.name, worker)), ...threadEntriesOf(service.name, root)];
}
/** Every entry file the stack starts processes from: the services, their workers and the gateway. */
export const STACK_ENTRIES: readonly string[] = [...STACK_SERVICES.flatMap((service) => entriesOf(service.name)), GATEWAY_ENTRY];
/** Starts the stack's processes from their bundles (or, with STORY_RUN_FROM_SOURCE, from source under tsx); one per test process. */
export const stackLauncher = new ProcessLauncher(REPO_ROOT, STACK_ENTRIES);

/** How many of a worker to run: its count variable (e.g. SPEECH_WORKERS=3), else one. */
export function workerCount(worker: WorkerEntry, env: Record<string, string | undefined>): number {
  const raw = worker.countEnv ? env[worker.countEnv] : undefined;
  if (raw === undefined || raw === '') return 1;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 0 || count > 32) throw new Error(`${worker.countEnv} must be a whole number from 0 to 32, got "${raw}"`);
  return count;
}

export interface StackOptions {
  dataDir: string;
  /** Use this NATS server instead of starting one. */
  natsUrl?: string;
  gatewayPort?: number;
  /** Fixed ports (make run); tests take free ones. */
  fixedPorts?: boolean;
  env?: Record<string, string | undefined>;
  logLevel?: string;
  /** Where child output goes; default: discarded unless the process fails to start. */
  onOutput?: (name: string, line: string) => void;
  /**
   * A process ended on its own (not through stop()). `restarting` says whether it is being started
   * again: with `restartOnCrash`, up to MAX_RESTARTS times within RESTART_WINDOW_MS.
   */
  onExit?: (name: string, code: number | null, signal: NodeJS.Signals | null, restarting: boolean) => void;
  /** A crashed process is restarted on the same port; the restarted one reports on `onRestarted`. */
  restartOnCrash?: boolean;
  onRestarted?: (name: string) => void;
  services?: readonly StackServiceName[];
  /** How each process is started (default: `stackLauncher`, the cached bundles of this tree). */
  launcher?: Launcher;
}

/** Starts the processes of entry files: the node arguments of each, and the folder they run in. */
export interface Launcher {
  argsFor(entry: string): Promise<NodeArgs>;
  cwd?: string;
}

export interface RunningProcess {
  name: string;
  url: string;
  port: number;
  /** Where its Prometheus metrics are: its own URL + `/metrics`, the gateway's internal METRICS_PORT. */
  metricsUrl: string;
  /** The current child process (replaced when a crashed one is restarted). */
  child: ChildProcess;
  restarts: number;
}

/** A process's ports: its own, and the gateway's internal metrics port. */
interface Ports {
  port: number;
  metricsPort?: number;
}
/** The gateway's metrics port under `make run` (the gateway's own default). */
export const GATEWAY_METRICS_PORT = 9464;

export const MAX_RESTARTS = 5;
export const RESTART_WINDOW_MS = 60_000;

export interface StackHandle {
  gatewayUrl: string;
  /** Starts one more gateway in front of the same services and NATS (scale-out tests); resolves to its URL. */
  addGateway(): Promise<string>;
  natsUrl: string;
  nats: NatsServerHandle | undefined;
  processes: RunningProcess[];
  env: Record<string, string>;
  serviceUrl(name: StackServiceName): string;
  stop(): Promise<void>;
}

async function waitReady(url: string, child: ChildProcess, name: string, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolveStop) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
    child.once('exit', () => resolveStop());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 8000).unref();
  });
}

/**
 * Starts the whole system: NATS (unless given), every service as its own process, then the gateway,
 * each waited for on `/readyz`. Used by `make run` (fixed ports) and by the integration and browser
 * tests (free ports, a temporary data folder).
 */
export async function startStack(options: StackOptions): Promise<StackHandle> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const keys = ensureKeys(dataDir);
  const processes: RunningProcess[] = [];
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, ...options.env })) if (value !== undefined) env[key] = value;
  // Every process connects as its own NATS user; an existing NATS (natsUrl) must know the same users.
  const started = options.natsUrl ? undefined : await startNatsServerWithUsers({ dataDir, port: options.fixedPorts ? 4222 : undefined, env });
  const natsPasswords = started?.credentials ?? ensureNatsCredentials(dataDir, env);
  const nats = started?.server;
  const natsUrl = options.natsUrl ?? nats?.url ?? '';
  Object.assign(env, {
    DATA_DIR: dataDir,
    NATS_URL: natsUrl,
    LOG_LEVEL: options.logLevel ?? env.LOG_LEVEL ?? 'info',
    IDENTITY_PUBLIC_KEY: keys.identity.publicKey,
    IDENTITY_PRIVATE_KEY: keys.identity.privateKey,
    SESSION_PUBLIC_KEY: keys.session.publicKey,
    SESSION_PRIVATE_KEY: keys.session.privateKey,
  });

  const launcher: Launcher = options.launcher ?? stackLauncher;
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const running of [...processes].reverse()) await stopChild(running.child);
    await nats?.stop();
  };

  const spawnService = (name: string, natsUser: string, args: NodeArgs, ports: Ports, onData: (chunk: Buffer) => void): ChildProcess => {
    const childEnv: Record<string, string> = {
      ...env,
      PORT: String(ports.port),
      ...(ports.metricsPort === undefined ? {} : { METRICS_PORT: String(ports.metricsPort) }),
      HOST: '127.0.0.1',
      NATS_USER: natsUser,
      NATS_PASSWORD: natsPasswords[natsUser] ?? '',
    };
    // Each process gets only the private key it signs with, and only its own NATS password.
    if (name !== 'auth') delete childEnv.SESSION_PRIVATE_KEY;
    if (natsUser !== GATEWAY_NATS_USER) delete childEnv.IDENTITY_PRIVATE_KEY;
    for (const key of Object.keys(childEnv)) if (key.endsWith('_NATS_PASSWORD')) delete childEnv[key];
    const child = spawn(process.execPath, args, {
      cwd: launcher.cwd ?? REPO_ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    return child;
  };

  /** `natsUser`: the service's NATS user, which its workers share. */
  const launch = async (name: string, natsUser: string, entry: string, ports: Ports): Promise<RunningProcess> => {
    const { port, metricsPort } = ports;
    let recent = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      recent = (recent + text).slice(-8000);
      if (options.onOutput) for (const line of text.split('\n')) if (line.trim()) options.onOutput(name, line);
    };
    const url = `http://127.0.0.1:${port}`;
    const args = await launcher.argsFor(entry);
    const metricsUrl = metricsPort === undefined ? `${url}/metrics` : `http://127.0.0.1:${metricsPort}/metrics`;
    const running: RunningProcess = { name, url, port, metricsUrl, child: spawnService(name, natsUser, args, ports, onData), restarts: 0 };
    processes.push(running);
    const crashTimes: number[] = [];

    const watch = (child: ChildProcess) => {
      child.once('exit', (code, signal) => {
        if (stopping || child !== running.child) return;
        const now = Date.now();
        while (crashTimes.length > 0 && (crashTimes[0] ?? 0) < now - RESTART_WINDOW_MS) crashTimes.shift();
        const restarting = options.restartOnCrash === true && crashTimes.length < MAX_RESTARTS;
        options.onExit?.(name, code, signal, restarting);
        if (!restarting) return;
        crashTimes.push(now);
        // Back off a little more with each crash in the window: 0.5 s, 1 s, 2 s, ...
        const delay = 500 * 2 ** (crashTimes.length - 1);
        setTimeout(() => {
          if (stopping) return;
          running.child = spawnService(name, natsUser, args, ports, onData);
          running.restarts += 1;
          watch(running.child);
          waitReady(url, running.child, name, 60_000, () => recent).then(
            () => options.onRestarted?.(name),
            () => undefined, // its exit is reported by watch()
          );
        }, delay).unref();
      });
    };
    watch(running.child);
    await waitReady(url, running.child, name, 60_000, () => recent);
    return running;
  };

  try {
    // The gateway's address is the site's: known before the services start, so that links they
    // write (password-reset e-mails, public profiles) point at it unless PUBLIC_SITE_URL says otherwise.
    const gatewayPort = options.gatewayPort ?? (options.fixedPorts ? 8080 : await freePort());
    env.PUBLIC_SITE_URL ??= `http://localhost:${gatewayPort}`;
    const wanted = options.services ?? STACK_SERVICES.map((s) => s.name);
    const selected = STACK_SERVICES.filter((s) => wanted.includes(s.name));
    // Services start in parallel; each only needs NATS and its own database.
    await Promise.all(
      selected.map(async (service) => {
        const port = options.fixedPorts ? service.defaultPort : await freePort();
        env[service.urlEnv] = `http://127.0.0.1:${port}`;
        await launch(service.name, service.name, service.entry, { port });
      }),
    );
    // Workers of each service (speech workers, …): any number, each with its own health port.
    await Promise.all(
      selected.flatMap((service) =>
        service.workers.flatMap((worker) => {
          const count = workerCount(worker, env);
          return Array.from({ length: count }, async (_, index) => {
            const name = count > 1 ? `${service.name}-${worker.name}-${index + 1}` : `${service.name}-${worker.name}`;
            await launch(name, service.name, workerEntry(service.name, worker), { port: await freePort() });
          });
        }),
      ),
    );
    const gateway = await launch('gateway', GATEWAY_NATS_USER, GATEWAY_ENTRY, {
      port: gatewayPort,
      metricsPort: options.fixedPorts ? GATEWAY_METRICS_PORT : await freePort(),
    });
    let extraGateways = 0;
    return {
      gatewayUrl: gateway.url.replace('127.0.0.1', 'localhost'),
      addGateway: async () => {
        extraGateways += 1;
        const extra = await launch(`gateway-${extraGateways + 1}`, GATEWAY_NATS_USER, GATEWAY_ENTRY, { port: await freePort(), metricsPort: await freePort() });
        return extra.url.replace('127.0.0.1', 'localhost');
      },
      natsUrl,
      nats,
      processes,
      env,
      serviceUrl: (name) => {
        const found = processes.find((p) => p.name === name);
        if (!found) throw new Error(`${name} is not running`);
        return found.url;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
