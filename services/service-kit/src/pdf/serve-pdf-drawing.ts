import { serveIsolatedTask } from '../isolation/isolated-task.ts';
import { pdfFontSources } from './pdf-fonts.ts';

/** The bytes in an ArrayBuffer of their own, which can be moved to the other thread rather than copied. */
function movable(pdf: Buffer): Uint8Array {
  const whole = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength && pdf.buffer instanceof ArrayBuffer;
  return whole ? new Uint8Array(pdf.buffer) : new Uint8Array(pdf);
}

/**
 * The thread side of a `PdfRenderer`: call once in a service's `*.thread.ts` module with its drawing
 * function. Each task is one PDF; its bytes are moved back to the service's thread.
 */
export function servePdfDrawing<I>(draw: (input: I) => Promise<Buffer>): void {
  // The fonts are parsed before the thread says it is ready: the first PDF's deadline is for drawing it.
  pdfFontSources();
  serveIsolatedTask<I, Uint8Array>(
    async (input) => movable(await draw(input)),
    (bytes) => (bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : []),
  );
}
