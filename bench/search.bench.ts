/**
 * Story search benchmark (issues 10 and 38). Retrieval quality on the repository's evaluation sets
 * (single stories: original, feeling-outcome, held-out; whole conversations: conversations,
 * held-out-2); then latency over 10,000 stories of one user (2,000 conversations of five saved
 * messages), indexed through the real event stream, twice in the same run: with the sentence
 * encoder (the neural query embedding, the default) and with the word-only path (GloVe word
 * vectors and word lists, the embedder before issue 38) as the reference. For each: how fast
 * events are stored (found by words) and embedded (in batches, apart from the events), how long a
 * save's event takes to be acknowledged meanwhile (the save answers then: embedding adds nothing to
 * it), the ranking step against a float32 SIMD scan of every vector, and the whole
 * `POST /api/story-query` directly and through the gateway. Budgets (DESIGN.md): through the
 * gateway under 60 ms at p50 with the neural query embedding; fused MRR at least 0.8.
 *
 *   node --import tsx bench/search.bench.ts [--stories 10000] [--requests 400] [--latency-only]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { SignJWT, importPKCS8 } from 'jose';
import { inner } from 'simsimd';
import { Client } from 'undici';
import { CSRF_HEADER, EVENT_SUBJECTS, IDENTITY_HEADER, SESSION_AUDIENCE, SESSION_ISSUER, SESSION_TOKEN_TYPE, SUBJECTS } from '@story/proto';
import { closeServiceDeps, ensureEventsStream, generateSigningKeyPair, importPrivateKey, seededRandom, signIdentity } from '@story/service-kit';
import { buildGateway } from '../gateway/src/app.ts';
import { gatewayEnvSchema } from '../gateway/src/gateway.config.ts';
import { csrfKeyFrom, csrfTokenFor } from '../gateway/src/security/csrf.hooks.ts';
import { composeSupergraph } from '../gateway/src/supergraph/supergraph.ts';
import { startNatsServer } from '@story/testing/nats';
import { searchService } from '../services/search/src/app.ts';
import { searchEnvSchema } from '../services/search/src/config.ts';
import { WordVectors } from '@story/language/word-vectors';
import { evaluateConversations, type ConversationFigures, type ConversationSet } from '../services/search/src/evaluation/conversation-evaluation.ts';
import { evaluateRetrieval, type EvaluationFigures, type EvaluationSet } from '../services/search/src/evaluation/retrieval-evaluation.ts';
import type { ExportableVectorStore } from '../services/search/src/vectors/vector-store.ts';
import { compare, figures, type LatencyFigures, type OverheadFigures } from './gateway.bench.ts';

const RANKING_BUDGET_MS = 10;
/** With the neural query embedding (about 35 ms of it). */
const REQUEST_BUDGET_MS = 60;
/** Saved messages per conversation in the synthetic stories. */
const MESSAGES_PER_CONVERSATION = 5;
const MRR_GOAL = 0.8;
const USER = 7;

/** One embedder's run over the same stories. */
export interface SearchRunFigures {
  embedder: string;
  /** Events applied (stories stored and found by their words) per second. */
  storedPerSecond: number;
  /** Stories given their vector per second (the embedding worker, in batches). */
  embeddedPerSecond: number;
  /** How long publishing a save's event takes to be acknowledged while the index works (what a save waits for). */
  saveAck: LatencyFigures;
  ranking: { top10: LatencyFigures; top50: LatencyFigures; reference: LatencyFigures };
  request: OverheadFigures;
}

export interface SearchBenchResult {
  evaluation: Partial<Record<EvaluationSet, EvaluationFigures>>;
  conversations: Partial<Record<ConversationSet, ConversationFigures>>;
  stories: number;
  neural: SearchRunFigures;
  wordOnly: SearchRunFigures;
}

