import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES, snippetsResponseSchema } from '@story/proto';
import { requester, startJobsForTest, steppingClock, type JobsUnderTest } from '../../test/jobs-test-kit.ts';

const ALICE = 401;
const BOB = 402;

describe('job description snippets over REST', () => {
  let service: JobsUnderTest;
  let request: ReturnType<typeof requester>;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  let descriptionId: number;

  beforeAll(async () => {
    service = await startJobsForTest({ deps: { clock: steppingClock() }, env: { QUOTA_SNIPPETS_PER_JOB_DESCRIPTION: '3' } });
    request = requester(service);
    alice = await service.as(ALICE);
    bob = await service.as(BOB);
    const confirmed = await request('POST', '/api/confirm-job-description', alice, {
      formattedContent: '## Role\n\n- Lead teams\n- Ship weekly',
      jobTitle: 'Lead',
      companyName: 'Acme',
    });
    descriptionId = confirmed.json<{ id: number }>().id;
  });
  afterAll(async () => service.close());

  const create = (headers: Record<string, string>, payload: unknown) => request('POST', '/api/job-description-snippets', headers, payload);

  it('saves snippets, lists them newest first and reads one', async () => {
    const first = await create(alice, { jobDescriptionId: descriptionId, snippetText: '- Lead teams' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number) });
    const second = await create(alice, { jobDescriptionId: descriptionId, snippetText: '- Ship weekly' });
    const listed = await request('GET', `/api/job-description-snippets/${descriptionId}`, alice);
    expect(snippetsResponseSchema.parse(listed.json()).map((s) => s.snippetText)).toEqual(['- Ship weekly', '- Lead teams']);
    expect(Object.keys(listed.json<object[]>()[0] ?? {}).sort()).toEqual(['createdAt', 'id', 'snippetText']);

    const single = await request('GET', `/api/job-description-snippets/single/${second.json<{ id: number }>().id}`, alice);
    expect(single.json()).toEqual({ id: second.json<{ id: number }>().id, snippetText: '- Ship weekly', jobDescriptionId: descriptionId });
  });

  it('keeps another user out: their description and snippets are 404 and nothing is saved', async () => {
    const mine = await create(alice, { jobDescriptionId: descriptionId, snippetText: 'Mine' });
    const snippetId = mine.json<{ id: number }>().id;
    const onForeign = await create(bob, { jobDescriptionId: descriptionId, snippetText: 'Not mine' });
    expect(onForeign.statusCode).toBe(404);
    expect(onForeign.json()).toEqual({ message: JOB_MESSAGES.jobDescriptionNotFound });
    expect((await request('GET', `/api/job-description-snippets/${descriptionId}`, bob)).statusCode).toBe(404);
    const single = await request('GET', `/api/job-description-snippets/single/${snippetId}`, bob);
    expect(single.statusCode).toBe(404);
    expect(single.json()).toEqual({ message: JOB_MESSAGES.snippetNotFound });
    const listed = await request('GET', `/api/job-description-snippets/${descriptionId}`, alice);
    expect(listed.json<unknown[]>()).toHaveLength(3);
  });

  it('refuses bad input with the specification’s messages, text first, and saves nothing', async () => {
    const cases: [unknown, string][] = [
      [{ jobDescriptionId: descriptionId, snippetText: '' }, 'Please paste a section to practice'],
      [{ jobDescriptionId: descriptionId, snippetText: ' \n ' }, 'Please paste a section to practice'],
      [{ jobDescriptionId: 0, snippetText: '   ' }, 'Please paste a section to practice'],
      [{ jobDescriptionId: 0, snippetText: 'Lead' }, 'Invalid job description ID'],
      [{ jobDescriptionId: -4, snippetText: 'Lead' }, 'Invalid job description ID'],
      [{ jobDescriptionId: '5', snippetText: 'Lead' }, 'Invalid job description ID'],
      [{ jobDescriptionId: 1.5, snippetText: 'Lead' }, 'Invalid job description ID'],
      [{ snippetText: 'Lead' }, 'Invalid job description ID'],
      [{ jobDescriptionId: descriptionId, snippetText: 'x'.repeat(200 * 1024) }, 'Snippet is too long'],
    ];
    for (const [payload, message] of cases) {
      const response = await create(alice, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    for (const id of ['0', '-1', 'abc', '2.5', '1e2']) {
      expect((await request('GET', `/api/job-description-snippets/${id}`, alice)).statusCode, id).toBe(400);
      expect((await request('GET', `/api/job-description-snippets/single/${id}`, alice)).statusCode, id).toBe(400);
    }
    expect((await request('GET', `/api/job-description-snippets/${descriptionId}`, alice)).json<unknown[]>()).toHaveLength(3);
  });

  it('refuses a snippet past the per-description quota with a 409', async () => {
    const refused = await create(alice, { jobDescriptionId: descriptionId, snippetText: 'Fourth' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This job description has reached the limit of 3 snippets. Practise with one of its saved snippets or delete the job description.',
    });
  });
});
