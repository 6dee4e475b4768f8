import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_SUBJECTS, SUBJECTS, featureLockedMessage, resumeResponseSchema, type Resume } from '@story/proto';
import { tempDataDir, type StandInPlans } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { SAMPLE_RESUME_TEXT } from '@story/testing/fixtures/resumes';
import { startProfileForTest, uploadResume, type ProfileUnderTest } from './profile-test-kit.ts';

const PERSON = 51;

/**
 * Issue 36, 4: the résumé reaches the coach and the mock interview planner over NATS too ("résumé
 * upload integrated into conversations" is the plan's résumé feature). A person whose plan no longer
 * has résumés (moved back to Starter) has a résumé the coach and the planner no longer see; a story or
 * question about one of its lines is refused with the plan's sentence.
 */
describe('the résumé over NATS follows the plan', () => {
  const dir = tempDataDir('profile-plan-nats-');
  let nats: NatsServerHandle;
  let service: ProfileUnderTest;
  let plans: StandInPlans;
  let asker: NatsConnection;
  let resume: Resume;
  const refusal = { ok: false, status: 403, message: featureLockedMessage('resume', 'plus') };

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    ({ service, plans } = await startProfileForTest({ natsUrl: nats.url, dataDir: join(dir, 'service') }));
    asker = await connect({ servers: nats.url });
    plans.put(PERSON, 'plus');
    const uploaded = await uploadResume(service, await service.as(PERSON), 'resume.txt', Buffer.from(SAMPLE_RESUME_TEXT));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    resume = resumeResponseSchema.parse(uploaded.json()).resume;
    const reviewed = await service.app.inject({
      method: 'PUT',
      url: `/api/resumes/${resume.id}`,
      headers: await service.as(PERSON),
      payload: { content: resume.content, basedOn: 1 },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
  });
  afterAll(async () => {
    await asker?.close();
    await service?.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const ask = async (subject: string, body: Record<string, unknown>) => (await asker.request(subject, JSON.stringify(body), { timeout: 3000 })).json<unknown>();
  const bulletId = () => resume.content.roles[0]?.bullets[0]?.id ?? '';

  it('tells the coach and the planner the résumé while the plan has résumés', async () => {
    expect(await ask(SUBJECTS.resumeContext, { userId: PERSON })).toMatchObject({
      ok: true,
      roles: expect.arrayContaining([expect.objectContaining({ company: 'Northwind Traders' })]),
    });
    expect(await ask(MOCK_SUBJECTS.resumeLines, { userId: PERSON })).toMatchObject({ ok: true, resumeId: resume.id });
  });

  it('tells them nothing of it once the plan has none, and refuses a story or interview about one of its lines', async () => {
    plans.put(PERSON, 'standard');
    try {
      expect(await ask(SUBJECTS.resumeContext, { userId: PERSON })).toEqual({ ok: true, roles: [] });
      expect(await ask(SUBJECTS.resumeContext, { userId: PERSON, bullet: { resumeId: resume.id, bulletId: bulletId() } })).toEqual(refusal);
      expect(await ask(SUBJECTS.resumeThreadLink, { userId: PERSON, resumeId: resume.id, bulletId: bulletId(), threadId: 3 })).toEqual({
        ok: false,
        message: refusal.message,
      });
      expect(await ask(MOCK_SUBJECTS.resumeLines, { userId: PERSON })).toEqual({ ok: true, resumeId: null, lines: [] });
      expect(await ask(MOCK_SUBJECTS.resumeLines, { userId: PERSON, resumeId: resume.id })).toEqual(refusal);
    } finally {
      plans.put(PERSON, 'plus');
    }
  });
});
