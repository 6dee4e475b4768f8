/**
 * Résumé parsing benchmark (issues 22 and 36): the upload path (`parseResumeUpload`: file checks,
 * stream counting, pdfjs text in reading order, the offline parser) on the two-page executive PDF of
 * the evaluation set, in process and through a reading thread as the upload route runs it, against
 * pdfjs alone opening the same PDF and reading every page's text items (the reference, measured in
 * the same run). Target: under 300 ms at p50. Then what each hostile file of issue 36 costs through
 * the reading thread: its answer, the time to it, and the longest the service's event loop stalled
 * meanwhile.
 *
 *   node --import tsx bench/resume-parse.bench.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RESUME_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';
import { RESUMES_DIR } from '../services/profile/src/parsing/evaluation/resume-evaluation.ts';
import {
  manyItemsPdf,
  offPageTextPdf,
  repeatedFormPdf,
  sharedStreamPdf,
  smuggledDocx,
  widePagePdf,
  wordyDocx,
} from '@story/testing/fixtures/hostile-resume-files';
import { openPdf } from '../services/profile/src/parsing/pdf-text.extractor.ts';
import { ResumeExtractionPool } from '../services/profile/src/parsing/resume-extraction.pool.ts';
import { parseResumeUpload } from '../services/profile/src/parsing/resume-upload.parser.ts';
import { percentiles, sampleAlternately } from './latency-figures.ts';

const FILE = 'executive-two-page.pdf';
const WARMUP = 5;
const ROUNDS = 40;
const TARGET_P50_MS = 300;

/** The median and 95th percentile of some timings, in milliseconds. */
export interface ResumeTiming {
  p50: number;
  p95: number;
}

function percentilesOf(samples: readonly number[]): ResumeTiming {
  const at = percentiles(samples, 2);
  return { p50: at(50), p95: at(95) };
}

/** Times each piece of work in alternate rounds after a warm-up, so that a busy moment of the shared machine weighs on all alike. */
async function timeAlternately<Name extends string>(rounds: number, works: Record<Name, () => Promise<unknown>>): Promise<Record<Name, ResumeTiming>> {
  const names = Object.keys(works) as Name[];
  for (let i = 0; i < WARMUP; i++) for (const name of names) await works[name]();
  const samples = await sampleAlternately(rounds, works);
  return Object.fromEntries(Object.entries<number[]>(samples).map(([name, taken]) => [name, percentilesOf(taken)])) as Record<Name, ResumeTiming>;
}

/** pdfjs alone: open the document, read each page's text items, destroy it. */
async function pdfjsOnly(bytes: Uint8Array): Promise<number> {
  const pdf = await openPdf(bytes);
  try {
    let items = 0;
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) items += (await (await pdf.getPage(pageNumber)).getTextContent()).items.length;
    return items;
  } finally {
    await pdf.destroy();
  }
}

/** What one hostile file cost through the reading thread. */
export interface HostileFileCost {
  file: string;
  bytes: number;
  /** The status and the message's key, or 201 when it was read. */
  answer: string;
  ms: number;
  /** The longest the event loop of the service's thread stalled while the file was read. */
  loopStallMs: number;
}

export interface ResumeParseBenchResult {
  pages: number;
  parse: ResumeTiming;
  throughThread: ResumeTiming;
  reference: ResumeTiming;
  ratio: number;
  withinTarget: boolean;
  hostile: HostileFileCost[];
}

/** The production settings' defaults (services/profile/src/config.ts). */
const POOL = { threads: 2, queue: 8, heapMb: 256, deadlineMs: 10_000 };

