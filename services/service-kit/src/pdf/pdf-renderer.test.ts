import { afterEach, describe, expect, it } from 'vitest';
import { PDF_MESSAGES } from '@story/proto';
import type { DrawingProbe } from '../../test/pdf-drawing.thread.ts';
import { HttpError } from '../errors.ts';
import { pdfDownloads } from '../telemetry/metrics.ts';
import { PdfRenderer, UNTIMED_PDF_DEADLINE_MS, type PdfRenderingConfig } from './pdf-renderer.ts';
import { flatText, pdfReader } from './pdf-reader.testing.ts';

const SCRIPT = new URL('../../test/pdf-drawing.thread.ts', import.meta.url);
const renderers: PdfRenderer<DrawingProbe>[] = [];
const reader = pdfReader('pdf-renderer');

afterEach(async () => {
  await Promise.all(renderers.splice(0).map((renderer) => renderer.close()));
});

const renderer = (config: Partial<PdfRenderingConfig> = {}, heapMb?: number) => {
  const made = new PdfRenderer<DrawingProbe>(
    SCRIPT,
    { PDF_RENDER_THREADS: 2, PDF_RENDER_DEADLINE_MS: UNTIMED_PDF_DEADLINE_MS, PDF_CACHE_MB: 8, ...config },
    { purpose: 'test PDFs', ...(heapMb === undefined ? {} : { heapMb }) },
  );
  renderers.push(made);
  return made;
};

/** A gate a drawing waits at until `open` is called: a PDF "being made" for as long as the test needs. */
function gate(): { buffer: SharedArrayBuffer; open: () => void } {
  const buffer = new SharedArrayBuffer(4);
  return {
    buffer,
    open: () => {
      Atomics.store(new Int32Array(buffer), 0, 1);
      Atomics.notify(new Int32Array(buffer), 0);
    },
  };
}

/** What a refused download answers: status, `{ message }` and Retry-After. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'made',
    (error: unknown) =>
      error instanceof HttpError ? { status: error.statusCode, message: error.message, retryAfter: error.headers['retry-after'] } : String(error),
  );

/** Downloads of `kind` by outcome, from the process's metrics. */
const outcomes = async (kind: string): Promise<Record<string, number>> =>
  Object.fromEntries(
    (await pdfDownloads.get()).values.filter((value) => value.labels.kind === kind).map((value) => [String(value.labels.outcome), value.value]),
  );

const textOf = (pdf: Buffer) => flatText(reader.text(reader.file(pdf)));

