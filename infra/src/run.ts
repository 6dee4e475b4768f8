/**
 * `make run`: starts NATS (unless NATS_URL is set), every service and the gateway with the embedded
 * defaults, waits until all are ready, prints the URL, restarts a service that crashes (and says so),
 * and stops everything cleanly on Ctrl-C.
 */
import { resolve } from 'node:path';
import { MAX_RESTARTS, REPO_ROOT, startStack, type StackHandle } from './stack.ts';

const COLORS = ['\x1b[36m', '\x1b[35m', '\x1b[33m', '\x1b[32m', '\x1b[34m', '\x1b[31m'];
const RESET = '\x1b[0m';
const colorOf = new Map<string, string>();
const tag = (name: string) => {
  if (!colorOf.has(name)) colorOf.set(name, COLORS[colorOf.size % COLORS.length] ?? '');
  return `${colorOf.get(name)}${name.padEnd(13)}${RESET}`;
};

/** Shortens pino's JSON lines to `level msg` for a person reading the terminal. */
function readable(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line) as {
      level?: number;
      msg?: string;
      req?: { method?: string; url?: string };
      res?: { statusCode?: number };
      responseTime?: number;
      err?: { message?: string };
    };
    const level = entry.level && entry.level >= 50 ? 'ERROR ' : entry.level && entry.level >= 40 ? 'WARN  ' : '';
    const request = entry.req ? ` ${entry.req.method} ${entry.req.url}` : '';
    const response = entry.res ? ` ${entry.res.statusCode} ${entry.responseTime?.toFixed(1) ?? ''}ms` : '';
    return `${level}${entry.msg ?? ''}${request}${response}${entry.err?.message ? ` — ${entry.err.message}` : ''}`;
  } catch {
    return line;
  }
}

async function main(): Promise<void> {
  const dataDir = resolve(process.env.DATA_DIR ?? `${REPO_ROOT}/data`);
  const port = Number(process.env.PORT ?? 8080);
  let stack: StackHandle | undefined;
  let stopping = false;

  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nStopping every process...\n');
    await stack?.stop();
    process.stdout.write('Stopped.\n');
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  process.stdout.write(`Starting with data under ${dataDir}\n`);
  stack = await startStack({
    dataDir,
    natsUrl: process.env.NATS_URL,
    // A one-machine installation is a real one: GraphQL introspection and field suggestions stay off
    // unless a developer asks for them (NODE_ENV=development make run).
    env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
    gatewayPort: port,
    fixedPorts: true,
    onOutput: (name, line) => process.stdout.write(`${tag(name)} ${readable(line)}\n`),
    restartOnCrash: true,
    onExit: (name, code, signal, restarting) => {
      if (stopping) return;
      const what = `${tag(name)} \x1b[31mCRASHED\x1b[0m (exit code ${code ?? '-'}, signal ${signal ?? '-'}); its last lines are above.`;
      if (restarting) {
        process.stderr.write(`\n${what} Restarting it...\n`);
        return;
      }
      process.stderr.write(`\n${what} It crashed ${MAX_RESTARTS} times within a minute: stopping everything rather than run half-broken.\n`);
      void stopAll(1);
    },
    onRestarted: (name) => process.stdout.write(`${tag(name)} \x1b[32mrestarted and ready\x1b[0m\n`),
  });
  stack.nats?.process.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(
      `\n${tag('nats-server')} \x1b[31mSTOPPED\x1b[0m (exit code ${code ?? '-'}, signal ${signal ?? '-'}). Services keep retrying; stopping everything.\n`,
    );
    void stopAll(1);
  });
  const natsNote = stack.nats
    ? `nats-server (JetStream) at ${stack.natsUrl}, store ${dataDir}/nats; each process its own NATS user (${dataDir}/keys/nats-credentials.json)`
    : `NATS at ${stack.natsUrl}, as the users of infra/nats/accounts.conf (passwords in ${dataDir}/keys/nats-credentials.json)`;
  process.stdout.write(
    [
      '',
      '\x1b[32mReady.\x1b[0m',
      `  Open ${stack.gatewayUrl}`,
      `  ${natsNote}`,
      ...stack.processes.map((p) => `  ${p.name.padEnd(13)} ${p.url}`),
      `  Prometheus metrics at each process's /metrics; the gateway's at ${stack.processes.find((p) => p.name === 'gateway')?.metricsUrl ?? '(none)'} only`,
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`make run failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