const HOSTILE_FILES: [string, string, () => Uint8Array][] = [
  ['page 150,000,000 units wide', 'cv.pdf', () => widePagePdf(150_000_000)],
  ['A4 page, text 150,000,000 units off it', 'cv.pdf', () => offPageTextPdf(150_000_000)],
  ['10 pages sharing one 12 MB Flate stream', 'cv.pdf', () => sharedStreamPdf(10, 12)],
  ['1 page, one 120 MB Flate stream', 'cv.pdf', () => sharedStreamPdf(1, 120)],
  ['100,000 text items on a page', 'cv.pdf', () => manyItemsPdf(100_000)],
  ['DOCX smuggling a 60 MB document.xml', 'cv.docx', () => smuggledDocx(60)],
  ['DOCX of 7.6 MB of honest XML', 'cv.docx', () => wordyDocx(60_000)],
  // Last: it runs to the deadline, and the thread that replaces it starts on the next file's time.
  ['a 256 KB form drawn 1,000 times', 'cv.pdf', () => repeatedFormPdf(1000, 256)],
];

const messageKey = (message: string) => Object.entries(RESUME_MESSAGES).find(([, text]) => text === message)?.[0] ?? message;

/** Watches the event loop with a 10 ms ticker: `stop` answers the longest gap between two ticks (a stall). */
function watchEventLoop(): { stop: () => number } {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  return {
    stop: () => {
      clearInterval(ticker);
      return Math.round(Math.max(longest, performance.now() - last));
    },
  };
}

/** Reads each hostile file through a warm reading thread, one after another, watching the event loop. */
async function hostileCosts(pool: ResumeExtractionPool): Promise<HostileFileCost[]> {
  const costs: HostileFileCost[] = [];
  for (const [file, fileName, make] of HOSTILE_FILES) {
    const bytes = make();
    const loop = watchEventLoop();
    const started = performance.now();
    const answer = await parseResumeUpload({ fileName, bytes }, undefined, pool.extractorFor(costs.length + 2)).then(
      () => '201',
      (error: unknown) => (error instanceof HttpError ? `${error.statusCode} ${messageKey(error.message)}` : `500 ${String(error)}`),
    );
    const ms = Math.round(performance.now() - started);
    costs.push({ file, bytes: bytes.length, answer, ms, loopStallMs: loop.stop() });
  }
  return costs;
}

/** Runs the measurement, prints it and returns the figures. */
export async function runResumeParseBench(log: (line: string) => void = console.log): Promise<ResumeParseBenchResult> {
  const bytes = new Uint8Array(readFileSync(join(RESUMES_DIR, FILE)));
  const probe = await openPdf(bytes);
  const pages = probe.numPages;
  await probe.destroy();
  const pool = new ResumeExtractionPool(POOL);
  try {
    const { parse, throughThread, reference } = await timeAlternately(ROUNDS, {
      parse: () => parseResumeUpload({ fileName: FILE, bytes }),
      throughThread: () => parseResumeUpload({ fileName: FILE, bytes }, undefined, pool.extractorFor(1)),
      reference: () => pdfjsOnly(bytes),
    });
    const ratio = Math.round((throughThread.p50 / reference.p50) * 100) / 100;
    const withinTarget = throughThread.p50 < TARGET_P50_MS;
    log(
      `parseResumeUpload, ${FILE} (${pages} pages, ${bytes.length} bytes), ${ROUNDS} rounds: in process p50 ${parse.p50} ms, p95 ${parse.p95} ms; through a reading thread (the upload path) p50 ${throughThread.p50} ms, p95 ${throughThread.p95} ms; pdfjs alone (reference) p50 ${reference.p50} ms, p95 ${reference.p95} ms; ratio ${ratio}; target p50 < ${TARGET_P50_MS} ms ${withinTarget ? 'met' : 'MISSED'}`,
    );
    const hostile = await hostileCosts(pool);
    log(`hostile files through a reading thread (deadline ${POOL.deadlineMs} ms, heap ${POOL.heapMb} MB):`);
    for (const cost of hostile) log(`  ${cost.file} (${cost.bytes} bytes): ${cost.answer} in ${cost.ms} ms; event loop stalled at most ${cost.loopStallMs} ms`);
    return { pages, parse, throughThread, reference, ratio, withinTarget, hostile };
  } finally {
    await pool.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runResumeParseBench();
