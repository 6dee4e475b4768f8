import { EXPORT_PAGE_BUDGET_BYTES, type ExportChunk, type ExportPageReply } from '@story/proto';

/** One file of a person's export: its path under the service's folder and its bytes. */
export interface ExportFile {
  path: string;
  bytes: Uint8Array;
  /** Already compressed (MP3): stored in the ZIP as it is. */
  stored?: boolean;
}

/**
 * What a service contributes to a person's export. Its items are listed by key (cheap: ids, in a
 * stable order), and each item's files are read only when its page is built, so no page holds more
 * than one item's files. A page may stop inside an item: the next page reads that item again and
 * goes on from where the previous one stopped.
 */
export interface ExportSource {
  /** The keys of the person's items, in a stable order. */
  keys(userId: number): Promise<string[]>;
  /**
   * For a source with many items (issue 36): at most `limit` keys in the order of `keys`, from `from`
   * on (`from` itself when it is still there; from the first key without it). A page then lists only
   * the keys it can reach, so an export lists each key about once instead of all of them on every page.
   */
  keysFrom?(userId: number, from: string | undefined, limit: number): Promise<string[]>;
  /** One item's files (none when it is gone since it was listed). */
  files(userId: number, key: string): Promise<ExportFile[]>;
}

/** A file of UTF-8 text. */
export const textFile = (path: string, text: string): ExportFile => ({ path, bytes: Buffer.from(text, 'utf8') });
/** A JSON file, indented for reading. */
export const jsonFile = (path: string, value: unknown): ExportFile => textFile(path, `${JSON.stringify(value, null, 2)}\n`);
/** A file of already-compressed bytes given as base64 (a spoken reply's MP3). */
export const base64File = (path: string, base64: string): ExportFile => ({ path, bytes: Buffer.from(base64, 'base64'), stored: true });

/** Where a page stopped: the item (its key, and its index should the key be gone), the file in it, the byte in the file. */
interface ExportCursor {
  key: string;
  k: number;
  f: number;
  o: number;
}

function decodeCursor(cursor: string | undefined): ExportCursor {
  if (!cursor) return { key: '', k: 0, f: 0, o: 0 };
  try {
    const parsed = JSON.parse(cursor) as Partial<ExportCursor>;
    const whole = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0);
    return { key: typeof parsed.key === 'string' ? parsed.key : '', k: whole(parsed.k), f: whole(parsed.f), o: whole(parsed.o) };
  } catch {
    return { key: '', k: 0, f: 0, o: 0 };
  }
}

/** The JSON around one chunk's data (its path, flags, quotes and commas), counted against the budget. */
const CHUNK_FRAMING_BYTES = 64;
/** The page's own JSON (`ok`, the array, its `next` cursor). */
const PAGE_FRAMING_BYTES = 256;

/** Raw bytes whose base64 fits in `room` bytes. */
const rawBytesFitting = (room: number): number => Math.floor(room / 4) * 3;

/** The first window of keys a page lists; each next one is twice as large (up to the last), so a page lists about what it sends. */
const FIRST_KEY_WINDOW = 8;
const LAST_KEY_WINDOW = 512;

/**
 * The keys from where `at` stopped on, each with its index, read lazily: a source with `keysFrom` a
 * window at a time; one without it listed whole and found by key (or, when the key is gone, by index).
 */
async function* keysFromCursor(source: ExportSource, userId: number, at: ExportCursor): AsyncGenerator<{ key: string; k: number }> {
  const { keysFrom } = source;
  if (!keysFrom) {
    const keys = await source.keys(userId);
    const found = at.key ? keys.indexOf(at.key) : -1;
    for (let k = found >= 0 ? found : at.k; k < keys.length; k += 1) yield { key: keys[k] as string, k };
    return;
  }
  let from = at.key || undefined;
  let k = at.k;
  let window = FIRST_KEY_WINDOW;
  for (let first = true; ; first = false) {
    // After the first window, `from` is the last key already given: asked for again, and skipped.
    const listed = await keysFrom.call(source, userId, from, first ? window : window + 1);
    const keys = !first && listed[0] === from ? listed.slice(1) : listed;
    for (const key of keys) yield { key, k: k++ };
    if (listed.length < (first ? window : window + 1) || keys.length === 0) return;
    from = keys[keys.length - 1];
    window = Math.min(window * 2, LAST_KEY_WINDOW);
  }
}