const SUBJECTS_OF_WORK = [
  'a database migration',
  'a hiring loop',
  'a night shift',
  'a product launch',
  'a budget cut',
  'a charity run',
  'a customer escalation',
  'a warehouse audit',
  'a grant proposal',
  'a school program',
  'an outage',
  'a new language',
];
const ACTIONS = [
  'I led',
  'I rewrote',
  'I negotiated',
  'I mentored the team through',
  'I planned',
  'I measured',
  'I questioned',
  'I simplified',
  'I rescued',
  'I documented',
];
const RESULTS = [
  'costs fell by a third',
  'errors dropped by half',
  'we shipped two weeks early',
  'churn went down',
  'nobody was hurt',
  'the team stayed',
  'revenue grew',
  'the client renewed',
  'the audit passed',
  'it never happened again',
];
const pick = <T>(items: readonly T[], next: () => number): T => items[Math.floor(next() * items.length)] ?? (items[0] as T);

/** `count` varied stories of one person: real-sounding sentences, each story different. */
export function syntheticStories(count: number): string[] {
  const next = seededRandom(42);
  return Array.from({ length: count }, (_, i) => {
    const sentences = Array.from(
      { length: 2 + Math.floor(next() * 4) },
      () => `${pick(ACTIONS, next)} ${pick(SUBJECTS_OF_WORK, next)} and ${pick(RESULTS, next)}.`,
    );
    return `Me: Story ${i}. ${sentences.join(' ')}\n\nCoach: What did you learn from it?`;
  });
}

/** Exact top-k the plain way: one float32 SIMD inner product per stored vector, then a sort. */
function scanAll(rows: readonly Float32Array[], query: Float32Array, k: number): number[] {
  const scores = rows.map((row, index) => ({ index, score: inner(query, row) }));
  return scores
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map((hit) => hit.index);
}

function timed(run: () => unknown, times: number): number[] {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return samples;
}

async function timedAsync(run: () => Promise<unknown>, times: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return samples;
}

/** Measures everything, prints it and returns the figures. */
export async function runSearchBench(options: { stories?: number; requests?: number; latencyOnly?: boolean } = {}): Promise<SearchBenchResult> {
  const storyCount = options.stories ?? 10_000;
  const requests = options.requests ?? 400;
  const wordVectors = WordVectors.load();
  // The tuning sets are what retrieval is tuned on; the held-out sets say whether the tuning generalises.
  const evaluation: Partial<Record<EvaluationSet, EvaluationFigures>> = {};
  const conversations: Partial<Record<ConversationSet, ConversationFigures>> = {};
  // --latency-only: the quality figures are measured by the evaluation test and its script too.
  if (!options.latencyOnly) {
    for (const set of ['original', 'feeling-outcome', 'held-out'] as const) evaluation[set] = await evaluateRetrieval({ set, wordVectors });
    for (const set of ['conversations', 'held-out-2'] as const) conversations[set] = await evaluateConversations({ set, wordVectors });
  }
  for (const [set, figuresOfSet] of Object.entries(evaluation)) process.stdout.write(`${formatEvaluation(set, figuresOfSet)}\n\n`);
  for (const [set, figuresOfSet] of Object.entries(conversations)) process.stdout.write(`${formatConversations(set, figuresOfSet)}\n\n`);

  const wordOnly = await measureSearch('glove', storyCount, requests, wordVectors);
  const neural = await measureSearch('offline', storyCount, requests, wordVectors);
  const result: SearchBenchResult = { evaluation, conversations, stories: storyCount, neural, wordOnly };
  process.stdout.write(`${formatLatency(result)}\n`);
  return result;
}

/**
 * One search service with the given embedder (SEARCH_EMBEDDER) over `storyCount` stories of one
 * user, fed through its own NATS server's event stream, behind its own gateway.
 */
