import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '@story/testing/test-stack';
import { ApiClient, GOOD_PASSWORD, uniqueEmail } from '@story/testing/api-client';
import type { StackHandle } from '../src/stack.ts';

const AI_PER_MINUTE = 4;

/**
 * The interview-practice area through the gateway, as `make run` starts it: REST and GraphQL reach
 * the jobs service with the caller's identity, cleaning a description spends the AI budget by either
 * road, and deleting a job description deletes its snippets' practice conversations in the
 * conversations service (an event on EVENTS, each service as its own NATS user).
 */
let stack: StackHandle & { dataDir: string };

// Owns its stack: it runs the AI budget out on purpose, with a budget of its own.
beforeAll(async () => {
  stack = await startTestStack({ env: { RATE_LIMIT_AI_PER_MINUTE: String(AI_PER_MINUTE) } });
});
afterAll(async () => stack?.stop());

async function signedIn(): Promise<ApiClient> {
  const client = new ApiClient(stack.gatewayUrl);
  const reply = await client.post('/api/users/register', { email: uniqueEmail('jobs'), firstName: 'Ada', lastName: 'Lovelace', password: GOOD_PASSWORD });
  expect(reply.status).toBe(201);
  return client;
}

/** Practice conversations of a snippet as the conversations service stores them. */
function storedConversations(snippetId: number): number {
  const db = new Database(join(stack.dataDir, 'conversations.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM snippet_conversations WHERE snippet_id = ?').get(snippetId)?.n ?? 0;
  } finally {
    db.close();
  }
}

describe('interview practice through the gateway', () => {
  it('saves a description and a snippet, counts snippets in the GraphQL list, and deletes the snippet’s conversations with the description', async () => {
    const client = await signedIn();
    const confirmed = await client.post('/api/confirm-job-description', {
      formattedContent: '## Role\n\n- Lead a team of five',
      jobTitle: 'Lead',
      companyName: 'Acme',
    });
    expect(confirmed.status).toBe(201);
    const snippet = await client.post('/api/job-description-snippets', { jobDescriptionId: confirmed.body.id, snippetText: '- Lead a team of five' });
    expect(snippet.status).toBe(201);

    const listed = await client.post('/graphql', { query: '{ formattedJobDescriptions { id jobTitle snippetCount } }' });
    expect(listed.body.data.formattedJobDescriptions).toEqual([{ id: String(confirmed.body.id), jobTitle: 'Lead', snippetCount: 1 }]);
    const rest = await client.get('/api/formatted-job-descriptions');
    expect(rest.body).toEqual([expect.objectContaining({ id: confirmed.body.id, jobTitle: 'Lead', isArchived: false })]);

    const history = [{ userMessage: 'I led five people.', aiResponse: 'What was the result?', timestamp: new Date().toISOString() }];
    expect((await client.post('/api/snippet-conversations', { snippetId: snippet.body.id, conversationHistory: history })).status).toBe(201);
    expect(storedConversations(snippet.body.id)).toBe(1);

    // Another user: nothing of this user's, and nothing changes.
    const other = await signedIn();
    expect((await other.get(`/api/job-description-snippets/${confirmed.body.id}`)).status).toBe(404);
    expect((await other.delete(`/api/formatted-job-descriptions/${confirmed.body.id}`)).status).toBe(404);
    expect((await other.get(`/api/snippet-conversations/${snippet.body.id}`)).status).toBe(404);
    expect((await other.post('/graphql', { query: '{ formattedJobDescriptions { id } }' })).body.data.formattedJobDescriptions).toEqual([]);

    expect((await client.delete(`/api/formatted-job-descriptions/${confirmed.body.id}`)).status).toBe(200);
    await expect.poll(() => storedConversations(snippet.body.id), { timeout: 15_000 }).toBe(0);
    expect((await client.get(`/api/job-description-snippets/single/${snippet.body.id}`)).status).toBe(404);
  });

  it('refuses state changes without the CSRF token, and bad ids in paths and bodies', async () => {
    const client = await signedIn();
    const noToken = new ApiClient(stack.gatewayUrl);
    noToken.setCookie('session', client.cookie('session') ?? '');
    noToken.setCookie('csrf_token', 'forged');
    expect((await noToken.post('/api/confirm-job-description', { formattedContent: 'x', jobTitle: 'x', companyName: 'x' })).status).toBe(403);
    for (const id of ['0', '-1', 'abc', '1e3', '0x1', '00']) expect((await client.post(`/api/formatted-job-descriptions/${id}/archive`)).status, id).toBe(400);
    for (const jobDescriptionId of [[1], '1', true, 0, 1.5]) {
      const response = await client.post('/api/job-description-snippets', { jobDescriptionId, snippetText: 'x' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Invalid job description ID' });
    }
    const huge = await client.post('/api/process-job-description', { companyName: 'Acme', jobTitle: 'Lead', jobDescription: 'x'.repeat(200 * 1024) });
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({ message: 'Job description must be at most 50000 characters' });
  });

  it('charges cleaning a description by REST and by GraphQL against one AI budget', async () => {
    const client = await signedIn();
    const body = { companyName: 'Acme', jobTitle: 'Lead', jobDescription: 'RESPONSIBILITIES\n• Lead teams\nApply now' };
    const statuses: number[] = [];
    for (let i = 0; i < AI_PER_MINUTE - 1; i++) {
      const response = await client.post('/api/process-job-description', body);
      statuses.push(response.status);
      expect(response.body.cleanedDescription ?? response.body.message).toBeDefined();
    }
    const field = 'processJobDescription(companyName: "Acme", jobTitle: "Lead", jobDescription: "• Lead teams") { cleanedDescription }';
    const last = await client.post('/graphql', { query: `mutation { ${field} }` });
    expect(last.body.data.processJobDescription.cleanedDescription).toBe('- Lead teams');
    expect(statuses).toEqual([200, 200, 200]);
    expect((await client.post('/api/process-job-description', body)).status).toBe(429);
    expect((await client.post('/graphql', { query: `mutation { ${field} }` })).status).toBe(429);
  });
});
