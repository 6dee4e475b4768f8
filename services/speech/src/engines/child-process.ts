import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Writable } from 'node:stream';

/** A program of the speech engines that failed or could not start (its stderr's tail, for the log). */
export class EngineProcessError extends Error {
  constructor(
    readonly program: string,
    message: string,
  ) {
    super(`${program}: ${message}`);
    this.name = 'EngineProcessError';
  }
}

/** A child in its own process group, so that a pipeline it starts (`sh -c 'a | b'`) ends with it. */
export function spawnGroup(program: string, args: readonly string[]): ChildProcessWithoutNullStreams {
  return spawn(program, [...args], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
}

/** Ends a child started by `spawnGroup` and everything it started. */
export function killGroup(child: ChildProcessWithoutNullStreams): void {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Keeps the last few kilobytes of a child's stderr for error messages. */
export function stderrTail(child: ChildProcessWithoutNullStreams): () => string {
  let tail = '';
  child.stderr.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-2000);
  });
  return () => tail.trim();
}

/** Resolves when the child exits with code 0; rejects with its stderr otherwise (or when it cannot start). */
export function exitOf(child: ChildProcessWithoutNullStreams, program: string, stderr: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new EngineProcessError(program, error.message)));
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new EngineProcessError(program, `exited with ${signal ?? `code ${code}`}: ${stderr()}`));
    });
  });
}

/** Runs a program to completion with a deadline; its stdout. */
export async function runProgram(program: string, args: readonly string[], options: { timeoutMs: number; input?: Buffer }): Promise<Buffer> {
  const child = spawnGroup(program, args);
  const stderr = stderrTail(child);
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  // A program that stops reading its input early is reported by its exit, not by EPIPE.
  child.stdin.on('error', () => undefined);
  const timer = setTimeout(() => killGroup(child), options.timeoutMs);
  try {
    child.stdin.end(options.input);
    await exitOf(child, program, stderr);
    return Buffer.concat(chunks);
  } finally {
    clearTimeout(timer);
    killGroup(child);
  }
}

/**
 * Resolves when `stream` can take more, or when it (or `also`, the process behind it) closes. Both
 * listeners go once either fires: a wait per chunk must not leave one behind (a long recording
 * piled up close listeners on the child until Node warned of a leak).
 */
export function drained(
  stream: Writable,
  also?: { once(event: 'close', listener: () => void): unknown; off(event: 'close', listener: () => void): unknown },
): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      also?.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    also?.once('close', done);
  });
}
