import { execFileSync } from 'node:child_process';

/**
 * The speech engines' programs (ffmpeg, and pocketsphinx behind its `sh` and `cat`) that this test
 * process started, directly or through a child, as `pid name`: what must be gone once work stops.
 */
export function engineProcesses(): string[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((row) => row.length >= 3);
  const parent = new Map(rows.map(([pid = '', ppid = '']) => [Number(pid), Number(ppid)]));
  const ours = (pid: number) => {
    for (let at = parent.get(pid) ?? 0, depth = 0; at > 1 && depth < 5; at = parent.get(at) ?? 0, depth += 1) if (at === process.pid) return true;
    return false;
  };
  return rows.filter(([pid = '', , name = '']) => /^(ffmpeg|pocketsphinx|cat|sh)$/.test(name) && ours(Number(pid))).map(([pid, , name]) => `${pid} ${name}`);
}
