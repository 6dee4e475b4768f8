import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandInPlans, startServiceForTest, type ServiceUnderTest } from '@story/testing/service-under-test';
import { conversationsService, type ConversationsDeps } from '../../services/conversations/src/app.ts';
import type { ConversationsConfig } from '../../services/conversations/src/config.ts';
import { jobsService, type JobsDeps } from '../../services/jobs/src/app.ts';
import type { JobsConfig } from '../../services/jobs/src/config.ts';
import { permissionViolations, startUsersNats, type UsersNats } from './support/nats-users.ts';

const OWNER = 71;
const STRANGER = 72;

/**
 * A snippet's life across two services, each connected as its own NATS user with the registry's
 * permissions: conversations asks jobs who owns a snippet (request/reply), and deleting the job
 * description in jobs deletes the snippet's practice conversations in conversations (an outbox
 * event on EVENTS, read by conversations' durable consumer). Both ask auth for the person's plan
 * (interview practice, issue 36), which the test answers as the auth user.
 */
describe('snippet conversations follow their snippet, each service as its own NATS user', () => {
  let nats: UsersNats;
  let jobs: ServiceUnderTest<JobsConfig, JobsDeps>;
  let conversations: ServiceUnderTest<ConversationsConfig, ConversationsDeps>;
  const violations: string[][] = [];

  const natsEnv = (user: string) => ({ NATS_USER: user, NATS_PASSWORD: nats.credentials(user).pass, OUTBOX_RELAY_INTERVAL_MS: '100' });

  beforeAll(async () => {
    nats = await startUsersNats();
    const auth = await nats.connectAs('auth');
    new StandInPlans().put(OWNER, 'standard').put(STRANGER, 'standard').answerOn(auth);
    await auth.flush();
    jobs = await startServiceForTest(jobsService, { natsUrl: nats.server.url, env: natsEnv('jobs') });
    conversations = await startServiceForTest(conversationsService, { natsUrl: nats.server.url, env: natsEnv('conversations'), deps: { runPurgeJob: false } });
    for (const service of [jobs, conversations]) {
      const nc = service.deps.nats.nc;
      if (nc) violations.push(permissionViolations(nc));
    }
  });
  afterAll(async () => {
    await conversations?.close();
    await jobs?.close();
    await nats?.stop();
  });

  it('saves practice only on the owner’s snippet, and deletes it with the job description', async () => {
    const owner = { jobs: await jobs.as(OWNER), conversations: await conversations.as(OWNER) };
    const confirmed = await jobs.app.inject({
      method: 'POST',
      url: '/api/confirm-job-description',
      headers: owner.jobs,
      payload: { formattedContent: '## Role\n\n- Lead a team of five', jobTitle: 'Lead', companyName: 'Acme' },
    });
    const jobDescriptionId = confirmed.json<{ id: number }>().id;
    const snippet = await jobs.app.inject({
      method: 'POST',
      url: '/api/job-description-snippets',
      headers: owner.jobs,
      payload: { jobDescriptionId, snippetText: '- Lead a team of five' },
    });
    const snippetId = snippet.json<{ id: number }>().id;

    const history = [{ userMessage: 'I led five engineers through a migration.', aiResponse: 'What was the result?', timestamp: '2024-06-01T10:00:00.000Z' }];
    const saved = await conversations.app.inject({
      method: 'POST',
      url: '/api/snippet-conversations',
      headers: owner.conversations,
      payload: { snippetId, conversationHistory: history },
    });
    expect(saved.statusCode).toBe(201);
    const stranger = await conversations.app.inject({
      method: 'POST',
      url: '/api/snippet-conversations',
      headers: await conversations.as(STRANGER),
      payload: { snippetId, conversationHistory: history },
    });
    expect(stranger.statusCode).toBe(404);
    const listed = await conversations.app.inject({ method: 'GET', url: `/api/snippet-conversations/${snippetId}`, headers: owner.conversations });
    expect(listed.json<unknown[]>()).toHaveLength(1);

    const deleted = await jobs.app.inject({ method: 'DELETE', url: `/api/formatted-job-descriptions/${jobDescriptionId}`, headers: owner.jobs });
    expect(deleted.statusCode).toBe(200);
    await expect
      .poll(async () => (await conversations.deps.storage.snippetConversations.listSnippetConversations(OWNER, snippetId)).length, { timeout: 15_000 })
      .toBe(0);
    const afterwards = await conversations.app.inject({ method: 'GET', url: `/api/snippet-conversations/${snippetId}`, headers: owner.conversations });
    expect(afterwards.statusCode).toBe(404);
    expect(violations.flat()).toEqual([]);
  });
});
