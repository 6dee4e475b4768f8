/**
 * Conversation PDF benchmark (issue 24, 2; issue 36, 3): a thread of 200 saved exchanges (400
 * messages, one in ten of them long) laid out as a PDF of about 30 pages with PDFKit and the embedded
 * Source Sans 3. The reference, from the same run, is a one-page PDF of the same thread's first five
 * exchanges: the ratio says what the length costs. Budget: under 1 s (p50).
 *
 * Since issue 36 a service draws its PDFs on a rendering thread (`PdfRenderer`) and keeps an
 * unchanged document's: the same thread is also measured as the service makes it, on a thread
 * (each round a new document, so drawn anew), and as a second download (kept). And the download of
 * the attack, a thread of 40 exchanges of 20,000 characters each side, drawn in full as before the
 * caps and within them.
 *
 *   node --import tsx bench/conversation-pdf.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { boundTranscript, renderTranscriptPdf } from '../services/service-kit/src/pdf/index.ts';
import type { TranscriptPdfInput } from '../services/conversations/src/pdf/transcript-pdfs.ts';
import { coachingThread } from '@story/testing/fixtures/threads';
import { threadTranscript } from '../services/conversations/src/threads/thread-transcript.ts';
import { timeAlternately, timeEach, type Timing } from './latency-figures.ts';
import { timePdfThread } from './pdf-thread-figures.ts';

const ROUNDS = 20;
const HUGE_ROUNDS = 2;
const EXCHANGES = 200;
const BUDGET_MS = 1000;
const ZONE = 'Europe/London';
/** No caps: how the attack's PDF was drawn before issue 36. */
const UNCAPPED = { turnCharacters: Infinity, documentCharacters: Infinity, pages: Infinity };

export interface ConversationPdfFigures {
  longThread: Timing;
  referenceOnePage: Timing;
  ratio: number;
  bytes: number;
  onThread: Timing;
  kept: Timing;
  hugeUncapped: Timing;
  hugeCapped: Timing;
  hugePages: { uncapped: number; capped: number };
  budgetMs: number;
  withinBudget: boolean;
}

const transcriptOf = (exchanges: number) => {
  const { thread, messages } = coachingThread(exchanges);
  return threadTranscript(thread, messages, ZONE);
};

function render(exchanges: number): Promise<Buffer> {
  return renderTranscriptPdf(transcriptOf(exchanges), 'a4', ZONE, 'Story conversations');
}

/** The attack's thread: 40 exchanges of 20,000 characters each side. */
function hugeTranscript() {
  const { thread, messages } = coachingThread(40);
  const words = 'I sat with each shift for a week and wrote down every step they took at the till. ';
  const long = words.repeat(Math.ceil(20_000 / words.length)).slice(0, 20_000);
  return threadTranscript(
    thread,
    messages.map((message) => ({ ...message, userMessage: long, aiResponse: long })),
    ZONE,
  );
}

const pagesOf = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

/** Runs the measurement, prints it and returns the figures. */
export async function runConversationPdfBench(log: (line: string) => void = console.log): Promise<ConversationPdfFigures> {
  // Warm up: the fonts are read and parsed, the code compiled.
  const bytes = (await render(EXCHANGES)).length;
  await render(5);
  const { longThread, referenceOnePage } = await timeAlternately(ROUNDS, {
    longThread: () => render(EXCHANGES),
    referenceOnePage: () => render(5),
  });
  const ratio = Math.round((longThread.p50 / referenceOnePage.p50) * 10) / 10;
  const withinBudget = longThread.p50 < BUDGET_MS;
  log(
    `conversation PDF, ${EXCHANGES} exchanges (${Math.round(bytes / 1024)} KB): p50 ${longThread.p50} ms, p99 ${longThread.p99} ms; five exchanges, one page (reference) p50 ${referenceOnePage.p50} ms; ratio ${ratio}`,
  );
  log(`  budget: ${EXCHANGES} exchanges p50 < ${BUDGET_MS} ms → ${withinBudget ? 'PASS' : 'FAIL'} (${longThread.p50} ms)`);

  // As the service makes it: on a rendering thread, then kept.
  const input: TranscriptPdfInput = { transcript: boundTranscript(transcriptOf(EXCHANGES)), paper: 'a4', timeZone: ZONE };
  const { onThread, kept } = await timePdfThread(new URL('../services/conversations/src/pdf/transcript-pdf.thread.ts', import.meta.url), input, ROUNDS);
  log(
    `  as the service makes it: on a rendering thread p50 ${onThread.p50} ms, p99 ${onThread.p99} ms; an unchanged thread's second download p50 ${kept.p50} ms`,
  );

  const huge = hugeTranscript();
  const uncappedPdf = await renderTranscriptPdf(huge, 'a4', ZONE, 'Story conversations', UNCAPPED);
  const cappedPdf = await renderTranscriptPdf(huge, 'a4', ZONE, 'Story conversations');
  const hugeUncapped = await timeEach(HUGE_ROUNDS, () => renderTranscriptPdf(huge, 'a4', ZONE, 'Story conversations', UNCAPPED));
  const hugeCapped = await timeEach(HUGE_ROUNDS, () => renderTranscriptPdf(huge, 'a4', ZONE, 'Story conversations'));
  const hugePages = { uncapped: pagesOf(uncappedPdf), capped: pagesOf(cappedPdf) };
  log(
    `  40 exchanges of 20,000 characters: in full ${hugePages.uncapped} pages p50 ${hugeUncapped.p50} ms; within the caps ${hugePages.capped} pages p50 ${hugeCapped.p50} ms`,
  );
  if (!withinBudget) process.exitCode = 1;
  return { longThread, referenceOnePage, ratio, bytes, onThread, kept, hugeUncapped, hugeCapped, hugePages, budgetMs: BUDGET_MS, withinBudget };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runConversationPdfBench();
