/**
 * Conversations service benchmark: the text turn (`POST /api/process-text`, offline coach) at 20
 * concurrent users, the thread list of a user with 1,000 threads, and that list again while another
 * user keeps reading a thread whose twelve replies were saved with 7.5 MB of base64 audio each (issue 7). The service runs in this
 * process on a real port with a real SQLite file and a real nats-server; requests go over HTTP.
 * Budget (DESIGN.md): text turn p99 under 50 ms at 20 concurrent users.
 *
 *   node --import tsx bench/conversations.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { IDENTITY_HEADER } from '@story/proto';
import { closeServiceDeps, generateSigningKeyPair, importPrivateKey, signIdentity } from '@story/service-kit';
import { startNatsServer } from '@story/testing/nats';
import { conversationsService } from '../services/conversations/src/app.ts';
import { conversationsEnvSchema } from '../services/conversations/src/config.ts';

export interface LatencySummary {
  requests: number;
  concurrency: number;
  p50: number;
  p99: number;
  max: number;
  throughput: number;
}

/** One user's thread list while another user reads a thread of theirs, again and again. */
export interface ListBesideReads {
  list: LatencySummary;
  /** Bytes of one answer of the other user's thread read. */
  threadReadBytes: number;
}

export interface ConversationsBenchResult {
  processText: LatencySummary;
  healthReference: LatencySummary;
  threadList: LatencySummary & { threads: number };
  /** Reference: the other user's thread holds text only. Measured: the same messages with their spoken replies. */
  listBesideAudio: { reference: ListBesideReads; withAudio: ListBesideReads; audioMegabytes: number };
  budgetMs: number;
  withinBudget: boolean;
}

const TEXT_TURN_BUDGET_MS = 50;
const USERS = 20;
const TEXT_REQUESTS = 2000;
const THREADS = 1000;
const LIST_REQUESTS = 300;
/** The attack of issue 7: twelve saves whose audioResponse is 7.5 MB of base64 each. */
const AUDIO_SAVES = 12;
const AUDIO_RESPONSE_CHARS = 7_500_000;
const READS_BESIDE = 150;

/** Six turns of a realistic conversation, as the client sends them. */
const HISTORY = [
  { role: 'user', content: 'Last year at my company we were stuck on an old Oracle database that kept falling over during peak sales.' },
  { role: 'assistant', content: '“Last year at my company we were stuck…” — that sounds like a story worth telling. What did you do first?' },
  { role: 'user', content: 'I wrote a migration plan, set up dual writes and I ran the cutover one table at a time over three weekends.' },
  { role: 'assistant', content: 'You said “I wrote a migration plan” — that is the part that shows what you bring. What happened as a result?' },
  { role: 'user', content: 'We finished two weeks early and the checkout errors dropped by 80%, and costs fell by $40k a year.' },
  {
    role: 'assistant',
    content: '“the checkout errors dropped by 80%” — that is a measurable outcome, and it shows. Looking back, what would you do differently?',
  },
] as const;
const TEXTS = [
  'I learned that small reversible steps beat one big bang.',
  'Honestly I would have involved the support team earlier.',
  'My manager was nervous, so I showed her a rollback plan for every step.',
  'We also cut our on-call pages by half after that.',
];

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

function summarise(samples: number[], concurrency: number, elapsedMs: number): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    requests: samples.length,
    concurrency,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    throughput: Math.round((samples.length / elapsedMs) * 1000),
  };
}

/**
 * The load generator runs in a worker thread, so measuring does not steal the service's event loop:
 * `concurrency` loops send `requests` (cycled) until `total` are done; it returns the latencies.
 */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, method, headers, bodies, total, concurrency } = workerData;
