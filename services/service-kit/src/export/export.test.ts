import { randomBytes } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE_BUDGET_BYTES, exportPageReplySchema } from '@story/proto';
import { collectExport, type ExportPart } from './export-collector.ts';
import { base64File, combinedExportSource, exportPage, jsonFile, textFile, type ExportFile, type ExportSource } from './export-source.ts';
import { ZipStreamWriter } from './zip-stream.ts';

/** A source over a map of items (key → files), one person's only. */
function mapSource(items: Map<string, ExportFile[]>, owner = 7): ExportSource & { reads: number } {
  const source = {
    reads: 0,
    keys: async (userId: number) => (userId === owner ? [...items.keys()] : []),
    files: async (userId: number, key: string) => {
      source.reads += 1;
      return userId === owner ? (items.get(key) ?? []) : [];
    },
  };
  return source;
}

/** A source over a map of items whose keys are sortable (`k0001`...), listing them a window at a time and counting what it listed. */
function windowedSource(items: Map<string, ExportFile[]>): ExportSource & { listed: number; wholeListings: number } {
  const sorted = () => [...items.keys()].sort();
  const source = {
    listed: 0,
    wholeListings: 0,
    keys: async () => {
      source.wholeListings += 1;
      return sorted();
    },
    keysFrom: async (_userId: number, from: string | undefined, limit: number) => {
      const keys = sorted()
        .filter((key) => from === undefined || key >= from)
        .slice(0, limit);
      source.listed += keys.length;
      return keys;
    },
    files: async (_userId: number, key: string) => items.get(key) ?? [],
  };
  return source;
}

/** Every page of a source, as the collector would ask for them. */
async function allPages(source: ExportSource, budget: number) {
  const pages = [];
  let cursor: string | undefined;
  do {
    const page = await exportPage(source, 'svc', 7, cursor, budget);
    pages.push(page);
    cursor = page.next;
  } while (cursor !== undefined && pages.length < 1000);
  return pages;
}

function reassemble(pages: Awaited<ReturnType<typeof allPages>>): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const chunk of pages.flatMap((page) => page.chunks)) {
    files.set(chunk.path, Buffer.concat([files.get(chunk.path) ?? Buffer.alloc(0), Buffer.from(chunk.data, 'base64')]));
  }
  return files;
}

const localPart = (source: ExportSource, budget: number, asked: string[] = []): ExportPart => ({
  service: 'jobs',
  page: async (cursor) => {
    asked.push(cursor ?? 'first');
    return exportPage(source, 'jobs', 7, cursor, budget);
  },
});

describe('exportPage', () => {
  it('puts small files whole on one page under the service folder, and says there is no next page', async () => {
    const source = mapSource(new Map([['a', [jsonFile('a.json', { x: 1 }), textFile('a.md', '# Héllo')]]]));
    const page = await exportPage(source, 'svc', 7, undefined);
    expect(exportPageReplySchema.parse(page)).toEqual(page);
    expect(page.next).toBeUndefined();
    expect(page.chunks.map((chunk) => [chunk.path, Buffer.from(chunk.data, 'base64').toString('utf8')])).toEqual([
      ['svc/a.json', '{\n  "x": 1\n}\n'],
      ['svc/a.md', '# Héllo'],
    ]);
  });

  it('cuts a large binary into slices within the page budget and continues it across pages byte for byte', async () => {
    const audio = randomBytes(700_000);
    const source = mapSource(
      new Map([
        ['m1', [textFile('m1.md', 'before')]],
        ['m2', [base64File('m2.mp3', audio.toString('base64'))]],
        ['m3', [textFile('m3.md', 'after')]],
      ]),
    );
    const budget = 64 * 1024;
    const pages = await allPages(source, budget);
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(budget);
    const files = reassemble(pages);
    expect(files.get('svc/m2.mp3')?.equals(audio)).toBe(true);
    expect(files.get('svc/m3.md')?.toString()).toBe('after');
    const slices = pages.flatMap((page) => page.chunks).filter((chunk) => chunk.path === 'svc/m2.mp3');
    expect(slices.every((slice) => slice.stored)).toBe(true);
    expect(slices.slice(0, -1).every((slice) => slice.more)).toBe(true);
    expect(slices.at(-1)?.more).toBeUndefined();
  });

  it('keeps every page of the default budget well under the 1 MB NATS payload', async () => {
    const source = mapSource(new Map([['big', [base64File('big.mp3', randomBytes(3_000_000).toString('base64'))]]]));
    const pages = await allPages(source, EXPORT_PAGE_BUDGET_BYTES);
    const largest = Math.max(...pages.map((page) => Buffer.byteLength(JSON.stringify(page))));
    expect(largest).toBeLessThanOrEqual(EXPORT_PAGE_BUDGET_BYTES);
    expect(largest).toBeGreaterThan(EXPORT_PAGE_BUDGET_BYTES * 0.9);
  });

  it('goes on after an item that disappeared between two pages, and gives nothing of another person', async () => {
    const items = new Map([
      ['a', [base64File('a.mp3', randomBytes(100_000).toString('base64'))]],
      ['b', [textFile('b.md', 'b')]],
    ]);
    const source = mapSource(items);
    const first = await exportPage(source, 'svc', 7, undefined, 32 * 1024);
    items.delete('a');
    const second = await exportPage(source, 'svc', 7, first.next, 32 * 1024);
    expect(second.chunks.map((chunk) => chunk.path)).toEqual(['svc/b.md']);
    expect((await exportPage(source, 'svc', 8, undefined)).chunks).toEqual([]);
  });
});

