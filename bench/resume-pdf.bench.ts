/**
 * Résumé PDF benchmark (issue 22): rendering a two-page résumé (five roles, 22 bullets, education,
 * skills, two extra sections) with PDFKit and the embedded Source Sans 3 fonts, A4 and Letter. The
 * reference, from the same run, is a one-page résumé: the ratio says what the second page costs.
 * Since issue 36 the service draws it on a rendering thread (`PdfRenderer`) and keeps an unchanged
 * version's: the two-page résumé is also measured that way (each round a new document, so drawn
 * anew) and as a second download (kept).
 *
 *   node --import tsx bench/resume-pdf.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { renderResumePdf } from '../services/profile/src/pdf/resume-pdf.ts';
import { LONG_RESUME, SHORT_RESUME } from '@story/testing/fixtures/resume-pdf';
import type { ResumePdfInput } from '../services/profile/src/pdf/resume-pdfs.ts';
import { timeAlternately, type Timing } from './latency-figures.ts';
import { timePdfThread } from './pdf-thread-figures.ts';

const ROUNDS = 40;

export interface ResumePdfFigures {
  twoPagesA4: Timing;
  twoPagesLetter: Timing;
  referenceOnePage: Timing;
  ratio: number;
  bytes: number;
  onThread: Timing;
  kept: Timing;
}

/** Runs the measurement, prints it and returns the figures. */
export async function runResumePdfBench(log: (line: string) => void = console.log): Promise<ResumePdfFigures> {
  // Warm up: the fonts are read and parsed, the code compiled.
  const bytes = (await renderResumePdf(LONG_RESUME, 'a4')).length;
  await renderResumePdf(SHORT_RESUME, 'a4');
  const { twoPagesA4, twoPagesLetter, referenceOnePage } = await timeAlternately(ROUNDS, {
    twoPagesA4: () => renderResumePdf(LONG_RESUME, 'a4'),
    twoPagesLetter: () => renderResumePdf(LONG_RESUME, 'letter'),
    referenceOnePage: () => renderResumePdf(SHORT_RESUME, 'a4'),
  });
  const ratio = Math.round((twoPagesA4.p50 / referenceOnePage.p50) * 100) / 100;
  log(
    `résumé PDF, two pages (${Math.round(bytes / 1024)} KB): A4 p50 ${twoPagesA4.p50} ms, p99 ${twoPagesA4.p99} ms; Letter p50 ${twoPagesLetter.p50} ms; one page (reference) p50 ${referenceOnePage.p50} ms; ratio ${ratio}`,
  );
  const input: ResumePdfInput = { content: LONG_RESUME, paper: 'a4' };
  const { onThread, kept } = await timePdfThread(new URL('../services/profile/src/pdf/resume-pdf.thread.ts', import.meta.url), input, ROUNDS);
  log(
    `  as the service makes it: on a rendering thread A4 p50 ${onThread.p50} ms, p99 ${onThread.p99} ms; an unchanged version's second download p50 ${kept.p50} ms`,
  );
  return { twoPagesA4, twoPagesLetter, referenceOnePage, ratio, bytes, onThread, kept };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runResumePdfBench();
