import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProcessLauncher, ensureBundles } from './service-bundles.ts';

const root = mkdtempSync(join(tmpdir(), 'bundles-'));
const cache = join(root, 'cache');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A tiny workspace: an entry importing a module that reads a file beside itself, as the speech models and GraphQL schemas are read. */
function writeWorkspace(greeting: string): void {
  mkdirSync(join(root, 'svc/src/lib'), { recursive: true });
  writeFileSync(join(root, 'svc/src/lib/words.txt'), greeting);
  writeFileSync(
    join(root, 'svc/src/lib/words.ts'),
    `import { readFileSync } from 'node:fs';
export const words = (): string => readFileSync(new URL('./words.txt', import.meta.url), 'utf8') + ' from ' + import.meta.dirname;\n`,
  );
  writeFileSync(join(root, 'svc/src/main.ts'), `import { words } from './lib/words.ts';\nconst said: string = words();\nconsole.log(said);\n`);
}

const run = (args: readonly string[]) => execFileSync(process.execPath, args, { encoding: 'utf8' }).trim();

describe('service bundles', () => {
  it('runs a bundle whose modules still read the files beside their sources', async () => {
    writeWorkspace('hello');
    const dir = await ensureBundles(root, ['svc/src/main.ts'], cache);
    expect(run([join(dir, 'svc/src/main.mjs')])).toBe(`hello from ${join(root, 'svc/src/lib')}`);
  });

  it('reuses an unchanged build and builds again once a source changes', async () => {
    writeWorkspace('hello');
    const first = await ensureBundles(root, ['svc/src/main.ts'], cache);
    expect(await ensureBundles(root, ['svc/src/main.ts'], cache)).toBe(first);

    writeFileSync(join(root, 'svc/src/main.ts'), `import { words } from './lib/words.ts';\nconsole.log(words().toUpperCase());\n`);
    // Same size is not enough to be "unchanged": the modification time says so too.
    utimesSync(join(root, 'svc/src/main.ts'), new Date(), new Date(Date.now() + 5_000));
    const second = await ensureBundles(root, ['svc/src/main.ts'], cache);
    expect(second).not.toBe(first);
    expect(run([join(second, 'svc/src/main.mjs')])).toMatch(/^HELLO FROM /);
  });

  it('bundles once when two processes start at the same time: the second waits for the first and reuses its build', async () => {
    writeWorkspace('together');
    const sharedCache = join(root, 'shared-cache');
    const script = join(root, 'ensure.mts');
    writeFileSync(
      script,
      `import { ensureBundles } from ${JSON.stringify(join(import.meta.dirname, 'service-bundles.ts'))};\n` +
        `console.log(await ensureBundles(${JSON.stringify(root)}, ['svc/src/main.ts'], ${JSON.stringify(sharedCache)}));\n`,
    );
    const both = await Promise.all([0, 1].map(() => promisify(execFile)(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' })));
    const [first, second] = both.map(({ stdout }) => stdout.trim());
    expect(first).toBe(second);
    expect(readdirSync(sharedCache).filter((name) => name.startsWith('build-'))).toHaveLength(1);
  });

  it('takes over a lock left by a process that died while bundling', async () => {
    writeWorkspace('again');
    const lockedCache = join(root, 'locked-cache');
    mkdirSync(join(lockedCache, 'build.lock'), { recursive: true });
    // A pid no process has (above the kernel's maximum).
    writeFileSync(join(lockedCache, 'build.lock', 'pid'), '4194305');
    const dir = await ensureBundles(root, ['svc/src/main.ts'], lockedCache);
    expect(run([join(dir, 'svc/src/main.mjs')])).toMatch(/^again from /);
  });

  it('starts from source under tsx when asked, and refuses an entry it was not given', async () => {
    writeWorkspace('hello');
    await expect(new ProcessLauncher(root, ['svc/src/main.ts'], true).argsFor('svc/src/main.ts')).resolves.toEqual([
      '--import',
      'tsx',
      join(root, 'svc/src/main.ts'),
    ]);
    await expect(new ProcessLauncher(root, ['svc/src/main.ts'], false).argsFor('svc/src/other.ts')).rejects.toThrow('not among the bundled entries');
  });
});
