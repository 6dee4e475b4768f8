import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_INTERVIEW_MESSAGES, MOCK_SUBJECTS, jobRequirementsReplySchema } from '@story/proto';
import { tempDataDir } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { formatPosting } from '../src/formatting/offline/offline-formatter.ts';
import { LINKEDIN, pasted } from '@story/testing/fixtures/job-postings';
import { requester, startJobsForTest, type JobsUnderTest } from './jobs-test-kit.ts';

const OWNER = 31;
const STRANGER = 32;
const NOT_FOUND = { ok: false, status: 404, message: MOCK_INTERVIEW_MESSAGES.jobDescriptionNotFound };

/** The jobs service on a real nats-server answers `jobs.description.requirements` for the mock interview planner. */
describe('jobs.description.requirements with a real nats-server', () => {
  const dir = tempDataDir('jobs-requirements-nats-');
  let nats: NatsServerHandle;
  let service: JobsUnderTest;
  let asker: NatsConnection;
  let request: ReturnType<typeof requester>;
  let owner: Record<string, string>;
  let jobDescriptionId: number;
  let snippetIds: number[];

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    service = await startJobsForTest({ natsUrl: nats.url, dataDir: join(dir, 'service') });
    asker = await connect({ servers: nats.url });
    request = requester(service);
    owner = await service.as(OWNER);
    const confirmed = await request('POST', '/api/confirm-job-description', owner, {
      formattedContent: formatPosting(pasted(LINKEDIN)),
      jobTitle: 'Senior Backend Engineer',
      companyName: 'Nimbus Analytics',
    });
    jobDescriptionId = confirmed.json<{ id: number }>().id;
    snippetIds = [];
    for (const snippetText of ['Own the reliability of our ingestion pipeline', 'Mentor two to three engineers'])
      snippetIds.push((await request('POST', '/api/job-description-snippets', owner, { jobDescriptionId, snippetText })).json<{ id: number }>().id);
  });
  afterAll(async () => {
    await asker?.close();
    await service?.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const ask = async (payload: string) =>
    jobRequirementsReplySchema.parse((await asker.request(MOCK_SUBJECTS.jobRequirements, payload, { timeout: 2000 })).json());
  const askFor = (userId: number, id: number) => ask(JSON.stringify({ userId, jobDescriptionId: id }));

  it('answers the owner with the names, the requirement lines and the snippets oldest first', async () => {
    expect(await askFor(OWNER, jobDescriptionId)).toEqual({
      ok: true,
      companyName: 'Nimbus Analytics',
      jobTitle: 'Senior Backend Engineer',
      requirements: [
        { key: 'line:0', text: '5+ years building distributed systems' },
        { key: 'line:1', text: 'Experience with Kafka, PostgreSQL and Kubernetes' },
        { key: 'line:2', text: 'Fluent English; German is a plus' },
        { key: 'line:3', text: 'Design and build event-driven services in Go and Kotlin that process 5 billion events a day' },
        { key: 'line:4', text: 'Own the reliability of our ingestion pipeline' },
        { key: 'line:5', text: 'Mentor two to three engineers' },
      ],
      snippets: [
        { id: snippetIds[0], text: 'Own the reliability of our ingestion pipeline' },
        { id: snippetIds[1], text: 'Mentor two to three engineers' },
      ],
    });
  });

  it('still answers for an archived description', async () => {
    expect((await request('POST', `/api/formatted-job-descriptions/${jobDescriptionId}/archive`, owner)).statusCode).toBe(200);
    const reply = await askFor(OWNER, jobDescriptionId);
    expect(reply.ok && reply.requirements).toHaveLength(6);
    await request('POST', `/api/formatted-job-descriptions/${jobDescriptionId}/unarchive`, owner);
  });

  it('answers another user’s description and a missing one alike: 404', async () => {
    expect(await askFor(STRANGER, jobDescriptionId)).toEqual(NOT_FOUND);
    expect(await askFor(OWNER, jobDescriptionId + 1000)).toEqual(NOT_FOUND);
  });

  it('refuses a malformed question (400) and keeps answering', async () => {
    for (const payload of [
      'not json',
      '{}',
      JSON.stringify({ userId: OWNER, jobDescriptionId: String(jobDescriptionId) }),
      JSON.stringify({ userId: -1, jobDescriptionId }),
    ]) {
      const reply = await ask(payload);
      expect(reply, payload).toMatchObject({ ok: false, status: 400 });
    }
    expect((await askFor(OWNER, jobDescriptionId)).ok).toBe(true);
  });
});
