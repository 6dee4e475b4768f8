import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const PREFIX = 'story-speech-';
const OWNED = /^story-speech-(\d+)-/;

/** Whether a process of this machine is alive. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * This process's own folder for temporary audio, under `base`: removed when it stops, and, should it
 * be killed mid-job (files cannot be removed then), by the next speech process that starts on the
 * machine, which removes the folders of processes that no longer run.
 */
export function openWorkDir(base: string): { path: string; remove(): void } {
  mkdirSync(base, { recursive: true });
  for (const entry of readdirSync(base)) {
    const pid = Number(OWNED.exec(entry)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid)) rmSync(join(base, entry), { recursive: true, force: true });
  }
  const path = mkdtempSync(join(base, `${PREFIX}${process.pid}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
