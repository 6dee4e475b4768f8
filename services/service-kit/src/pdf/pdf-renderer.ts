import { createHash } from 'node:crypto';
import { z } from 'zod';
import { PDF_MESSAGES } from '@story/proto/messages/pdf';
import { HttpError } from '../errors.ts';
import { IsolatedPool, IsolatedTaskError, type IsolatedFailure } from '../isolation/isolated-pool.ts';
import { pdfDownloads, pdfRenderDuration, rateLimitRefusals } from '../telemetry/metrics.ts';
import { PdfCache } from './pdf-cache.ts';

const count = (name: string, fallback: number, min: number, max: number) =>
  z.coerce
    .number(`${name} must be a number`)
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be from ${min} to ${max}`)
    .max(max, `${name} must be from ${min} to ${max}`)
    .default(fallback);

/** The settings of a service that makes PDFs; its environment schema extends itself with them. */
export const pdfRenderingEnvShape = {
  PDF_RENDER_THREADS: count('PDF_RENDER_THREADS', 2, 1, 16).describe(
    'Worker threads that draw PDFs at once in one instance (as many more may wait; past that, 503 "Many PDFs are being made right now…")',
  ),
  // Below the gateway's read timeout (5 s), so that the person reads why. A 100-page PDF takes about half a second.
  PDF_RENDER_DEADLINE_MS: count('PDF_RENDER_DEADLINE_MS', 4_000, 500, 120_000).describe(
    'How long drawing one PDF may take before its thread is ended (503 "This PDF took too long to make…"); ' +
      "below the gateway's UPSTREAM_READ_TIMEOUT_MS. A thread's start is not counted",
  ),
  PDF_CACHE_MB: count('PDF_CACHE_MB', 32, 0, 4_096).describe(
    "Memory for PDFs made before (least recently used dropped first, none kept over 15 minutes): an unchanged document's " +
      'next download is not drawn again; 0 keeps none',
  ),
};
export type PdfRenderingConfig = { [K in keyof typeof pdfRenderingEnvShape]: z.infer<(typeof pdfRenderingEnvShape)[K]> };

/** The deadline tests give (the most allowed): a PDF takes what it takes on a shared machine, and tests are never timed. */
export const UNTIMED_PDF_DEADLINE_MS = 120_000;

/** One download: whose it is, what it is, and everything its drawing reads. */
export interface PdfRequest<I> {
  /** The person who asked, and who owns the document: one PDF at a time each, and part of every cache key. */
  owner: number;
  /** What it is, for metrics ("thread", "resume"). */
  kind: string;
  /** The document's id among its kind. */
  document: number;
  /** What the drawing reads (content and options such as the paper): its digest is the version kept. */
  input: I;
}

/** How long a made PDF is kept at most: long enough for a few downloads in a row, not to hold a person's words. */
const CACHE_TTL_MS = 15 * 60_000;
/** A thread's heap: a 100-page PDF needs about 40 MB besides the fonts. */
const THREAD_HEAP_MB = 192;
/** Seconds a refused download is told to wait: about one PDF's drawing. */
const RETRY_AFTER_SECONDS = '5';

/** What a pool's failure tells the person, and its outcome in the metrics. */
const FAILURES: Readonly<Record<IsolatedFailure, { outcome: string; error: () => Error }>> = {
  'key-busy': { outcome: 'one-at-a-time', error: () => new HttpError(429, PDF_MESSAGES.oneAtATime, { 'retry-after': RETRY_AFTER_SECONDS }) },
  'pool-busy': { outcome: 'busy', error: () => new HttpError(503, PDF_MESSAGES.busy, { 'retry-after': RETRY_AFTER_SECONDS }) },
  deadline: { outcome: 'deadline', error: () => new HttpError(503, PDF_MESSAGES.tooSlow, { 'retry-after': RETRY_AFTER_SECONDS }) },
  memory: { outcome: 'memory', error: () => new HttpError(422, PDF_MESSAGES.tooLarge) },
  crashed: { outcome: 'failed', error: () => new Error('a PDF rendering thread stopped') },
};

/**
 * Makes a service's PDFs off its event loop (issue 36, 3). Each PDF is drawn on a worker thread of a
 * small pool (`*.thread.ts` serving `servePdfDrawing`), with a heap limit and a deadline that ends
 * the thread; one person has one PDF being made at a time (another is a 429 at once, whatever its
 * kind), except that the very same download asked again while it is made joins it (a double
 * click). A PDF made is kept, bounded in bytes, under its owner, kind, id and the digest of what
 * it was drawn from: an unchanged document is made once, and any change (a message, a title, a
 * version, the paper, the time zone) is another key. The caller has checked that the person owns
 * the document before asking.
 */
export class PdfRenderer<I> {
  private readonly pool: IsolatedPool<I, Uint8Array>;
  private readonly cache: PdfCache;
  private readonly making = new Map<string, Promise<Buffer>>();

  constructor(script: URL, config: PdfRenderingConfig, options: { purpose?: string; heapMb?: number; now?: () => number } = {}) {
    this.pool = new IsolatedPool<I, Uint8Array>(script, {
      size: config.PDF_RENDER_THREADS,
      maxWaiting: config.PDF_RENDER_THREADS,
      heapMb: options.heapMb ?? THREAD_HEAP_MB,
      deadlineMs: config.PDF_RENDER_DEADLINE_MS,
      purpose: options.purpose ?? 'PDF rendering',
    });
    this.cache = new PdfCache(config.PDF_CACHE_MB * 1024 * 1024, CACHE_TTL_MS, options.now);
  }

  /** The PDF of `request.input`: kept, being made, or made now. Refusals are HttpErrors with `{ message }`. */
  render(request: PdfRequest<I>): Promise<Buffer> {
    const key = `${request.owner}/${request.kind}/${request.document}/${createHash('sha256').update(JSON.stringify(request.input)).digest('base64url')}`;
    const kept = this.cache.get(key);
    if (kept) {
      pdfDownloads.inc({ kind: request.kind, outcome: 'cached' });
      return Promise.resolve(kept);
    }
    const making = this.making.get(key);
    if (making) {
      pdfDownloads.inc({ kind: request.kind, outcome: 'joined' });
      return making;
    }
    const made = this.make(key, request);
    this.making.set(key, made);
    const forget = () => this.making.delete(key);
    made.then(forget, forget);
    return made;
  }

  /** Forgets every PDF kept of `owner`'s (their account was deleted). */
  forget(owner: number): void {
    this.cache.deleteWhere(`${owner}/`);
  }

  /** Ends the rendering threads; downloads being made are refused. */
  close(): Promise<void> {
    return this.pool.close();
  }

  private async make(key: string, request: PdfRequest<I>): Promise<Buffer> {
    const stopTimer = pdfRenderDuration.startTimer({ kind: request.kind });
    try {
      const bytes = await this.pool.run(request.input, { key: `person:${request.owner}` });
      const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      stopTimer();
      this.cache.set(key, pdf);
      pdfDownloads.inc({ kind: request.kind, outcome: 'rendered' });
      return pdf;
    } catch (error) {
      if (!(error instanceof IsolatedTaskError)) {
        pdfDownloads.inc({ kind: request.kind, outcome: 'failed' });
        throw error;
      }
      const failure = FAILURES[error.reason];
      pdfDownloads.inc({ kind: request.kind, outcome: failure.outcome });
      if (error.reason === 'key-busy') rateLimitRefusals.inc({ limiter: 'pdf-one-at-a-time' });
      throw failure.error();
    }
  }
}
