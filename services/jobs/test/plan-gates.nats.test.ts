import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureLockedMessage } from '@story/proto';
import { StandInPlans, startServiceForTest, subgraphQuery, tempDataDir } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { jobsService } from '../src/app.ts';
import type { JobsUnderTest } from './jobs-test-kit.ts';

/**
 * Issue 36, 4 at the jobs service, with its real plan check asking auth over a real nats-server (the
 * test answers `auth.user.settings` as auth would): saved job descriptions and their snippets are
 * interview practice, refused on every REST route and GraphQL field to a plan without it.
 */
const STARTER = 91;
/** On Essentials, from which an admin took interview practice. */
const ESSENTIALS = 92;
const plans = new StandInPlans().put(STARTER, 'standard').put(ESSENTIALS, 'plus').include('plus', { interviewPractice: false });
const refusal = { message: featureLockedMessage('interviewPractice', 'standard') };
const POSTING = { formattedContent: '## Role\n\n- Lead a team of five', jobTitle: 'Lead', companyName: 'Acme' };

describe('plan gates of the jobs service', () => {
  const dir = tempDataDir('jobs-plans-');
  let nats: NatsServerHandle;
  let auth: NatsConnection;
  let service: JobsUnderTest;
  const headers: Record<number, Record<string, string>> = {};
  let jobDescriptionId = 0;
  let snippetId = 0;

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    auth = await connect({ servers: nats.url });
    plans.answerOn(auth);
    await auth.flush();
    service = await startServiceForTest(jobsService, { natsUrl: nats.url, dataDir: join(dir, 'service') });
    for (const person of [STARTER, ESSENTIALS]) headers[person] = await service.as(person);
    const confirmed = await call(STARTER, 'POST', '/api/confirm-job-description', POSTING);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    jobDescriptionId = confirmed.json<{ id: number }>().id;
    const snippet = await call(STARTER, 'POST', '/api/job-description-snippets', { jobDescriptionId, snippetText: '- Lead a team of five' });
    expect(snippet.statusCode, snippet.body).toBe(201);
    snippetId = snippet.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await service?.close();
    await auth?.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  function call(person: number, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) {
    return service.app.inject({ method, url, headers: headers[person], ...(payload === undefined ? {} : { payload }) });
  }

  it('refuses every REST route of job descriptions and snippets, naming the plan, before reading the body', async () => {
    const doors: [method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>][] = [
      ['POST', '/api/process-job-description', { jobDescription: 'We need a lead.', companyName: 'Acme', jobTitle: 'Lead' }],
      ['POST', '/api/confirm-job-description', POSTING],
      ['GET', '/api/formatted-job-descriptions'],
      ['GET', '/api/formatted-job-descriptions/archived'],
      ['POST', `/api/formatted-job-descriptions/${jobDescriptionId}/archive`],
      ['POST', `/api/formatted-job-descriptions/${jobDescriptionId}/unarchive`],
      ['DELETE', `/api/formatted-job-descriptions/${jobDescriptionId}`],
      ['POST', '/api/job-description-snippets', { jobDescriptionId, snippetText: '- Lead' }],
      ['GET', `/api/job-description-snippets/${jobDescriptionId}`],
      ['GET', `/api/job-description-snippets/single/${snippetId}`],
      ['POST', '/api/confirm-job-description', { formattedContent: 42 }],
    ];
    for (const [method, url, payload] of doors) {
      const refused = await call(ESSENTIALS, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json(), `${method} ${url}`).toEqual(refusal);
    }
    // Starter's description is still there: nothing of it was touched.
    expect((await call(STARTER, 'GET', '/api/formatted-job-descriptions')).json()).toEqual([
      expect.objectContaining({ id: jobDescriptionId, isArchived: false }),
    ]);
    expect((await call(STARTER, 'GET', `/api/job-description-snippets/single/${snippetId}`)).statusCode).toBe(200);
  });

  it('refuses every GraphQL field of job descriptions and snippets, entities included', async () => {
    const variables = { id: String(jobDescriptionId), snippetId: String(snippetId) };
    for (const query of [
      'query { formattedJobDescriptions { id } }',
      'query($id: ID!) { jobDescription(id: $id) { id } }',
      'query($snippetId: ID!) { snippet(id: $snippetId) { id } }',
      'mutation { processJobDescription(companyName: "Acme", jobTitle: "Lead", jobDescription: "We need a lead.") { cleanedDescription } }',
      'mutation { confirmJobDescription(formattedContent: "## Role", jobTitle: "Lead", companyName: "Acme") { id } }',
      'mutation($id: ID!) { createSnippet(jobDescriptionId: $id, snippetText: "- Lead") { id } }',
      'mutation($id: ID!) { archiveJobDescription(id: $id) { id } }',
      'mutation($id: ID!) { unarchiveJobDescription(id: $id) { id } }',
      'mutation($id: ID!) { deleteJobDescription(id: $id) }',
      'query($id: ID!, $snippetId: ID!) { _entities(representations: [{ __typename: "JobDescription", id: $id }, { __typename: "Snippet", id: $snippetId }]) { __typename } }',
    ]) {
      const answer = await subgraphQuery<Record<string, unknown>>(service.app, headers[ESSENTIALS] ?? {}, query, variables);
      expect(answer.errors?.[0], query).toMatchObject({ message: refusal.message, extensions: { code: 'FORBIDDEN' } });
    }
    const starters = await subgraphQuery<{ formattedJobDescriptions: { id: string }[] }>(
      service.app,
      headers[STARTER] ?? {},
      'query { formattedJobDescriptions { id } }',
    );
    expect(starters.data?.formattedJobDescriptions).toEqual([{ id: String(jobDescriptionId) }]);
  });
});
