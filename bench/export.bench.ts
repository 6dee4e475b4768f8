/**
 * Data export benchmark (issue 24, 1): `GET /api/export` through the real stack (gateway, auth writing
 * the ZIP, every service handing its part over NATS) for a person with 1,000 saved messages across 20
 * threads, one in ten with a spoken reply. Budget: the whole download under 5 s (p50).
 *
 * "Memory flat": the auth process's resident memory is sampled while it streams the export, and its
 * growth over what it held just before is compared between that person and one with the same messages
 * but spoken replies ten times larger (about ten times the data). A stream that held the ZIP, or a
 * part, would grow with it: the ratio would near 10. Flat streaming keeps it near 1.
 *
 *   node --import tsx bench/export.bench.ts
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { ResumeContent } from '@story/proto';
import { exportPage } from '@story/service-kit';
import { startTestStack } from '@story/testing/test-stack';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import { SAMPLE_RESUME, resumeContent } from '@story/testing/fixtures/resumes';
import { profileExportSource } from '../services/profile/src/export/profile-export.source.ts';
import { openSqliteProfileStorage } from '../services/profile/src/storage/profile-storage.ts';
import { timing, type Timing } from './latency-figures.ts';

const MESSAGES = 1000;
const THREADS = 20;
/** One message in ten carries a spoken reply of this many bytes (the large person's are ten times larger). */
const AUDIO_EVERY = 10;
const AUDIO_BYTES = 20_000;
const LARGE_FACTOR = 10;
const ROUNDS = 5;
const BUDGET_MS = 5000;

export interface ExportFigures {
  export1000: Timing;
  zipBytes: number;
  largeExport: Timing;
  largeZipBytes: number;
  /** Peak growth of the auth process's resident memory during an export, in MB. */
  memoryGrowthMb: { small: number; large: number };
  memoryRatio: number;
  dataRatio: number;
  budgetMs: number;
  withinBudget: boolean;
}

/** `bytes` bytes of silent MP3 frames. */
function silentMp3(bytes: number): string {
  const audio = Buffer.alloc(bytes);
  for (let at = 0; at < bytes; at += 417) audio.set([0xff, 0xfb, 0x90, 0xc0].slice(0, bytes - at), at);
  return audio.toString('base64');
}

