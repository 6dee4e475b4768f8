/**
 * Résumé parsing benchmark (issue 22): the upload path (`parseResumeUpload`: file checks, pdfjs text
 * in reading order, the offline parser) on the two-page executive PDF of the evaluation set, against
 * pdfjs alone opening the same PDF and reading every page's text items (the reference, measured in
 * the same run). Target: under 300 ms at p50.
 *
 *   node --import tsx bench/resume-parse.bench.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RESUMES_DIR } from '../services/profile/src/parsing/evaluation/resume-evaluation.ts';
import { openPdf } from '../services/profile/src/parsing/pdf-text.extractor.ts';
import { parseResumeUpload } from '../services/profile/src/parsing/resume-upload.parser.ts';

const FILE = 'executive-two-page.pdf';
const WARMUP = 5;
const ROUNDS = 40;
const TARGET_P50_MS = 300;

/** The median and 95th percentile of some timings, in milliseconds. */
export interface ResumeTiming {
  p50: number;
  p95: number;
}

function percentiles(samples: readonly number[]): ResumeTiming {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { p50: round(at(50)), p95: round(at(95)) };
}

async function timeEach(rounds: number, work: () => Promise<unknown>): Promise<ResumeTiming> {
  for (let i = 0; i < WARMUP; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
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

export interface ResumeParseBenchResult {
  pages: number;
  parse: ResumeTiming;
  reference: ResumeTiming;
  ratio: number;
  withinTarget: boolean;
}

/** Runs the measurement, prints it and returns the figures. */
export async function runResumeParseBench(log: (line: string) => void = console.log): Promise<ResumeParseBenchResult> {
  const bytes = new Uint8Array(readFileSync(join(RESUMES_DIR, FILE)));
  const probe = await openPdf(bytes);
  const pages = probe.numPages;
  await probe.destroy();
  const parse = await timeEach(ROUNDS, () => parseResumeUpload({ fileName: FILE, bytes }));
  const reference = await timeEach(ROUNDS, () => pdfjsOnly(bytes));
  const ratio = Math.round((parse.p50 / reference.p50) * 100) / 100;
  const withinTarget = parse.p50 < TARGET_P50_MS;
  log(
    `parseResumeUpload, ${FILE} (${pages} pages, ${bytes.length} bytes), ${ROUNDS} rounds: p50 ${parse.p50} ms, p95 ${parse.p95} ms; pdfjs alone (reference) p50 ${reference.p50} ms, p95 ${reference.p95} ms; ratio ${ratio}; target p50 < ${TARGET_P50_MS} ms ${withinTarget ? 'met' : 'MISSED'}`,
  );
  return { pages, parse, reference, ratio, withinTarget };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runResumeParseBench();
