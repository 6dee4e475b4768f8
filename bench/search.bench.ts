/**
 * Story search benchmark (issue 10). Retrieval quality on the repository's evaluation sets, original, feeling-outcome and held-out (mean
 * reciprocal rank and recall@5, by meaning only, by words only and fused); then latency over 10,000
 * stories of one user, indexed through the real event stream: the ranking step (exact top-10 and the
 * service's top-50 candidates) against a float32 SIMD scan of every vector in the same run, and the
 * whole `POST /api/story-query` directly and through the gateway. Budgets (DESIGN.md): ranking under
 * 10 ms and the whole request under 20 ms at p50; fused MRR at least 0.8.
 *
 *   node --import tsx bench/search.bench.ts [--stories 10000] [--requests 400]
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
import { OfflineEmbedder } from '../services/search/src/embedding/offline.embedder.ts';
import { WordVectors } from '@story/proto/word-vectors';
import { evaluateRetrieval, type EvaluationFigures, type EvaluationSet } from '../services/search/src/evaluation/retrieval-evaluation.ts';
import { compare, figures, type LatencyFigures, type OverheadFigures } from './gateway.bench.ts';

const RANKING_BUDGET_MS = 10;
const REQUEST_BUDGET_MS = 20;
const MRR_GOAL = 0.8;
const USER = 7;

export interface SearchBenchResult {
  evaluation: Record<EvaluationSet, EvaluationFigures>;
  stories: number;
  indexingPerSecond: number;
  ranking: { top10: LatencyFigures; top50: LatencyFigures; reference: LatencyFigures };
  request: OverheadFigures;
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
export async function runSearchBench(options: { stories?: number; requests?: number } = {}): Promise<SearchBenchResult> {
  const storyCount = options.stories ?? 10_000;
  const requests = options.requests ?? 400;
  const wordVectors = WordVectors.load();
  // The original set is what retrieval is tuned on; the held-out set says whether the tuning generalises.
  const evaluation: Record<EvaluationSet, EvaluationFigures> = {
    original: await evaluateRetrieval({ set: 'original', wordVectors }),
    'feeling-outcome': await evaluateRetrieval({ set: 'feeling-outcome', wordVectors }),
    'held-out': await evaluateRetrieval({ set: 'held-out', wordVectors }),
  };
  for (const [set, figuresOfSet] of Object.entries(evaluation)) process.stdout.write(`${formatEvaluation(set, figuresOfSet)}\n\n`);

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
    });
    const embedder = new OfflineEmbedder(wordVectors);
    const deps = await searchService.openDeps(config, { logger: false, wordVectors, embedder });
    const service = await searchService.buildApp(config, deps);
    cleanups.unshift(async () => {
      await service.close();
      await closeServiceDeps(deps);
    });
    await service.listen({ host: '127.0.0.1', port: 0 });
    await deps.nats.ready();

    // 10,000 stories of one user, through the event stream as conversations publishes them.
    const contents = syntheticStories(storyCount);
    const publisher = await connect({ servers: nats.url });
    cleanups.unshift(() => publisher.close());
    await ensureEventsStream(publisher);
    const js = jetstream(publisher);
    const started = performance.now();
    for (let i = 0; i < contents.length; i += 200) {
      await Promise.all(
        contents.slice(i, i + 200).map((content, offset) =>
          js.publish(
            EVENT_SUBJECTS.storySaved,
            JSON.stringify({
              storyKey: `bench:${i + offset}`,
              userId: USER,
              threadId: 1 + ((i + offset) % 50),
              sourceType: 'conversation',
              content,
              createdAt: new Date().toISOString(),
            }),
          ),
        ),
      );
    }
    while ((await deps.storage.stories.countStories(USER)) < storyCount || (await deps.storage.stories.needingVectors(embedder.id, 0, 1)).length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const indexingPerSecond = Math.round(storyCount / ((performance.now() - started) / 1000));

    // The ranking step, as the service calls it, and the plain scan over the same vectors.
    const queries = [
      'moving an old database to a new one',
      'when the team shipped early',
      'cutting costs',
      'a night shift in the hospital',
      'mentoring',
      'what happened after the outage?',
    ];
    const queryVectors = queries.map((query) => embedder.embedOne(query));
    const rows = contents.map((content) => embedder.embedOne(content));
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
      'POST /api/story-query (10,000 stories)',
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
    const result: SearchBenchResult = {
      evaluation,
      stories: storyCount,
      indexingPerSecond,
      ranking: { top10: figures(top10), top50: figures(top50), reference: figures(reference) },
      request,
    };
    process.stdout.write(`${formatLatency(result)}\n`);
    return result;
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

function formatLatency(result: SearchBenchResult): string {
  const { ranking, request } = result;
  const within = (value: number, budget: number) => (value <= budget ? 'yes' : 'NO');
  return [
    `${result.stories} stories of one user indexed through the event stream at ${result.indexingPerSecond} stories/s`,
    ...table(
      ['step', 'p50', 'p99', 'budget p50', 'within', 'vs reference p50'],
      [
        [
          'ranking, exact top-10 (int8 bound + float32)',
          ms(ranking.top10.p50),
          ms(ranking.top10.p99),
          `${RANKING_BUDGET_MS} ms`,
          within(ranking.top10.p50, RANKING_BUDGET_MS),
          `${(ranking.top10.p50 / ranking.reference.p50).toFixed(2)}x`,
        ],
        [
          'ranking, exact top-50 (the service\u2019s candidates)',
          ms(ranking.top50.p50),
          ms(ranking.top50.p99),
          '',
          '',
          `${(ranking.top50.p50 / ranking.reference.p50).toFixed(2)}x`,
        ],
        ['reference: float32 SIMD scan of every vector', ms(ranking.reference.p50), ms(ranking.reference.p99), '', '', '1.00x'],
        ['whole request, service directly', ms(request.direct.p50), ms(request.direct.p99), '', '', ''],
        [
          'whole request, through the gateway',
          ms(request.gateway.p50),
          ms(request.gateway.p99),
          `${REQUEST_BUDGET_MS} ms`,
          within(request.gateway.p50, REQUEST_BUDGET_MS),
          `${(request.gateway.p50 / request.direct.p50).toFixed(2)}x direct`,
        ],
      ],
    ),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argument = (name: string) => {
    const index = process.argv.indexOf(name);
    return index === -1 ? undefined : Number(process.argv[index + 1]);
  };
  await runSearchBench({ stories: argument('--stories'), requests: argument('--requests') });
  process.exit(0);
}