async function measureSearch(embedderKind: 'offline' | 'glove', storyCount: number, requests: number, wordVectors: WordVectors): Promise<SearchRunFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'search-bench-'));
  const nats = await startNatsServer({ storeDir: join(dataDir, 'nats') });
  const cleanups: (() => Promise<unknown>)[] = [async () => nats.stop(), async () => rmSync(dataDir, { recursive: true, force: true })];
  try {
    const keys = { session: generateSigningKeyPair(), identity: generateSigningKeyPair() };
    const config = searchEnvSchema.parse({
      LOG_LEVEL: 'silent',
      DATA_DIR: join(dataDir, 'data'),
      NATS_URL: nats.url,
      IDENTITY_PUBLIC_KEY: keys.identity.publicKey,
      PORT: '0',
      SEARCH_EMBEDDER: embedderKind,
    });
    const deps = await searchService.openDeps(config, { logger: false, wordVectors });
    const { embedder } = deps;
    const service = await searchService.buildApp(config, deps);
    cleanups.unshift(async () => {
      await service.close();
      await closeServiceDeps(deps);
    });
    await service.listen({ host: '127.0.0.1', port: 0 });
    await deps.nats.ready();

    // 10,000 stories of one user, through the event stream as conversations publishes them; each
    // publish is acknowledged as a save's outbox relay waits for, while the index stores and embeds.
    const contents = syntheticStories(storyCount);
    const publisher = await connect({ servers: nats.url });
    cleanups.unshift(() => publisher.close());
    await ensureEventsStream(publisher);
    const js = jetstream(publisher);
    const saveAcks: number[] = [];
    const started = performance.now();
    for (let i = 0; i < contents.length; i += 200) {
      await Promise.all(
        contents.slice(i, i + 200).map(async (content, offset) => {
          const sent = performance.now();
          await js.publish(
            EVENT_SUBJECTS.storySaved,
            JSON.stringify({
              storyKey: `conversation:${i + offset + 1}`,
              userId: USER,
              threadId: 1 + Math.floor((i + offset) / MESSAGES_PER_CONVERSATION),
              sourceType: 'conversation',
              content,
              createdAt: new Date().toISOString(),
            }),
          );
          saveAcks.push(performance.now() - sent);
        }),
      );
    }
    while ((await deps.storage.stories.countStories(USER)) < storyCount) await new Promise((resolve) => setTimeout(resolve, 200));
    const storedPerSecond = Math.round(storyCount / ((performance.now() - started) / 1000));
    while ((await deps.storage.stories.needingVectors(embedder.id, 0, 1)).length > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    const embeddedPerSecond = Math.round(storyCount / ((performance.now() - started) / 1000));

    // The ranking step, as the service calls it, and the plain scan over the same vectors.
    const queries = [
      'moving an old database to a new one',
      'when the team shipped early',
      'cutting costs',
      'a night shift in the hospital',
      'mentoring',
      'what happened after the outage?',
    ];
    const queryVectors = await embedder.embed(queries, 'query');
    const stored = deps.storage.vectors as ExportableVectorStore;
    const rows = (await stored.vectorsAfter(undefined, storyCount)).map((row) => row.vector);
    let turn = 0;
    const nextQuery = () => queryVectors[turn++ % queryVectors.length] ?? new Float32Array(rows[0]?.length ?? 0);
    await deps.storage.vectors.search(USER, embedder.id, nextQuery(), 10); // loads the user's matrix once
    const top10: number[] = [];
    const top50: number[] = [];
    const reference: number[] = [];
    for (let i = 0; i < 60; i++) {
      const query = nextQuery();
      top10.push(...(await timedAsync(() => deps.storage.vectors.search(USER, embedder.id, query, 10), 1)));
      top50.push(...(await timedAsync(() => deps.storage.vectors.search(USER, embedder.id, query, 50), 1)));
      reference.push(...timed(() => scanAll(rows, query, 10), 1));
    }

    // The whole request, directly and through the gateway.
    const sessionNats = await connect({ servers: nats.url });
    cleanups.unshift(() => sessionNats.close());
    sessionNats.subscribe(SUBJECTS.sessionCheck, {
      callback: (_error, msg) => void msg.respond(JSON.stringify({ valid: true, userId: USER, isAdmin: false })),
    });
    const serviceAddress = service.server.address();
    const serviceUrl = `http://127.0.0.1:${typeof serviceAddress === 'object' && serviceAddress ? serviceAddress.port : 0}`;
    const gatewayNats = await connect({ servers: nats.url });
    cleanups.unshift(() => gatewayNats.close());
    const gatewayConfig = gatewayEnvSchema.parse({
      NATS_URL: nats.url,
      SESSION_PUBLIC_KEY: keys.session.publicKey,
      IDENTITY_PRIVATE_KEY: keys.identity.privateKey,
      SEARCH_URL: serviceUrl,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      WEB_DIST: join(dataDir, 'web'),
      RATE_LIMIT_AI_PER_MINUTE: '1000000',
    });
    const gateway = await buildGateway(gatewayConfig, { nats: gatewayNats, supergraphSdl: composeSupergraph(), logger: false });
    cleanups.unshift(() => gateway.close());
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    const gatewayAddress = gateway.server.address();
    const gatewayUrl = `http://127.0.0.1:${typeof gatewayAddress === 'object' && gatewayAddress ? gatewayAddress.port : 0}`;
    const session = await new SignJWT({ sid: 'bench-session', adm: false })
      .setProtectedHeader({ alg: 'EdDSA', typ: SESSION_TOKEN_TYPE })
      .setSubject(String(USER))
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setExpirationTime('1h')
      .sign(await importPKCS8(keys.session.privateKey, 'EdDSA'));
    const csrfToken = csrfTokenFor(csrfKeyFrom(keys.identity.privateKey), 'bench-session');
    const directClient = new Client(serviceUrl, { pipelining: 1, keepAliveTimeout: 60_000 });
    const gatewayClient = new Client(gatewayUrl, { pipelining: 1, keepAliveTimeout: 60_000 });
    cleanups.unshift(async () => {
      await directClient.close();
      await gatewayClient.close();
    });
    // Signed now: a forwarded identity lives only a few seconds, as the gateway's does.
    const identity = await signIdentity({ userId: USER, isAdmin: false, sessionId: 'bench-session' }, await importPrivateKey(keys.identity.privateKey));
    const body = JSON.stringify({ query: 'moving an old database to a new one' });
    const json = { 'content-type': 'application/json' };
    const request = await compare(
      `POST /api/story-query (${storyCount} stories, ${embedderKind})`,
      { client: directClient, method: 'POST', path: '/api/story-query', headers: { ...json, [IDENTITY_HEADER]: identity }, body },
      {
        client: gatewayClient,
        method: 'POST',
        path: '/api/story-query',
        headers: { ...json, cookie: `session=${session}; csrf_token=${csrfToken}`, [CSRF_HEADER]: csrfToken },
        body,
      },
      REQUEST_BUDGET_MS,
      requests,
      50,
    );
    return {
      embedder: embedder.id,
      storedPerSecond,
      embeddedPerSecond,
      saveAck: figures(saveAcks),
      ranking: { top10: figures(top10), top50: figures(top50), reference: figures(reference) },
      request,
    };
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  return [line(header), ...rows.map(line)];
}

/** One evaluation set's figures as a table. */
export function formatEvaluation(set: string, figures: EvaluationFigures): string {
  const modes = [
    ['dense only (meaning)', figures.meaning],
    ['lexical only (words)', figures.words],
    ['fused (as served)', figures.fused],
  ] as const;
  const kinds = Object.keys(figures.fused.byKind);
  const rows = modes.map(([name, mode]) => [
    name,
    mode.mrr.toFixed(3),
    mode.recallAt5.toFixed(3),
    mode.recallAt10.toFixed(3),
    ...kinds.map((kind) => (mode.byKind[kind]?.mrr ?? 0).toFixed(2)),
  ]);
  const { nothing } = figures;
  return [
    `retrieval quality, ${set} set: ${figures.stories} stories, ${figures.queries} queries (goal: fused MRR >= ${MRR_GOAL}; fused ${figures.fused.mrr >= MRR_GOAL ? 'meets it' : 'BELOW it'})`,
    ...table(['mode', 'MRR', 'recall@5', 'recall@10', ...kinds.map((kind) => `MRR ${kind}`)], rows),
    `result lists showing a story twice (fused): ${figures.fused.listsWithRepeats}`,
    ...(nothing.queries > 0
      ? [
          `queries that match no story: ${nothing.answered.length} of ${nothing.queries} found something${nothing.answered.length > 0 ? ` (${nothing.answered.map((answer) => `"${answer.query}"`).join(', ')})` : ''}`,
        ]
      : []),
  ].join('\n');
}

/** One conversation set's figures. */
export function formatConversations(set: string, figures: ConversationFigures): string {
  const kinds = Object.entries(figures.byKind).map(([kind, value]) => `${kind} ${value.mrr.toFixed(2)}`);
  return [
    `retrieval quality, ${set} (whole conversations): ${figures.conversations} conversations, ${figures.queries} queries`,
    `MRR ${figures.mrr.toFixed(3)}, top-1 ${figures.top1.toFixed(3)}, recall@5 ${figures.recallAt5.toFixed(3)}, recall@10 ${figures.recallAt10.toFixed(3)}; MRR by kind: ${kinds.join(', ')}`,
    `result lists showing a conversation twice: ${figures.listsWithRepeats}; answers opened at the expected passage: ${figures.passages.overlapping} of ${figures.passages.checked}`,
    `queries that match no story: ${figures.nothing.answered} of ${figures.nothing.queries} found something`,
  ].join('\n');
}

function formatLatency(result: SearchBenchResult): string {
  const { neural, wordOnly } = result;
  const within = (value: number, budget: number) => (value <= budget ? 'yes' : 'NO');
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  const run = (name: string, figuresOfRun: SearchRunFigures) => [
    `${name} (${figuresOfRun.embedder}): stored ${figuresOfRun.storedPerSecond} stories/s, embedded ${figuresOfRun.embeddedPerSecond} stories/s`,
  ];
  /** A step of the table: its name, its figures in a run, whether to compare the two runs, its budget (if it has one). */
  const steps: [string, (figuresOfRun: SearchRunFigures) => LatencyFigures, boolean, number?][] = [
    ['a save\u2019s event acknowledged while indexing', (of) => of.saveAck, true],
    ['ranking, exact top-10', (of) => of.ranking.top10, true, RANKING_BUDGET_MS],
    ['reference: float32 SIMD scan of every vector', (of) => of.ranking.reference, false],
    ['whole request, service directly', (of) => of.request.direct, true],
    ['whole request, through the gateway', (of) => of.request.gateway, true, REQUEST_BUDGET_MS],
  ];
  return [
    `${result.stories} stories of one user (${result.stories / MESSAGES_PER_CONVERSATION} conversations) indexed through the event stream`,
    ...run('neural', neural),
    ...run('word-only', wordOnly),
    ...table(
      ['step', 'neural p50', 'neural p99', 'word-only p50', 'word-only p99', 'neural / word-only p50', 'budget p50', 'within'],
      steps.map(([name, of, compared, budget]) => [
        name,
        ms(of(neural).p50),
        ms(of(neural).p99),
        ms(of(wordOnly).p50),
        ms(of(wordOnly).p99),
        compared ? ratio(of(neural).p50, of(wordOnly).p50) : '',
        budget === undefined ? '' : `${budget} ms`,
        budget === undefined ? '' : within(of(neural).p50, budget),
      ]),
    ),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argument = (name: string) => {
    const index = process.argv.indexOf(name);
    return index === -1 ? undefined : Number(process.argv[index + 1]);
  };
  await runSearchBench({ stories: argument('--stories'), requests: argument('--requests'), latencyOnly: process.argv.includes('--latency-only') });
  process.exit(0);
}