describe('PdfRenderer', () => {
  it('draws on a thread; while one person’s PDF is made, another of theirs is a 429, the same one joins it, and another person’s is made', async () => {
    const pdfs = renderer();
    const held = gate();
    const first = pdfs.render({ owner: 1, kind: 'one-at-a-time', document: 7, input: { text: 'Alice’s first', gate: held.buffer } });
    // The same download again (a double click) waits for the same PDF; any other of hers is refused at once.
    const again = pdfs.render({ owner: 1, kind: 'one-at-a-time', document: 7, input: { text: 'Alice’s first', gate: held.buffer } });
    expect(await refusal(pdfs.render({ owner: 1, kind: 'one-at-a-time', document: 8, input: { text: 'Alice’s second' } }))).toEqual({
      status: 429,
      message: PDF_MESSAGES.oneAtATime,
      retryAfter: '5',
    });
    expect(textOf(await pdfs.render({ owner: 2, kind: 'one-at-a-time', document: 7, input: { text: 'Bob’s' } }))).toContain('Bob’s');
    held.open();
    const [made, joined] = await Promise.all([first, again]);
    expect(textOf(made)).toContain('Alice’s first');
    expect(joined).toBe(made);
    expect(textOf(await pdfs.render({ owner: 1, kind: 'one-at-a-time', document: 8, input: { text: 'Alice’s second' } }))).toContain('Alice’s second');
    expect(await outcomes('one-at-a-time')).toEqual({ rendered: 3, joined: 1, 'one-at-a-time': 1 });
  });

  it('keeps a PDF made under its owner and what it was drawn from: the same input is the same bytes, any change or another owner is drawn anew', async () => {
    const pdfs = renderer();
    const input = { text: 'Version one' };
    const made = await pdfs.render({ owner: 1, kind: 'kept', document: 3, input });
    expect(await pdfs.render({ owner: 1, kind: 'kept', document: 3, input: { text: 'Version one' } })).toBe(made);
    expect(textOf(await pdfs.render({ owner: 1, kind: 'kept', document: 3, input: { text: 'Version two' } }))).toContain('Version two');
    const bobs = await pdfs.render({ owner: 2, kind: 'kept', document: 3, input });
    expect(bobs).not.toBe(made);
    pdfs.forget(1);
    expect(await pdfs.render({ owner: 1, kind: 'kept', document: 3, input })).not.toBe(made);
    expect(await outcomes('kept')).toEqual({ rendered: 4, cached: 1 });
  });

  it('keeps nothing with PDF_CACHE_MB=0', async () => {
    const pdfs = renderer({ PDF_CACHE_MB: 0 });
    await pdfs.render({ owner: 1, kind: 'uncached', document: 1, input: { text: 'Once' } });
    await pdfs.render({ owner: 1, kind: 'uncached', document: 1, input: { text: 'Once' } });
    expect(await outcomes('uncached')).toEqual({ rendered: 2 });
  });

  it('ends a drawing that never ends at its deadline with a 503 that says so; the next PDF’s new thread starts before its deadline does', async () => {
    const pdfs = renderer({ PDF_RENDER_DEADLINE_MS: 1000, PDF_RENDER_THREADS: 1 });
    expect(await refusal(pdfs.render({ owner: 1, kind: 'deadline', document: 1, input: { text: 'Endless', behaviour: 'spin' } }))).toEqual({
      status: 503,
      message: PDF_MESSAGES.tooSlow,
      retryAfter: '5',
    });
    // The person's turn is free again, and the thread was replaced: its start (loading the code under
    // tsx and parsing the fonts, often longer than the deadline here) is not counted, only the drawing.
    const next = pdfs.render({ owner: 1, kind: 'deadline', document: 2, input: { text: 'Next' } });
    expect(await refusal(next)).toBe('made');
    expect(await outcomes('deadline')).toEqual({ deadline: 1, rendered: 1 });
  });

  it('ends a drawing that fills its heap with a 422 that says so', async () => {
    const pdfs = renderer({}, 32);
    expect(await refusal(pdfs.render({ owner: 1, kind: 'memory', document: 1, input: { text: 'Hoarder', behaviour: 'hoard' } }))).toEqual({
      status: 422,
      message: PDF_MESSAGES.tooLarge,
      retryAfter: undefined,
    });
  });

  it('refuses with 503 at once when every thread is busy and the queue is full, then makes what waited', async () => {
    const pdfs = renderer({ PDF_RENDER_THREADS: 1 });
    const held = gate();
    const running = pdfs.render({ owner: 1, kind: 'busy', document: 1, input: { text: 'Running', gate: held.buffer } });
    const waiting = pdfs.render({ owner: 2, kind: 'busy', document: 1, input: { text: 'Waiting' } });
    expect(await refusal(pdfs.render({ owner: 3, kind: 'busy', document: 1, input: { text: 'Third' } }))).toEqual({
      status: 503,
      message: PDF_MESSAGES.busy,
      retryAfter: '5',
    });
    held.open();
    expect(textOf(await running)).toContain('Running');
    expect(textOf(await waiting)).toContain('Waiting');
  });

  it('gives back a drawing’s own HttpError as it is', async () => {
    expect(await refusal(renderer().render({ owner: 1, kind: 'refused', document: 1, input: { text: 'No', behaviour: 'refuse' } }))).toEqual({
      status: 422,
      message: 'This document cannot be drawn.',
      retryAfter: undefined,
    });
  });
});
