import { PdfRenderer } from '../services/service-kit/src/pdf/pdf-renderer.ts';
import { timeEach, type Timing } from './latency-figures.ts';

/** A PDF as the service makes it: drawn on a rendering thread, then an unchanged document's second download (kept). */
export interface PdfThreadFigures {
  onThread: Timing;
  kept: Timing;
}

/**
 * Times `input` drawn as a service draws it (`thread` is its rendering thread's module), a new
 * document each round, then the same document again (kept); the thread is warmed up first (its
 * start and the fonts are not what is measured) and closed after.
 */
export async function timePdfThread<Input>(thread: URL, input: Input, rounds: number): Promise<PdfThreadFigures> {
  const pdfs = new PdfRenderer<Input>(thread, { PDF_RENDER_THREADS: 1, PDF_RENDER_DEADLINE_MS: 120_000, PDF_CACHE_MB: 32 }, { purpose: 'bench PDFs' });
  let document = 0;
  try {
    await pdfs.render({ owner: 1, kind: 'bench', document: ++document, input });
    const onThread = await timeEach(rounds, () => pdfs.render({ owner: 1, kind: 'bench', document: ++document, input }));
    const kept = await timeEach(rounds, () => pdfs.render({ owner: 1, kind: 'bench', document, input }));
    return { onThread, kept };
  } finally {
    await pdfs.close();
  }
}
