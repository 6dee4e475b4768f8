import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SUBJECTS, JOB_MESSAGES, jobDescriptionsResponseSchema } from '@story/proto';
import { requester, startJobsForTest, steppingClock, type JobsUnderTest } from '../../test/jobs-test-kit.ts';

const ALICE = 301;
const BOB = 302;

const confirmBody = (title: string, extra: Record<string, unknown> = {}) => ({
  formattedContent: `## ${title}\n\n- Lead teams`,
  jobTitle: title,
  companyName: 'Acme',
  ...extra,
});

describe('saved job descriptions over REST', () => {
  let service: JobsUnderTest;
  let request: ReturnType<typeof requester>;
  let alice: Record<string, string>;
  let bob: Record<string, string>;

  beforeAll(async () => {
    service = await startJobsForTest({ deps: { clock: steppingClock() }, env: { QUOTA_JOB_DESCRIPTIONS_PER_USER: '5' } });
    request = requester(service);
    alice = await service.as(ALICE);
    bob = await service.as(BOB);
  });
  afterAll(async () => service.close());

  const confirm = async (headers: Record<string, string>, body: unknown) => {
    const response = await request('POST', '/api/confirm-job-description', headers, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; message: string }>();
  };
  const list = async (headers: Record<string, string>, archived = false) => {
    const response = await request('GET', `/api/formatted-job-descriptions${archived ? '/archived' : ''}`, headers);
    expect(response.statusCode).toBe(200);
    return jobDescriptionsResponseSchema.parse(response.json());
  };

  it('refuses a caller without a gateway-signed identity', async () => {
    for (const [method, url] of [
      ['GET', '/api/formatted-job-descriptions'],
      ['POST', '/api/confirm-job-description'],
      ['DELETE', '/api/formatted-job-descriptions/1'],
    ] as const) {
      const response = await request(method, url, {}, method === 'POST' ? confirmBody('x') : undefined);
      expect(response.statusCode, url).toBe(401);
    }
    const forged = await request('GET', '/api/formatted-job-descriptions', await service.forged({ userId: ALICE, isAdmin: false, sessionId: 's' }));
    expect(forged.statusCode).toBe(401);
  });

  it('confirms, lists newest first, archives, unarchives and deletes, each for its owner only', async () => {
    const first = await confirm(alice, confirmBody('Backend Engineer', { originalContent: 'Backend Engineer\n• Lead teams' }));
    expect(first).toEqual({ id: expect.any(Number), message: JOB_MESSAGES.formattingSaved });
    const second = await confirm(alice, confirmBody('Data Engineer'));
    await confirm(bob, confirmBody('Bob’s role'));

    const active = await list(alice);
    expect(active.map((d) => d.jobTitle)).toEqual(['Data Engineer', 'Backend Engineer']);
    expect(active[1]).toMatchObject({
      id: first.id,
      companyName: 'Acme',
      formattedContent: '## Backend Engineer\n\n- Lead teams',
      originalContent: 'Backend Engineer\n• Lead teams',
      isArchived: false,
    });
    expect(active[0]?.originalContent).toBe('## Data Engineer\n\n- Lead teams');
    expect(Object.keys(active[0] ?? {})).not.toContain('snippetCount');

    const archived = await request('POST', `/api/formatted-job-descriptions/${first.id}/archive`, alice);
    expect(archived.json()).toEqual({ id: first.id, message: JOB_MESSAGES.archived });
    expect((await list(alice)).map((d) => d.id)).toEqual([second.id]);
    expect((await list(alice, true)).map((d) => [d.id, d.isArchived])).toEqual([[first.id, true]]);
    expect((await list(bob, true)).length).toBe(0);

    const unarchived = await request('POST', `/api/formatted-job-descriptions/${first.id}/unarchive`, alice);
    expect(unarchived.json()).toEqual({ id: first.id, message: JOB_MESSAGES.unarchived });

    // Bob can neither see, archive nor delete Alice's: 404, and nothing changes.
    for (const [method, url] of [
      ['POST', `/api/formatted-job-descriptions/${first.id}/archive`],
      ['POST', `/api/formatted-job-descriptions/${first.id}/unarchive`],
      ['DELETE', `/api/formatted-job-descriptions/${first.id}`],
    ] as const) {
      const response = await request(method, url, bob);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: JOB_MESSAGES.jobDescriptionNotFound });
    }
    const stolen = await request('POST', '/api/confirm-job-description', bob, confirmBody('Taken', { id: first.id }));
    expect(stolen.statusCode).toBe(404);
    expect((await list(alice)).map((d) => [d.id, d.jobTitle])).toEqual([
      [second.id, 'Data Engineer'],
      [first.id, 'Backend Engineer'],
    ]);

    const deleted = await request('DELETE', `/api/formatted-job-descriptions/${first.id}`, alice);
    expect(deleted.json()).toEqual({ id: first.id, message: JOB_MESSAGES.deleted });
    expect((await list(alice)).map((d) => d.id)).toEqual([second.id]);
    expect((await request('DELETE', `/api/formatted-job-descriptions/${first.id}`, alice)).statusCode).toBe(404);
    const events = (await service.deps.storage.outbox.pendingEvents(100)).filter((e) => e.subject === EVENT_SUBJECTS.jobDescriptionDeleted);
    expect(events.map((e) => JSON.parse(e.payload))).toEqual([{ userId: ALICE, jobDescriptionId: first.id, at: expect.any(String) }]);
  });

  it('re-confirms a saved description in place when the review screen sends its id', async () => {
    const saved = await confirm(alice, confirmBody('Platform Engineer'));
    const again = await request('POST', '/api/confirm-job-description', alice, {
      ...confirmBody('Platform Engineer (Go)'),
      formattedContent: '## Edited',
      id: saved.id,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: saved.id, message: JOB_MESSAGES.formattingSaved });
    const [latest] = (await list(alice)).filter((d) => d.id === saved.id);
    expect(latest).toMatchObject({ jobTitle: 'Platform Engineer (Go)', formattedContent: '## Edited' });
  });

  it('refuses bad input with a clear 400 and saves nothing', async () => {
    const before = (await list(alice)).length;
    const cases: [unknown, string][] = [
      [{ ...confirmBody('x'), formattedContent: '' }, 'Formatted content cannot be empty'],
      [{ ...confirmBody('x'), formattedContent: '  \n\t ' }, 'Formatted content cannot be empty'],
      [{ jobTitle: 'x', companyName: 'y' }, 'Formatted content cannot be empty'],
      [{ ...confirmBody('x'), formattedContent: 'x'.repeat(200 * 1024) }, 'Formatted content is too long'],
      [{ ...confirmBody('x'), jobTitle: '   ' }, 'Please enter the job title'],
      [{ ...confirmBody('x'), companyName: '' }, 'Please enter the company name'],
      [{ ...confirmBody('x'), id: 0 }, 'Id must be a positive number'],
      [{ ...confirmBody('x'), id: '7' }, 'Id must be a number'],
      [{ ...confirmBody('x'), formattedContent: { $ne: '' } }, 'Formatted content cannot be empty'],
    ];
    for (const [payload, message] of cases) {
      const response = await request('POST', '/api/confirm-job-description', alice, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    for (const id of ['0', '-1', 'abc', '1e3', '0x10', '01', '9'.repeat(20)]) {
      for (const [method, url] of [
        ['DELETE', `/api/formatted-job-descriptions/${id}`],
        ['POST', `/api/formatted-job-descriptions/${id}/archive`],
        ['POST', `/api/formatted-job-descriptions/${id}/unarchive`],
      ] as const) {
        const response = await request(method, url, alice);
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json()).toEqual({ message: 'Id must be a number' });
      }
    }
    expect((await list(alice)).length).toBe(before);
  });

  it('refuses a description past the per-user quota with a 409 that says what to do', async () => {
    const carol = await service.as(303);
    for (let n = 0; n < 5; n++) await confirm(carol, confirmBody(`Role ${n}`));
    const refused = await request('POST', '/api/confirm-job-description', carol, confirmBody('One too many'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'You have reached the limit of 5 saved job descriptions. Delete old ones to save new ones.' });
  });
});
