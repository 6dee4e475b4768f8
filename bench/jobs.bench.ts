/**
 * Jobs service benchmark. (1) The offline formatter on a long posting and on a 50,000-character
 * one, against parsing its own output with the markdown parser the web app uses (the reference: the
 * browser does that much work to show it); and its quality on the evaluation set of pasted postings
 * (`services/jobs/evaluation/postings/`) and on its test postings. (2) The saved list of a user with 200 descriptions of 3
 * snippets each: one GraphQL query with the snippet counts, against the specification's REST list
 * plus one snippet call per card. (3) `POST /api/process-job-description` at 10 concurrent users.
 * The service runs in this process on a real port with a real SQLite file; requests go over HTTP.
 *
 *   node --import tsx bench/jobs.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { IDENTITY_HEADER } from '@story/proto';
import { closeServiceDeps, generateSigningKeyPair, importPrivateKey, signIdentity } from '@story/service-kit';
import { jobsService } from '../services/jobs/src/app.ts';
import { jobsEnvSchema } from '../services/jobs/src/config.ts';
import {
  describeFigures,
  evaluatePostings,
  fixturePostingCases,
  readPostingCases,
  type PostingFigures,
} from '../services/jobs/src/formatting/evaluation/posting-evaluation.ts';
import { LONG_ENTERPRISE } from '@story/testing/fixtures/long-job-posting';
import { formatPosting } from '../services/jobs/src/formatting/offline/offline-formatter.ts';
import { LINKEDIN, pasted } from '@story/testing/fixtures/job-postings';
import { timeEach, timing, type Timing } from './latency-figures.ts';

const DESCRIPTIONS = 200;
const SNIPPETS_EACH = 3;
const LIST_ROUNDS = 30;
const PROCESS_REQUESTS = 400;
const CONCURRENCY = 10;

function timeEachSync(rounds: number, work: () => unknown): Timing {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return timing(samples, 2);
}

export interface JobsBenchResult {
  formatter: { characters: number; format: Timing; referenceParse: Timing; ratio: number }[];
  quality: { evaluationSet: PostingFigures; testPostings: PostingFigures };
  savedList: { graphqlOneQuery: Timing; restListPlusPerCard: Timing; ratio: number };
  processJobDescription: Timing & { concurrency: number };
}

/** Runs every measurement, prints it and returns the figures. */
export async function runJobsBench(log: (line: string) => void = console.log): Promise<JobsBenchResult> {
  const long = pasted(LONG_ENTERPRISE);
  const huge = Array.from({ length: 20 }, () => long)
    .join('\n\n')
    .slice(0, 50_000);
  const formatter = [long, huge].map((text) => {
    timeEachSync(20, () => formatPosting(text));
    const format = timeEachSync(100, () => formatPosting(text));
    const output = formatPosting(text);
    const referenceParse = timeEachSync(100, () => fromMarkdown(output));
    const ratio = Math.round((format.p50 / referenceParse.p50) * 100) / 100;
    log(
      `offline formatter, ${text.length} characters: p50 ${format.p50} ms, p99 ${format.p99} ms; parsing its markdown (reference) p50 ${referenceParse.p50} ms; ratio ${ratio}`,
    );
    return { characters: text.length, format, referenceParse, ratio };
  });
  const quality = { evaluationSet: evaluatePostings(formatPosting, readPostingCases()), testPostings: evaluatePostings(formatPosting, fixturePostingCases()) };
  for (const line of describeFigures('offline formatter, evaluation set', quality.evaluationSet)) log(line);
  log(describeFigures('offline formatter, its test postings', quality.testPostings).at(-1) ?? '');

  const dir = mkdtempSync(join(tmpdir(), 'jobs-bench-'));
  const keys = generateSigningKeyPair();
  const config = jobsEnvSchema.parse({
    LOG_LEVEL: 'silent',
    DATA_DIR: join(dir, 'data'),
    NATS_URL: 'nats://127.0.0.1:1',
    IDENTITY_PUBLIC_KEY: keys.publicKey,
    PORT: '0',
  });
  const deps = await jobsService.openDeps(config, { logger: false });
  const app = await jobsService.buildApp(config, deps);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    const identity = await signIdentity({ userId: 1, isAdmin: false, sessionId: 'bench' }, await importPrivateKey(keys.privateKey));
    const headers = { 'content-type': 'application/json', [IDENTITY_HEADER]: identity };
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { id: number };
    };
    const get = async (path: string) => {
      const response = await fetch(`${base}${path}`, { headers });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return (await response.json()) as unknown[];
    };

    const formatted = formatPosting(long);
    for (let i = 0; i < DESCRIPTIONS; i++) {
      const { id } = await post('/api/confirm-job-description', { formattedContent: formatted, jobTitle: `Role ${i}`, companyName: 'Helix' });
      for (let s = 0; s < SNIPPETS_EACH; s++) await post('/api/job-description-snippets', { jobDescriptionId: id, snippetText: `- Requirement ${s}` });
    }
    const query = JSON.stringify({ query: '{ formattedJobDescriptions { id jobTitle companyName createdAt formattedContent snippetCount } }' });
    const graphql = async () => {
      const response = await fetch(`${base}/graphql`, { method: 'POST', headers: { ...headers, 'apollo-require-preflight': 'true' }, body: query });
      const body = (await response.json()) as { data?: { formattedJobDescriptions: unknown[] } };
      if (body.data?.formattedJobDescriptions.length !== DESCRIPTIONS) throw new Error('GraphQL list is incomplete');
    };
    const restPerCard = async () => {
      const list = (await get('/api/formatted-job-descriptions')) as { id: number }[];
      for (const description of list) await get(`/api/job-description-snippets/${description.id}`);
    };
    await graphql();
    await restPerCard();
    const graphqlOneQuery = await timeEach(LIST_ROUNDS, graphql);
    const restListPlusPerCard = await timeEach(LIST_ROUNDS, restPerCard);
    const ratio = Math.round((graphqlOneQuery.p50 / restListPlusPerCard.p50) * 1000) / 1000;
    log(
      `saved list of ${DESCRIPTIONS} descriptions with counts: one GraphQL query p50 ${graphqlOneQuery.p50} ms vs REST list + ${DESCRIPTIONS} snippet calls p50 ${restListPlusPerCard.p50} ms; ratio ${ratio}`,
    );

    const body = { companyName: 'Nimbus Analytics', jobTitle: 'Senior Backend Engineer', jobDescription: pasted(LINKEDIN) };
    const samples: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < PROCESS_REQUESTS) {
          const started = performance.now();
          await post('/api/process-job-description', body);
          samples.push(performance.now() - started);
        }
      }),
    );
    const processJobDescription = { ...timing(samples, 2), concurrency: CONCURRENCY };
    log(
      `POST /api/process-job-description (offline), ${CONCURRENCY} concurrent users: p50 ${processJobDescription.p50} ms, p99 ${processJobDescription.p99} ms`,
    );
    return { formatter, quality, savedList: { graphqlOneQuery, restListPlusPerCard, ratio }, processJobDescription };
  } finally {
    await app.close();
    await closeServiceDeps(deps);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runJobsBench();