async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** A person with MESSAGES messages across THREADS threads, every AUDIO_EVERY-th with `audioBytes` of spoken reply. */
async function seedPerson(base: string, audioBytes: number): Promise<ApiClient> {
  const client = new ApiClient(base);
  const registered = await client.post('/api/users/register', {
    email: uniqueEmail('export-bench'),
    firstName: 'Ada',
    lastName: 'Park',
    password: GOOD_PASSWORD,
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const threads: number[] = [];
  for (let t = 0; t < THREADS; t++) threads.push((await client.post('/api/conversation-threads')).body.threadId as number);
  const audio = silentMp3(audioBytes);
  await inParallel(
    Array.from({ length: MESSAGES }, (_, i) => i),
    8,
    async (i) => {
      const body = {
        threadId: threads[i % THREADS],
        userMessage: `Part ${i} of my story: I led the migration of the checkout database with zero downtime, and the error rate dropped.`,
        aiResponse: `What happened next, after part ${i}? What did you learn from it?`,
        ...(i % AUDIO_EVERY === 0 ? { audioResponse: audio } : {}),
      };
      const saved = await client.post('/api/conversations', body);
      if (saved.status !== 201) throw new Error(`save ${i}: ${saved.status} ${JSON.stringify(saved.body)}`);
    },
  );
  return client;
}

const residentBytes = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** One export downloaded to the end: its time, size, and the exporting process's peak memory growth over what it held before. */
async function timedExport(base: string, client: ApiClient, pid: number): Promise<{ ms: number; bytes: number; growth: number }> {
  const before = residentBytes(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 10);
  const started = performance.now();
  const response = await fetch(`${base}/api/export`, { headers: { cookie: client.cookieHeader() } });
  if (response.status !== 200) throw new Error(`export: ${response.status} ${await response.text()}`);
  const bytes = (await response.arrayBuffer()).byteLength;
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, residentBytes(pid));
  return { ms, bytes, growth: peak - before };
}

const mb = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/** Runs the measurement, prints it and returns the figures. */
export async function runExportBench(log: (line: string) => void = console.log): Promise<ExportFigures> {
  const stack = await startTestStack({
    env: {
      RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
      QUOTA_MESSAGES_PER_THREAD: '10000',
      QUOTA_THREADS_PER_USER: '1000',
      QUOTA_AUDIO_MB_PER_USER: '1000',
    },
  });
  try {
    const base = stack.gatewayUrl;
    const pid = stack.processes.find((process) => process.name === 'auth')?.child.pid;
    if (!pid) throw new Error('no auth process');
    const small = await seedPerson(base, AUDIO_BYTES);
    const large = await seedPerson(base, AUDIO_BYTES * LARGE_FACTOR);
    // Warm up: code compiled, connections open, the stories indexed.
    await timedExport(base, small, pid);
    await timedExport(base, large, pid);
    const smallRuns = [];
    const largeRuns = [];
    for (let round = 0; round < ROUNDS; round++) {
      smallRuns.push(await timedExport(base, small, pid));
      largeRuns.push(await timedExport(base, large, pid));
    }
    const export1000 = timing(
      smallRuns.map((run) => run.ms),
      0,
    );
    const largeExport = timing(
      largeRuns.map((run) => run.ms),
      0,
    );
    const zipBytes = smallRuns[0]?.bytes ?? 0;
    const largeZipBytes = largeRuns[0]?.bytes ?? 0;
    const memoryGrowthMb = { small: mb(Math.max(...smallRuns.map((run) => run.growth))), large: mb(Math.max(...largeRuns.map((run) => run.growth))) };
    // Growth under 1 MB is noise: counted as 1 MB, so the ratio is not a quotient of noise.
    const memoryRatio = Math.round((Math.max(memoryGrowthMb.large, 1) / Math.max(memoryGrowthMb.small, 1)) * 10) / 10;
    const dataRatio = Math.round((largeZipBytes / zipBytes) * 10) / 10;
    const withinBudget = export1000.p50 < BUDGET_MS;
    log(`export of ${MESSAGES} messages in ${THREADS} threads (${mb(zipBytes)} MB ZIP): p50 ${export1000.p50} ms, p99 ${export1000.p99} ms`);
    log(
      `  same messages, spoken replies ×${LARGE_FACTOR} (${mb(largeZipBytes)} MB ZIP, ${dataRatio}× the data): p50 ${largeExport.p50} ms, p99 ${largeExport.p99} ms`,
    );
    log(
      `  auth's peak memory growth while exporting: ${memoryGrowthMb.small} MB vs ${memoryGrowthMb.large} MB → ratio ${memoryRatio} (flat ≈ 1, in memory ≈ ${dataRatio})`,
    );
    log(`  budget: ${MESSAGES} messages p50 < ${BUDGET_MS} ms → ${withinBudget ? 'PASS' : 'FAIL'} (${export1000.p50} ms)`);
    if (!withinBudget) process.exitCode = 1;
    return { export1000, zipBytes, largeExport, largeZipBytes, memoryGrowthMb, memoryRatio, dataRatio, budgetMs: BUDGET_MS, withinBudget };
  } finally {
    await stack.stop();
  }
}

/** Versions of one résumé exported by the résumé scaling run (issue 36, 6); `RESUME_EXPORT_VERSIONS=6,12` picks others. */
const RESUME_EXPORT_VERSIONS = (process.env.RESUME_EXPORT_VERSIONS ?? '6,12,200').split(',').map(Number);
/** A long résumé: 40 roles of 25 bullets (the limits allow 40 of 40), about 250 KB of JSON a version. */
const RESUME_ROLES = 40;
const RESUME_BULLETS_PER_ROLE = 25;

/** A long résumé whose first bullet names its version. */
function longResume(version: number): ResumeContent {
  const bullet = (role: number, n: number) => ({
    id: `role-${role}-b-${n}`,
    text: `Version ${version}: cut the p99 latency of the payment path by caching fraud rules near the edge, role ${role}, line ${n}. `.repeat(2).trim(),
  });
  const roles = Array.from({ length: RESUME_ROLES }, (_, r) => ({
    id: `role-${r + 1}`,
    title: 'Staff engineer',
    company: 'Northwind',
    location: 'Portland',
    dates: '2020 – Present',
    start: '2020-01',
    end: null,
    bullets: Array.from({ length: RESUME_BULLETS_PER_ROLE }, (_, b) => bullet(r + 1, b + 1)),
  }));
  return resumeContent(SAMPLE_RESUME.name, { roles });
}

export interface ResumeExportFigures {
  /** CPU seconds (user + system) to export every page of one résumé with that many versions, and the pages. */
  runs: { versions: number; cpuSeconds: number; pages: number; megabytes: number }[];
}

/**
 * The profile service's part of an export for one résumé with 6, 12 and 200 versions (issue 36, 6),
 * page by page as the collector asks (SQLite, in process, no stack): CPU seconds per export. Work
 * that grows with the data keeps the ratio of 200 to 12 versions near 200/12 ≈ 17; re-reading every
 * version on every page makes it grow with the square (≈ 280).
 */
export async function runResumeExportBench(log: (line: string) => void = console.log): Promise<ResumeExportFigures> {
  const runs: ResumeExportFigures['runs'] = [];
  for (const versions of RESUME_EXPORT_VERSIONS) {
    const storage = openSqliteProfileStorage(':memory:');
    const { id } = await storage.resumes.create({ userId: 1, fileName: 'cv.pdf', format: 'pdf', content: longResume(1), now: new Date().toISOString() });
    for (let v = 2; v <= versions; v++) {
      await storage.resumes.addVersion(1, id, { content: longResume(v), reviewed: true, note: 'Edited', now: new Date().toISOString() });
    }
    const source = profileExportSource({ resumes: storage.resumes, publicProfiles: storage.publicProfiles });
    const started = process.cpuUsage();
    let cursor: string | undefined;
    let pages = 0;
    let bytes = 0;
    do {
      const page = await exportPage(source, 'profile', 1, cursor);
      pages += 1;
      bytes += page.chunks.reduce((sum, chunk) => sum + chunk.data.length, 0);
      cursor = page.next;
    } while (cursor !== undefined);
    const used = process.cpuUsage(started);
    await storage.close();
    const cpuSeconds = Math.round((used.user + used.system) / 10_000) / 100;
    runs.push({ versions, cpuSeconds, pages, megabytes: mb((bytes * 3) / 4) });
    log(`résumé with ${versions} versions (${mb((bytes * 3) / 4)} MB in ${pages} pages): ${cpuSeconds} s of CPU`);
  }
  return { runs };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--resumes')) await runResumeExportBench();
  else await runExportBench();
}
