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
  const keys = await source.keys(userId);
  const found = at.key ? keys.indexOf(at.key) : -1;
  let k = found >= 0 ? found : at.k;
  let { f, o } = at;
  if (found < 0 && at.key) [f, o] = [0, 0];
  const chunks: ExportChunk[] = [];
  let used = PAGE_FRAMING_BYTES;
  for (; k < keys.length; k += 1, f = 0, o = 0) {
    const key = keys[k] as string;
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
 */
export function combinedExportSource(sources: Readonly<Record<string, ExportSource>>): ExportSource {
  const entries = Object.entries(sources);
  return {
    async keys(userId) {
      const keys: string[] = [];
      for (const [name, source] of entries) for (const key of await source.keys(userId)) keys.push(`${name}/${key}`);
      return keys;
    },
    async files(userId, key) {
      const cut = key.indexOf('/');
      const source = sources[key.slice(0, cut)];
      return source && cut > 0 ? source.files(userId, key.slice(cut + 1)) : [];
    },
  };
}
