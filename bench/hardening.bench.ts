/**
 * One person cannot stop a service for everyone (issue 36): another person's requests to profile and
 * conversations through the gateway, timed while nobody else works (the reference) and while one
 * person uploads a page 150,000,000 units wide, ten pages sharing a 12 MB stream and a DOCX hiding a
 * 60 MB document, and asks for five PDFs of a 40-exchange thread of 20,000-character messages at once.
 * Budget: every one of the other person's requests answered within 1 s, none with 503.
 *
 *   node --import tsx bench/hardening.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import { sharedStreamPdf, smuggledDocx, widePagePdf } from '@story/testing/fixtures/hostile-resume-files';
import { SAMPLE_RESUME_TEXT } from '@story/testing/fixtures/resumes';
import { startTestStack } from '@story/testing/test-stack';
import { timing, type Timing } from './latency-figures.ts';

const BUDGET_MS = 1000;
const PATHS = ['/api/conversation-threads', '/api/resumes/current', '/api/profile'] as const;
const ATTACKS = 3;

export interface HardeningFigures {
  quiet: Timing & { max: number };
  attacked: Timing & { max: number };
  /** attacked p50 / quiet p50. */
  ratio: number;
  requests: number;
  notOk: number;
  budgetMs: number;
  withinBudget: boolean;
}

async function person(gatewayUrl: string, prefix: string, admin?: ApiClient): Promise<ApiClient> {
  const client = new ApiClient(gatewayUrl);
  const registered = await client.post('/api/users/register', { email: uniqueEmail(prefix), firstName: 'Ada', lastName: 'Park', password: GOOD_PASSWORD });
  if (registered.status !== 201) throw new Error(`sign-up answered ${registered.status}`);
  if (admin) await admin.patch(`/api/users/${registered.body.user.id}`, { userType: 'pro' });
  return client;
}

function upload(client: ApiClient, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return client.request('POST', '/api/resumes', form);
}

/** The other person's round of reads; each request's time, and any answer that was not 200. */
async function readRound(client: ApiClient, times: number[]): Promise<number> {
  let notOk = 0;
  for (const path of PATHS) {
    const started = performance.now();
    const response = await client.get(path);
    times.push(performance.now() - started);
    if (response.status !== 200) notOk += 1;
  }
  return notOk;
}

const withMax = (samples: number[]): Timing & { max: number } => ({ ...timing(samples, 1), max: Math.round(Math.max(...samples)) });

export async function runHardeningBench(): Promise<HardeningFigures> {
  const adminEmail = uniqueEmail('bench-admin');
  const stack = await startTestStack({ env: { ADMIN_EMAILS: adminEmail } });
  try {
    const admin = new ApiClient(stack.gatewayUrl);
    await admin.post('/api/users/register', { email: adminEmail, firstName: 'Ada', lastName: 'Admin', password: GOOD_PASSWORD });
    const other = await person(stack.gatewayUrl, 'bench-other', admin);
    await upload(other, 'resume.txt', Buffer.from(SAMPLE_RESUME_TEXT));
    const quiet: number[] = [];
    for (let round = 0; round < 30; round++) await readRound(other, quiet);

    const attacked: number[] = [];
    let notOk = 0;
    for (let attack = 0; attack < ATTACKS; attack++) {
      const attacker = await person(stack.gatewayUrl, 'bench-attacker', admin);
      const thread = await attacker.post('/api/conversation-threads');
      const threadId = thread.body.threadId as number;
      const long = `${'I rebuilt the rota for the night shift and the ward kept its numbers. '.repeat(300)}`.slice(0, 20_000);
      for (let n = 0; n < 40; n++) await attacker.post('/api/conversations', { threadId, userMessage: long, aiResponse: long });
      let attacking = true;
      const attackDone = Promise.all([
        upload(attacker, 'wide.pdf', widePagePdf(150_000_000)),
        upload(attacker, 'shared.pdf', sharedStreamPdf(10, 12)),
        upload(attacker, 'smuggled.docx', smuggledDocx(60)),
        ...Array.from({ length: 5 }, () => attacker.get(`/api/conversation-threads/${threadId}/pdf?paper=a4`)),
      ]).finally(() => (attacking = false));
      for (let round = 0; attacking || round < 10; round++) notOk += await readRound(other, attacked);
      await attackDone;
    }
    const figures: HardeningFigures = {
      quiet: withMax(quiet),
      attacked: withMax(attacked),
      ratio: 0,
      requests: attacked.length,
      notOk,
      budgetMs: BUDGET_MS,
      withinBudget: false,
    };
    figures.ratio = Math.round((figures.attacked.p50 / Math.max(0.1, figures.quiet.p50)) * 100) / 100;
    figures.withinBudget = figures.attacked.max <= BUDGET_MS && notOk === 0;
    process.stdout.write(
      `another person's reads (${PATHS.join(', ')}):\n` +
        `  quiet:    p50 ${figures.quiet.p50} ms, p99 ${figures.quiet.p99} ms, max ${figures.quiet.max} ms\n` +
        `  attacked: p50 ${figures.attacked.p50} ms, p99 ${figures.attacked.p99} ms, max ${figures.attacked.max} ms (${figures.ratio}x quiet), ` +
        `${figures.requests} requests, ${notOk} not answered 200\n` +
        `  budget: every request within ${BUDGET_MS} ms and none refused: ${figures.withinBudget ? 'yes' : 'NO'}\n`,
    );
    return figures;
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runHardeningBench();
