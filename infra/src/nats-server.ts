import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';

export interface NatsServerHandle {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The ports the kernel gives outgoing connections (Linux: `ip_local_port_range`), and where it picks a
 * port asked for as 0. A port found free there may be taken by any connection before the process it was
 * found for listens on it (a stack process once failed with EADDRINUSE so).
 */
function ephemeralPortsStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 2048 ? low : 32768;
  } catch {
    return 32768;
  }
}

/** Whether something may listen on `port` of loopback now. */
async function canListen(port: number): Promise<boolean> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Finds a free TCP port on loopback for a process to listen on: below the ephemeral range (from
 * 12,000 ports under it), chosen at random and checked free, so that no outgoing connection can take
 * it in the moment before the process listens; the kernel's choice only if none is found.
 */
export async function freePort(): Promise<number> {
  const high = ephemeralPortsStart();
  const low = Math.max(1024, high - 12_000);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = randomInt(low, high);
    if (await canListen(port)) return port;
  }
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nats-server did not open port ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts Debian's `nats-server` with JetStream on loopback, its store under `storeDir`. Used by
 * `make run` and by every test that needs NATS: the real server, never a mock. With `configFile`
 * (the users and permissions of `writeNatsServerConfig`) only those users may connect; without it the
 * server is open, as the tests of a single service want it.
 */
export async function startNatsServer(options: {
  storeDir: string;
  port?: number;
  binary?: string;
  configFile?: string;
  /** More arguments (a cluster node's `--server_name`, `--cluster`, `--routes`). */
  extraArgs?: readonly string[];
}): Promise<NatsServerHandle> {
  const port = options.port ?? (await freePort());
  mkdirSync(options.storeDir, { recursive: true });
  const config = options.configFile ? ['-c', options.configFile] : [];
  const child = spawn(
    options.binary ?? 'nats-server',
    [...config, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', options.storeDir, ...(options.extraArgs ?? [])],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      // Its own process group: Ctrl-C in the terminal reaches the services, which still need NATS to
      // drain, while nats-server is stopped last by whoever started it.
      detached: true,
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<never>((_resolve, reject) => {
    child.once('error', (error) => reject(new Error(`could not start nats-server (is it installed? make run installs it): ${error.message}`)));
    child.once('exit', (code) => reject(new Error(`nats-server exited with code ${code}: ${stderr}`)));
  });
  exited.catch(() => undefined);
  await Promise.race([waitForPort(port, 15_000), exited]);
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
