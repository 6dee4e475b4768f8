import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_INTERVIEW_MESSAGES, MOCK_SUBJECTS, resumeLinesReplySchema, resumeResponseSchema, type Resume } from '@story/proto';
import { tempDataDir } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { SAMPLE_RESUME_TEXT } from '@story/testing/fixtures/resumes';
import { startProfileForTest, uploadResume, type ProfileUnderTest } from './profile-test-kit.ts';

const OWNER = 41;
const STRANGER = 42;
const NOBODY = 43;

/** A second résumé of the same person, uploaded after the first (so it becomes the current one). */
const NEWER_RESUME = `Ada Park
ada.park@example.com

EXPERIENCE
Staff Engineer, Fabrikam — Jan 2024 – Present
- Led the move of 40 services to Kubernetes
`;

/** The profile service on a real nats-server answers `profile.resume.lines` for the mock interview planner. */
describe('profile.resume.lines with a real nats-server', () => {
  const dir = tempDataDir('profile-lines-nats-');
  let nats: NatsServerHandle;
  let service: ProfileUnderTest;
  let asker: NatsConnection;
  let older: Resume;
  let newer: Resume;

  const upload = async (userId: number, text: string) => {
    const response = await uploadResume(service, await service.as(userId), 'resume.txt', Buffer.from(text));
    expect(response.statusCode, response.body).toBe(201);
    return resumeResponseSchema.parse(response.json()).resume;
  };

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: join(dir, 'nats') });
    ({ service } = await startProfileForTest({ natsUrl: nats.url, dataDir: join(dir, 'service') }));
    asker = await connect({ servers: nats.url });
    older = await upload(OWNER, SAMPLE_RESUME_TEXT);
    // A reviewed version 2 with an edited bullet: the lines are those of the latest version.
    const content = structuredClone(older.content);
    const bullet = content.roles[0]?.bullets[0];
    if (!bullet) throw new Error('no bullet parsed');
    bullet.text = 'Rebuilt the checkout page, lifting conversion 12%';
    const saved = await service.app.inject({
      method: 'PUT',
      url: `/api/resumes/${older.id}`,
      headers: await service.as(OWNER),
      payload: { content, basedOn: 1 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    older = resumeResponseSchema.parse(saved.json()).resume;
    newer = await upload(OWNER, NEWER_RESUME);
  });
  afterAll(async () => {
    await asker?.close();
    await service?.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const ask = async (payload: string) => resumeLinesReplySchema.parse((await asker.request(MOCK_SUBJECTS.resumeLines, payload, { timeout: 2000 })).json());
  const bulletIdOf = (resume: Resume, roleIndex: number, bulletIndex: number) => resume.content.roles[roleIndex]?.bullets[bulletIndex]?.id;

  it('answers a résumé of the owner by id: every bullet at its latest version, newest role first, with title and company', async () => {
    expect(await ask(JSON.stringify({ userId: OWNER, resumeId: older.id }))).toEqual({
      ok: true,
      resumeId: older.id,
      lines: [
        {
          bulletId: bulletIdOf(older, 0, 0),
          text: 'Rebuilt the checkout page, lifting conversion 12%',
          title: 'Software Engineer',
          company: 'Northwind Traders',
        },
        {
          bulletId: bulletIdOf(older, 0, 1),
          text: 'Cut build times 40% by caching dependencies, saving each engineer 20 minutes a day',
          title: 'Software Engineer',
          company: 'Northwind Traders',
        },
        { bulletId: bulletIdOf(older, 1, 0), text: 'Responsible for the internal reporting tool', title: 'Junior Developer', company: 'Contoso' },
      ],
    });
  });

  it('answers the current résumé when no id is given', async () => {
    expect(await ask(JSON.stringify({ userId: OWNER }))).toEqual({
      ok: true,
      resumeId: newer.id,
      lines: [{ bulletId: bulletIdOf(newer, 0, 0), text: 'Led the move of 40 services to Kubernetes', title: 'Staff Engineer', company: 'Fabrikam' }],
    });
  });

  it('answers no lines and no résumé for a person without one', async () => {
    expect(await ask(JSON.stringify({ userId: NOBODY }))).toEqual({ ok: true, resumeId: null, lines: [] });
  });

  it('answers another user’s résumé, or a missing one, 404', async () => {
    const notFound = { ok: false, status: 404, message: MOCK_INTERVIEW_MESSAGES.resumeNotFound };
    expect(await ask(JSON.stringify({ userId: STRANGER, resumeId: older.id }))).toEqual(notFound);
    expect(await ask(JSON.stringify({ userId: OWNER, resumeId: newer.id + 1000 }))).toEqual(notFound);
  });

  it('refuses a malformed question (400) and keeps answering', async () => {
    for (const payload of ['not json', '{}', JSON.stringify({ userId: OWNER, resumeId: 'x' })])
      expect(await ask(payload), payload).toMatchObject({ ok: false, status: 400 });
    expect((await ask(JSON.stringify({ userId: OWNER }))).ok).toBe(true);
  });
});
