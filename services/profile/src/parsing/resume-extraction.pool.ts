/**
 * Résumé files are read on worker threads (issue 36): pdfjs, mammoth and the PDF layout run where a
 * hostile file can only spend its own thread's heap and deadline, never the service's event loop. A
 * small pool serves everyone, one file per person at a time; what the pool refuses becomes a clear
 * answer.
 */
import { RESUME_MESSAGES, type ResumeFormat } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';
import { IsolatedPool, IsolatedTaskError } from '@story/service-kit/isolation';
import type { ResumeLinesExtractor } from './resume-text.extractor.ts';

/** One file to read on a thread: its format (already checked) and its bytes (moved there, not copied). */
export interface ResumeExtractionTask {
  format: ResumeFormat;
  bytes: Uint8Array;
}

/** The pool's size and each file's limits (the profile service's `RESUME_PARSE_*` settings). */
export interface ResumeExtractionOptions {
  threads: number;
  /** Files that may wait for a thread; one more is refused (503). */
  queue: number;
  heapMb: number;
  deadlineMs: number;
}

/** The thread's module: bundled beside the service's main bundle, or run from source under tsx. */
const THREAD_SCRIPT = new URL('./resume-extraction.thread.ts', import.meta.url);

/** How long to wait before trying again, in seconds (a `Retry-After`). */
const RETRY_AFTER = { person: '5', pool: '30' };

/**
 * The answer for a file the pool did not finish: over its deadline, out of heap or its thread lost
 * → 422 `tooComplex`; the person's previous file still being read → 429 `alreadyReading`; every
 * thread busy and the queue full, or the service stopping → 503 `readersBusy`. Other errors (the
 * file's own 4xx) pass unchanged.
 */
export function extractionFailure(error: unknown): unknown {
  if (!(error instanceof IsolatedTaskError)) return error;
  switch (error.reason) {
    case 'key-busy':
      return new HttpError(429, RESUME_MESSAGES.alreadyReading, { 'retry-after': RETRY_AFTER.person });
    case 'pool-busy':
      return new HttpError(503, RESUME_MESSAGES.readersBusy, { 'retry-after': RETRY_AFTER.pool });
    case 'deadline':
    case 'memory':
    case 'crashed':
      return new HttpError(422, RESUME_MESSAGES.tooComplex);
  }
}

/** Reads résumé files on a few worker threads, one file per person at a time. */
export class ResumeExtractionPool {
  private readonly pool: IsolatedPool<ResumeExtractionTask, string[]>;

  constructor(options: ResumeExtractionOptions) {
    this.pool = new IsolatedPool(THREAD_SCRIPT, {
      size: options.threads,
      maxWaiting: options.queue,
      heapMb: options.heapMb,
      deadlineMs: options.deadlineMs,
      purpose: 'résumé reading',
    });
  }

  /** Files being read and waiting now. */
  get load(): { running: number; waiting: number } {
    return this.pool.load;
  }

  /** The extractor for one person's uploads: their files are read one at a time. */
  extractorFor(userId: number): ResumeLinesExtractor {
    return async (format, bytes) => {
      // The copy moves to the thread; the caller's bytes stay whole.
      const moved = bytes.slice();
      try {
        return await this.pool.run({ format, bytes: moved }, { key: `user:${userId}`, transfer: [moved.buffer] });
      } catch (error) {
        throw extractionFailure(error);
      }
    };
  }

  /** Ends the threads; files still being read are refused (503). */
  close(): Promise<void> {
    return this.pool.close();
  }
}
