/**
 * Rendered PDFs kept in memory, bounded in bytes, the least recently used dropped first, each for at
 * most `ttlMs` (a person's words are not kept longer than a download needs). Keys are built by
 * `PdfRenderer` and always begin with the owner, so one person's entry is never another's.
 */
export class PdfCache {
  private readonly entries = new Map<string, { pdf: Buffer; at: number }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Bytes kept now (metrics and tests). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** The PDF kept under `key`, made the most recently used; undefined when none or too old. */
  get(key: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.now() - entry.at > this.ttlMs) {
      this.bytes -= entry.pdf.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.pdf;
  }

  /** Keeps `pdf` under `key`, dropping the least recently used until it fits; one larger than a quarter of the cache is not kept. */
  set(key: string, pdf: Buffer): void {
    this.delete(key);
    if (pdf.length > this.maxBytes / 4) return;
    this.entries.set(key, { pdf, at: this.now() });
    this.bytes += pdf.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.pdf.length;
    }
  }

  /** Drops every entry whose key starts with `prefix` (an owner's, when their account is deleted). */
  deleteWhere(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.pdf.length;
  }
}
