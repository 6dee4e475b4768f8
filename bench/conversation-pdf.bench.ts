/**
 * Conversation PDF benchmark (issue 24, 2): a thread of 200 saved exchanges (400 messages, one in ten
 * of them long) laid out as a PDF of about 30 pages with PDFKit and the embedded Source Sans 3. The
 * reference, from the same run, is a one-page PDF of the same thread's first five exchanges: the ratio
 * says what the length costs. Budget: under 1 s (p50).
 *
 *   node --import tsx bench/conversation-pdf.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { renderTranscriptPdf } from '../services/service-kit/src/pdf/index.ts';
import { coachingThread } from '../services/conversations/src/threads/thread-transcript.fixtures.ts';
import { threadTranscript } from '../services/conversations/src/threads/thread-transcript.ts';
import { timeAlternately, type Timing } from './latency-figures.ts';

const ROUNDS = 20;
const EXCHANGES = 200;
const BUDGET_MS = 1000;

export interface ConversationPdfFigures {
  longThread: Timing;
  referenceOnePage: Timing;
  ratio: number;
  bytes: number;
  budgetMs: number;
  withinBudget: boolean;
}

function render(exchanges: number): Promise<Buffer> {
  const { thread, messages } = coachingThread(exchanges);
  return renderTranscriptPdf(threadTranscript(thread, messages, 'Europe/London'), 'a4', 'Europe/London', 'Story conversations');
}

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
  if (!withinBudget) process.exitCode = 1;
  return { longThread, referenceOnePage, ratio, bytes, budgetMs: BUDGET_MS, withinBudget };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runConversationPdfBench();
