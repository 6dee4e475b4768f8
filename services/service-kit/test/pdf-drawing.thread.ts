// A rendering thread for the PdfRenderer tests: draws a one-line PDF, after waiting on a gate the test
// opens (a drawing "in progress" without timing), or never ends, or fills its heap, or refuses.
import { HttpError } from '../src/errors.ts';
import { openPdf, servePdfDrawing, useFont } from '../src/pdf/index.ts';

export interface DrawingProbe {
  text: string;
  /** Set: the drawing waits until the test stores 1 at index 0 and notifies. */
  gate?: SharedArrayBuffer;
  behaviour?: 'spin' | 'hoard' | 'refuse';
}

servePdfDrawing<DrawingProbe>(async (probe) => {
  if (probe.gate) Atomics.wait(new Int32Array(probe.gate), 0, 0);
  if (probe.behaviour === 'spin') {
    for (;;) {
      // a drawing that never ends
    }
  }
  if (probe.behaviour === 'hoard') {
    const kept: number[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, index) => index));
  }
  if (probe.behaviour === 'refuse') throw new HttpError(422, 'This document cannot be drawn.');
  const { page, finish } = openPdf('a4', { title: probe.text, creator: 'PdfRenderer test' });
  useFont(page.doc, 'regular', 12).text(probe.text, page.left, page.doc.y, { width: page.width });
  return finish();
});