/**
 * One page of a source's files for a person from `cursor` on: whole files while they fit in
 * `budgetBytes` of page JSON, then a slice of the next one (continued by the page after). Paths are put
 * under `folder`. `next` is absent on the last page.
 */
export async function exportPage(
  source: ExportSource,
  folder: string,
  userId: number,
  cursor: string | undefined,
  budgetBytes = EXPORT_PAGE_BUDGET_BYTES,
): Promise<Extract<ExportPageReply, { ok: true }>> {
  const at = decodeCursor(cursor);
  let { f, o } = at;
  const chunks: ExportChunk[] = [];
  let used = PAGE_FRAMING_BYTES;
  let first = true;
  for await (const { key, k } of keysFromCursor(source, userId, at)) {
    // The item the previous page stopped in is gone: the next one starts from its beginning.
    if (!first || key !== at.key) [f, o] = [0, 0];
    first = false;
    const files = await source.files(userId, key);
    for (; f < files.length; f += 1, o = 0) {
      const file = files[f] as ExportFile;
      const room = rawBytesFitting(budgetBytes - used - CHUNK_FRAMING_BYTES - file.path.length);
      if (room <= 0 || (room < file.bytes.length - o && chunks.length > 0 && room < 4096)) {
        return { ok: true, chunks, next: JSON.stringify({ key, k, f, o }) };
      }
      const end = Math.min(file.bytes.length, o + room);
      const more = end < file.bytes.length;
      chunks.push({
        path: `${folder}/${file.path}`,
        data: Buffer.from(file.bytes.buffer, file.bytes.byteOffset + o, end - o).toString('base64'),
        ...(more ? { more: true } : {}),
        ...(file.stored ? { stored: true } : {}),
      });
      used += CHUNK_FRAMING_BYTES + file.path.length + Math.ceil((end - o) / 3) * 4;
      if (more) return { ok: true, chunks, next: JSON.stringify({ key, k, f, o: end }) };
    }
  }
  return { ok: true, chunks };
}

/**
 * Several sources as one (a service with several kinds of data): each source's keys are put after
 * its name, in the order given, so a new kind joins by adding an entry and nothing else changes.
 * When every source lists keys a window at a time (`keysFrom`), so does the whole.
 */
export function combinedExportSource(sources: Readonly<Record<string, ExportSource>>): ExportSource {
  const entries = Object.entries(sources);
  const split = (key: string) => {
    const cut = key.indexOf('/');
    return cut > 0 ? { name: key.slice(0, cut), rest: key.slice(cut + 1) } : undefined;
  };
  const combined: ExportSource = {
    async keys(userId) {
      const keys: string[] = [];
      for (const [name, source] of entries) for (const key of await source.keys(userId)) keys.push(`${name}/${key}`);
      return keys;
    },
    async files(userId, key) {
      const part = split(key);
      const source = part && sources[part.name];
      return source && part ? source.files(userId, part.rest) : [];
    },
  };
  if (!entries.every(([, source]) => source.keysFrom)) return combined;
  combined.keysFrom = async (userId, from, limit) => {
    const start = from === undefined ? undefined : split(from);
    let at = start ? entries.findIndex(([name]) => name === start.name) : 0;
    // A key of no source here (not one this source gave): nothing follows it.
    if (at < 0) return [];
    const keys: string[] = [];
    for (let sub = start?.rest; at < entries.length && keys.length < limit; at += 1, sub = undefined) {
      const [name, source] = entries[at] as [string, ExportSource];
      const listed = (await source.keysFrom?.(userId, sub, limit - keys.length)) ?? [];
      for (const key of listed) keys.push(`${name}/${key}`);
    }
    return keys;
  };
  return combined;
}
