import type { Writable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ExportChunk } from '@story/proto';

/** Resolves once `out` wants more (at once when it already does); rejects when it closes or fails first. */
function drained(out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error('The reader went away'));
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', done);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('The reader went away'));
    out.once('drain', onDrain);
    out.once('close', onClose);
    out.once('error', done);
  });
}

/**
 * A ZIP written to a Node stream as its files arrive, chunk by chunk (fflate's streaming Zip): text
 * is deflated, already-compressed files (MP3) are stored. Each write resolves once the stream has
 * taken the bytes and wants more, so memory holds about one chunk whatever the ZIP's size.
 */
export class ZipStreamWriter {
  private readonly zip: Zip;
  private current: { path: string; entry: ZipDeflate | ZipPassThrough } | undefined;
  private failure: Error | undefined;
  /** Files written (whole), by path. */
  readonly paths = new Set<string>();

  constructor(private readonly out: Writable) {
    this.zip = new Zip((error, data, final) => {
      if (error) {
        this.failure = error;
        return;
      }
      out.write(data);
      if (final) out.end();
    });
  }

  /** Adds a chunk: opens its file when it is a new one, closes it when nothing more follows. */
  async write(chunk: ExportChunk): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.current && this.current.path !== chunk.path) throw new Error(`${this.current.path} was left unfinished`);
    if (!this.current) {
      if (this.paths.has(chunk.path)) throw new Error(`${chunk.path} came twice`);
      const entry = chunk.stored ? new ZipPassThrough(chunk.path) : new ZipDeflate(chunk.path, { level: 6 });
      this.zip.add(entry);
      this.current = { path: chunk.path, entry };
    }
    const last = !chunk.more;
    this.current.entry.push(Buffer.from(chunk.data, 'base64'), last);
    if (last) {
      this.paths.add(chunk.path);
      this.current = undefined;
    }
    await drained(this.out);
  }

  /** A whole text file. */
  writeText(path: string, text: string): Promise<void> {
    return this.write({ path, data: Buffer.from(text, 'utf8').toString('base64') });
  }

  /** Writes the central directory and ends the stream. */
  async end(): Promise<void> {
    if (this.current) throw new Error(`${this.current.path} was left unfinished`);
    this.zip.end();
    if (this.failure) throw this.failure;
    await drained(this.out);
  }
}
