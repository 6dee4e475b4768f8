import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entriesOf, threadEntriesOf } from './stack.ts';

const root = mkdtempSync(join(tmpdir(), 'entries-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('entriesOf', () => {
  it("bundles a service's worker-thread task modules with its entries, wherever they sit under src/", () => {
    mkdirSync(join(root, 'services/profile/src/parsing/deep'), { recursive: true });
    writeFileSync(join(root, 'services/profile/src/parsing/deep/reading.thread.ts'), '');
    writeFileSync(join(root, 'services/profile/src/parsing/reading.ts'), '');
    writeFileSync(join(root, 'services/profile/src/pdf.thread.ts'), '');
    expect(threadEntriesOf('profile', root)).toEqual(['services/profile/src/parsing/deep/reading.thread.ts', 'services/profile/src/pdf.thread.ts']);
    expect(entriesOf('profile', root)).toEqual([
      'services/profile/src/main.ts',
      'services/profile/src/parsing/deep/reading.thread.ts',
      'services/profile/src/pdf.thread.ts',
    ]);
  });

  it('keeps the gateway to its one entry, and names the services when asked for one that does not exist', () => {
    expect(entriesOf('gateway', root)).toEqual(['gateway/src/main.ts']);
    // @ts-expect-error: not a service
    expect(() => entriesOf('billing', root)).toThrow(/no service is called "billing"/);
  });
});