describe('exportPage over a source that lists its keys a window at a time (issue 36)', () => {
  const manyItems = (count: number, bytes: number) =>
    new Map(Array.from({ length: count }, (_, i) => [`k${String(i).padStart(4, '0')}`, [textFile(`k${i}.txt`, 'x'.repeat(bytes))]]));

  it('lists each key about once per export, never the whole list, and exports every item once', async () => {
    const source = windowedSource(manyItems(300, 6000));
    const pages = await allPages(source, 32 * 1024);
    expect(pages.length).toBeGreaterThan(50);
    expect(source.wholeListings).toBe(0);
    // A page lists what it sends, the window's first keys again, and a little ahead: not 300 keys a page.
    expect(source.listed).toBeLessThanOrEqual(2 * 300 + 8 * pages.length);
    const files = reassemble(pages);
    expect(files.size).toBe(300);
    expect(files.get('svc/k299.txt')?.toString()).toBe('x'.repeat(6000));
  });

  it('reads ahead in growing windows when items are small, and stops at the last key', async () => {
    const source = windowedSource(manyItems(1000, 10));
    const pages = await allPages(source, 256 * 1024);
    expect(pages).toHaveLength(1);
    expect(reassemble(pages).size).toBe(1000);
    expect(source.listed).toBeLessThanOrEqual(1100);
  });

  it('goes on from the next key when the one a page stopped in is gone, from its beginning', async () => {
    const items = manyItems(3, 10);
    items.set('k0001', [base64File('big.mp3', randomBytes(100_000).toString('base64'))]);
    const source = windowedSource(items);
    const first = await exportPage(source, 'svc', 7, undefined, 32 * 1024);
    expect(first.chunks.at(-1)).toMatchObject({ path: 'svc/big.mp3', more: true });
    items.delete('k0001');
    const second = await exportPage(source, 'svc', 7, first.next, 32 * 1024);
    expect(second.chunks.map((chunk) => chunk.path)).toEqual(['svc/k2.txt']);
    expect(second.next).toBeUndefined();
  });

  it('combines windowed sources into one windowed source, in the order given', async () => {
    const combined = combinedExportSource({ a: windowedSource(manyItems(3, 10)), b: windowedSource(manyItems(2, 10)) });
    expect(await combined.keysFrom?.(7, undefined, 4)).toEqual(['a/k0000', 'a/k0001', 'a/k0002', 'b/k0000']);
    expect(await combined.keysFrom?.(7, 'a/k0002', 10)).toEqual(['a/k0002', 'b/k0000', 'b/k0001']);
    expect(await combined.keysFrom?.(7, 'b/k0001', 10)).toEqual(['b/k0001']);
    expect(await combined.keysFrom?.(7, 'zz/k0001', 10)).toEqual([]);
    // A source that lists only whole keeps the whole combined so.
    expect(combinedExportSource({ a: windowedSource(manyItems(1, 1)), b: mapSource(new Map()) }).keysFrom).toBeUndefined();
  });
});

describe('collectExport into a streamed ZIP', () => {
  it('writes every file into a ZIP that unzips to the same bytes, audio stored and text deflated', async () => {
    const audio = randomBytes(400_000);
    const source = mapSource(new Map([['t', [jsonFile('t.json', { title: 'Story' }), base64File('t.mp3', audio.toString('base64'))]]]));
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (data: Buffer) => parts.push(data));
    const zip = new ZipStreamWriter(out);
    await zip.writeText('README.md', 'read me');
    await collectExport([localPart(source, 50_000)], (chunk) => zip.write(chunk));
    await zip.end();
    const files = unzipSync(new Uint8Array(Buffer.concat(parts)));
    expect(Object.keys(files).sort()).toEqual(['README.md', 'jobs/t.json', 'jobs/t.mp3']);
    expect(Buffer.from(files['jobs/t.mp3']!).equals(audio)).toBe(true);
    expect(JSON.parse(strFromU8(files['jobs/t.json']!))).toEqual({ title: 'Story' });
  });

  it('asks for the next page only once the reader took the previous one (backpressure)', async () => {
    const source = mapSource(new Map(Array.from({ length: 20 }, (_, i) => [`k${i}`, [base64File(`k${i}.mp3`, randomBytes(30_000).toString('base64'))]])));
    const asked: string[] = [];
    let release: (() => void) | undefined;
    let taken = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(_data, _encoding, callback) {
        taken += 1;
        release = callback;
      },
    });
    const zip = new ZipStreamWriter(slow);
    const running = collectExport([localPart(source, 40_000, asked)], (chunk) => zip.write(chunk)).then(() => zip.end());
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The reader took one write and holds it: the collector waits on the first page.
    expect(asked).toHaveLength(1);
    expect(taken).toBe(1);
    const drain = setInterval(() => release?.(), 1);
    await running;
    clearInterval(drain);
    expect(asked.length).toBeGreaterThan(10);
  });

  it('fails, instead of writing it, a chunk outside its service folder or a page that does not move on', async () => {
    const zip = new ZipStreamWriter(new PassThrough());
    const outside: ExportPart = { service: 'jobs', page: async () => ({ chunks: [{ path: 'auth/account.json', data: '' }] }) };
    await expect(collectExport([outside], (chunk) => zip.write(chunk))).rejects.toMatchObject({ statusCode: 503 });
    const stuck: ExportPart = { service: 'jobs', page: async () => ({ chunks: [], next: 'same' }) };
    await expect(collectExport([stuck], async () => undefined)).rejects.toMatchObject({ statusCode: 503 });
  });

  it('rejects a write once the reader went away', async () => {
    const out = new PassThrough({ highWaterMark: 16 });
    const zip = new ZipStreamWriter(out);
    out.destroy();
    await expect(zip.writeText('a.md', 'x'.repeat(1000))).rejects.toThrow(/went away/);
  });
});