const target = new URL(url);
// node:http with keep-alive: a lighter client than fetch, so the load generator takes less CPU from the service.
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const send = (worker, body) => new Promise((resolve, reject) => {
  const request = http.request({ host: target.hostname, port: target.port, path: target.pathname, method, agent, headers: { ...headers[worker % headers.length], ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) } }, (response) => {
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk) => (text += chunk));
    response.on('end', () => resolve({ status: response.statusCode, text }));
  });
  request.on('error', reject);
  request.end(body);
});
(async () => {
  const samples = [];
  let next = 0;
  let failure;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async (_, worker) => {
    for (;;) {
      const i = next++;
      if (i >= total || failure) return;
      const body = bodies.length ? bodies[i % bodies.length] : undefined;
      const t0 = performance.now();
      const { status, text } = await send(worker, body);
      samples.push(performance.now() - t0);
      if (status >= 300) failure = method + ' ' + url + ' answered ' + status + ': ' + text;
    }
  }));
  agent.destroy();
  parentPort.postMessage({ samples, elapsedMs: performance.now() - started, failure });
})();
`;

interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  /** One header set per concurrent user. */
  headers: Record<string, string>[];
  bodies: string[];
  total: number;
  concurrency: number;
}

async function load(spec: LoadSpec): Promise<{ samples: number[]; elapsedMs: number }> {
  const worker = new Worker(LOAD_WORKER, { eval: true, workerData: spec });
  try {
    const result = await new Promise<{ samples: number[]; elapsedMs: number; failure?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (result.failure) throw new Error(result.failure);
    return result;
  } finally {
    await worker.terminate();
  }
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}

/** Starts the service with a real SQLite file and nats-server, measures, prints and returns the figures. */
export async function runConversationsBench(log: (line: string) => void = console.log): Promise<ConversationsBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'conversations-bench-'));
  const nats = await startNatsServer({ storeDir: join(dir, 'nats') });
  const keys = generateSigningKeyPair();
  const config = conversationsEnvSchema.parse({
    LOG_LEVEL: 'silent',
    DATA_DIR: join(dir, 'data'),
    NATS_URL: nats.url,
    IDENTITY_PUBLIC_KEY: keys.publicKey,
    PORT: '0',
  });
  const deps = await conversationsService.openDeps(config, { logger: false, runPurgeJob: false });
  const app = await conversationsService.buildApp(config, deps);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    await deps.nats.ready();
    const address = app.server.address();
    const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    const privateKey = await importPrivateKey(keys.privateKey);
    const identities = await Promise.all(
      Array.from({ length: USERS + 2 }, (_, user) => signIdentity({ userId: user + 1, isAdmin: false, sessionId: `bench-${user}` }, privateKey)),
    );
    const headersOf = (user: number) => ({ 'content-type': 'application/json', [IDENTITY_HEADER]: identities[user] ?? '' });

    const users = Array.from({ length: USERS }, (_, user) => headersOf(user));
    const turnBodies = Array.from({ length: 64 }, (_, i) => JSON.stringify({ text: `${TEXTS[i % TEXTS.length]} (${i})`, conversationHistory: HISTORY }));
    const textTurns = (total: number) =>
      load({ url: `${base}/api/process-text`, method: 'POST', headers: users, bodies: turnBodies, total, concurrency: USERS });

    // Warm up the route, the coach and the identity cache; then the reference and the text turns.
    await textTurns(400);
    const reference = await load({ url: `${base}/healthz`, method: 'GET', headers: [{}], bodies: [], total: TEXT_REQUESTS, concurrency: USERS });
    const turns = await textTurns(TEXT_REQUESTS);

    // One user with 1,000 threads, each with a message (so lastUpdated varies), then list them.
    const listUser = USERS;
    const threadHeaders = headersOf(listUser);
    for (let i = 0; i < THREADS; i++) {
      const created = await fetch(`${base}/api/conversation-threads`, { method: 'POST', headers: { [IDENTITY_HEADER]: identities[listUser] ?? '' } });
      const { threadId } = (await created.json()) as { threadId: number };
      await expectOk(
        await fetch(`${base}/api/conversations`, {
          method: 'POST',
          headers: threadHeaders,
          body: JSON.stringify({ threadId, userMessage: 'A story', aiResponse: 'A question?' }),
        }),
        'save',
      );
    }
    const listed = (await (await fetch(`${base}/api/conversation-threads`, { headers: threadHeaders })).json()) as unknown[];
    if (listed.length !== THREADS) throw new Error(`expected ${THREADS} threads, listed ${listed.length}`);
    const listLoad = () =>
      load({ url: `${base}/api/conversation-threads`, method: 'GET', headers: [threadHeaders], bodies: [], total: LIST_REQUESTS, concurrency: 1 });
    const lists = await listLoad();

    // Another user with two threads of the same twelve messages: one typed, one with its spoken replies.
    const holder = headersOf(USERS + 1);
    const holderThread = async (audioResponse: string | undefined) => {
      const created = await fetch(`${base}/api/conversation-threads`, { method: 'POST', headers: holder });
      const { threadId } = (await created.json()) as { threadId: number };
      for (let i = 0; i < AUDIO_SAVES; i++) {
        const body = JSON.stringify({ threadId, userMessage: `Part ${i} of my story`, aiResponse: 'And then?', audioResponse });
        await expectOk(await fetch(`${base}/api/conversations`, { method: 'POST', headers: holder, body }), 'save with audio');
      }
      return threadId;
    };
    const listBeside = async (threadId: number): Promise<ListBesideReads> => {
      const url = `${base}/api/conversation-threads/${threadId}`;
      const threadReadBytes = (await (await fetch(url, { headers: holder })).arrayBuffer()).byteLength;
      const [besideLists] = await Promise.all([listLoad(), load({ url, method: 'GET', headers: [holder], bodies: [], total: READS_BESIDE, concurrency: 1 })]);
      return { list: summarise(besideLists.samples, 1, besideLists.elapsedMs), threadReadBytes };
    };
    const typedOnly = await listBeside(await holderThread(undefined));
    const withAudio = await listBeside(await holderThread('A'.repeat(AUDIO_RESPONSE_CHARS)));
    const audioMegabytes = Math.round((AUDIO_SAVES * AUDIO_RESPONSE_CHARS * 3) / 4 / 1e5) / 10;

    const result: ConversationsBenchResult = {
      processText: summarise(turns.samples, USERS, turns.elapsedMs),
      healthReference: summarise(reference.samples, USERS, reference.elapsedMs),
      threadList: { ...summarise(lists.samples, 1, lists.elapsedMs), threads: THREADS },
      listBesideAudio: { reference: typedOnly, withAudio, audioMegabytes },
      budgetMs: TEXT_TURN_BUDGET_MS,
      withinBudget: false,
    };
    result.withinBudget = result.processText.p99 < TEXT_TURN_BUDGET_MS;

    const { processText: pt, healthReference: ref, threadList: tl } = result;
    log('conversations bench (offline coach, SQLite, real nats-server, HTTP on loopback)');
    log(
      `  text turn   POST /api/process-text  ${pt.requests} req @ ${pt.concurrency} users: p50 ${pt.p50} ms  p99 ${pt.p99} ms  max ${pt.max} ms  ${pt.throughput} req/s`,
    );
    log(
      `  reference   GET /healthz            ${ref.requests} req @ ${ref.concurrency} users: p50 ${ref.p50} ms  p99 ${ref.p99} ms  (text turn p50 = ${(pt.p50 / Math.max(ref.p50, 0.01)).toFixed(1)}x healthz)`,
    );
    log(`  thread list GET /api/conversation-threads, ${tl.threads} threads, ${tl.requests} req sequential: p50 ${tl.p50} ms  p99 ${tl.p99} ms`);
    const beside = (label: string, run: ListBesideReads) =>
      `  ${label} GET /api/conversation-threads while another user reads a thread of ${run.threadReadBytes} bytes: p50 ${run.list.p50} ms  p99 ${run.list.p99} ms`;
    log(beside('list, text  ', typedOnly));
    log(
      `${beside('list, audio ', withAudio)}  (${audioMegabytes} MB of audio in that thread; p50 ${(withAudio.list.p50 / Math.max(typedOnly.list.p50, 0.01)).toFixed(1)}x the reference)`,
    );
    log(`  budget: text turn p99 < ${TEXT_TURN_BUDGET_MS} ms at ${USERS} concurrent users → ${result.withinBudget ? 'PASS' : 'FAIL'} (${pt.p99} ms)`);
    return result;
  } finally {
    await app.close();
    await closeServiceDeps(deps);
    await nats.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runConversationsBench();
  process.exitCode = result.withinBudget ? 0 : 1;
}
