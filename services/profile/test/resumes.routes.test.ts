import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PDF_DOWNLOADS,
  RESUME_MESSAGES,
  resumeLimitReached,
  resumeStorageLimitReached,
  resumeVersionLimitReached,
  featureLockedMessage,
  resumeResponseSchema,
  resumeSuggestionsResponseSchema,
  resumeVersionsResponseSchema,
  type Resume,
  type ResumeContent,
} from '@story/proto';
import { pdfDownloadCounts } from '@story/testing/pdf-downloads';
import { multipartForm } from '@story/testing/service-under-test';
import { SAMPLE_RESUME_TEXT } from '@story/testing/fixtures/resumes';
import { startProfileForTest, uploadResume, type ProfileUnderTest, type StandInStories } from './profile-test-kit.ts';
import type { StandInPlans } from '@story/testing/service-under-test';

let service: ProfileUnderTest;
let plans: StandInPlans;
let stories: StandInStories;
let nextUser = 500;
const newUser = () => ++nextUser;
beforeAll(async () => {
  ({ service, plans, stories } = await startProfileForTest());
});
afterAll(async () => service.close());

const call = async (userId: number, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  service.app.inject({ method, url, headers: await service.as(userId), payload });

async function uploaded(userId: number, text = SAMPLE_RESUME_TEXT): Promise<Resume> {
  const response = await uploadResume(service, await service.as(userId), 'resume.txt', Buffer.from(text));
  expect(response.statusCode, response.body).toBe(201);
  return resumeResponseSchema.parse(response.json()).resume;
}

const bulletSaying = (content: ResumeContent, words: string) => content.roles.flatMap((role) => role.bullets).find((bullet) => bullet.text.includes(words));

describe('résumé upload and review', () => {
  it('refuses a caller without a gateway-signed identity', async () => {
    for (const url of ['/api/resumes/current', '/api/resumes/1', '/api/resumes/1/suggestions']) {
      expect((await service.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('parses an upload into sections, keeps it unreviewed as version 1, and makes it current', async () => {
    const user = newUser();
    const resume = await uploaded(user);
    expect(resume).toMatchObject({ version: 1, reviewed: false, fileName: 'resume.txt', format: 'txt' });
    expect(resume.content.name).toBe('Ada Park');
    expect(resume.content.roles.map((role) => [role.title, role.company])).toEqual([
      ['Software Engineer', 'Northwind Traders'],
      ['Junior Developer', 'Contoso'],
    ]);
    expect(bulletSaying(resume.content, 'checkout')?.text).toBe('Worked on the checkout page');
    // Contact details are contact, never bullets.
    expect(resume.content.roles.flatMap((role) => role.bullets).some((bullet) => bullet.text.includes('@'))).toBe(false);
    const current = await call(user, 'GET', '/api/resumes/current');
    expect(resumeResponseSchema.parse(current.json()).resume).toEqual(resume);
  });

  it('saves the reviewed content as the next version, refuses a stale or broken save, and lists the versions', async () => {
    const user = newUser();
    const resume = await uploaded(user);
    const content = structuredClone(resume.content);
    const first = content.roles[0];
    if (!first) throw new Error('no role parsed');
    first.title = 'Senior Software Engineer';
    const saved = await call(user, 'PUT', `/api/resumes/${resume.id}`, { content, basedOn: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(resumeResponseSchema.parse(saved.json()).resume).toMatchObject({
      version: 2,
      reviewed: true,
      content: { roles: [{ title: 'Senior Software Engineer' }, {}] },
    });

    const stale = await call(user, 'PUT', `/api/resumes/${resume.id}`, { content, basedOn: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: RESUME_MESSAGES.versionConflict });

    const twin = structuredClone(content);
    twin.roles[1]!.id = twin.roles[0]!.id;
    expect((await call(user, 'PUT', `/api/resumes/${resume.id}`, { content: twin })).json()).toEqual({ message: RESUME_MESSAGES.duplicatePartId });
    const empty = structuredClone(content);
    empty.roles[0]!.bullets[0]!.text = '   ';
    const refused = await call(user, 'PUT', `/api/resumes/${resume.id}`, { content: empty });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain(RESUME_MESSAGES.bulletEmpty);

    const versions = resumeVersionsResponseSchema.parse((await call(user, 'GET', `/api/resumes/${resume.id}/versions`)).json());
    expect(versions.versions.map((version) => [version.version, version.note])).toEqual([
      [2, 'Reviewed'],
      [1, 'Uploaded'],
    ]);
  });

  it("never shows or changes another person's résumé", async () => {
    const owner = newUser();
    const stranger = newUser();
    const resume = await uploaded(owner);
    expect((await call(stranger, 'GET', '/api/resumes/current')).json()).toEqual({ message: RESUME_MESSAGES.noResume });
    for (const [method, url, body] of [
      ['GET', `/api/resumes/${resume.id}`],
      ['PUT', `/api/resumes/${resume.id}`, { content: resume.content }],
      ['GET', `/api/resumes/${resume.id}/suggestions`],
      ['GET', `/api/resumes/${resume.id}/pdf`],
      ['POST', `/api/resumes/${resume.id}/suggestions/s-role-1-b-1-x/dismiss`],
    ] as const) {
      const response = await call(stranger, method, url, body);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await call(owner, 'GET', `/api/resumes/${resume.id}`)).json<{ resume: Resume }>().resume.version).toBe(1);
  });

  it('refuses bad files with a clear message and keeps nothing', async () => {
    const user = newUser();
    const headers = await service.as(user);
    const cases: [string, Buffer, number, string][] = [
      ['resume.txt', Buffer.alloc(0), 400, RESUME_MESSAGES.emptyFile],
      ['resume.exe', Buffer.from('MZ binary'), 415, RESUME_MESSAGES.wrongType],
      ['resume.pdf', Buffer.from('\x89PNG\r\n\x1a\n0000000000'), 415, RESUME_MESSAGES.contentMismatch],
      ['resume.txt', Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), 413, RESUME_MESSAGES.tooLarge],
    ];
    for (const [name, bytes, status, message] of cases) {
      const response = await uploadResume(service, headers, name, bytes);
      expect([response.statusCode, response.json()], name).toEqual([status, { message }]);
    }
    const two = multipartForm([
      { field: 'file', name: 'a.txt', bytes: Buffer.from(SAMPLE_RESUME_TEXT) },
      { field: 'file', name: 'b.txt', bytes: Buffer.from(SAMPLE_RESUME_TEXT) },
    ]);
    const twice = await service.app.inject({
      method: 'POST',
      url: '/api/resumes',
      headers: { ...headers, 'content-type': two.contentType },
      payload: two.body,
    });
    expect(twice.json()).toEqual({ message: RESUME_MESSAGES.oneFile });
    const none = await service.app.inject({ method: 'POST', url: '/api/resumes', headers: { ...headers, 'content-type': 'application/json' }, payload: {} });
    expect(none.json()).toEqual({ message: RESUME_MESSAGES.noFile });
    expect((await call(user, 'GET', '/api/resumes/current')).statusCode).toBe(404);
  });

  it('refuses a plan without résumés (403 naming the plan) and keeps nothing; the PDF needs PDF export', async () => {
    const starter = newUser();
    plans.put(starter, 'standard');
    const refused = await uploadResume(service, await service.as(starter), 'resume.txt', Buffer.from(SAMPLE_RESUME_TEXT));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/Essentials/);
    plans.put(starter, 'plus');
    const resume = await uploaded(starter);
    const pdf = await call(starter, 'GET', `/api/resumes/${resume.id}/pdf`);
    expect(pdf.statusCode).toBe(403);
    expect(pdf.json()).toEqual({ message: featureLockedMessage('pdfExport', 'pro') });
  });

  it('gives the résumé PDF to plans with what the plan table says it needs: résumés and PDF export (issue 36, 4)', async () => {
    expect(PDF_DOWNLOADS.resume.needs).toEqual(['resume', 'pdfExport']);
    const person = newUser();
    const resume = await uploaded(person);
    // An admin gives Starter PDF export: its people still have no résumé feature, so no résumé PDF either.
    plans.include('standard', { pdfExport: true }).put(person, 'standard');
    const pdf = await call(person, 'GET', `/api/resumes/${resume.id}/pdf`);
    expect(pdf.statusCode).toBe(403);
    expect(pdf.json()).toEqual({ message: featureLockedMessage('resume', 'plus') });
    plans.include('standard', { pdfExport: false }).put(person, 'pro');
    expect((await call(person, 'GET', `/api/resumes/${resume.id}/pdf`)).statusCode).toBe(200);
  });
});

describe('suggestions and the PDF', () => {
  it('suggests for weak bullets only, quoting the story that holds the missing number, and accepting makes a new version', async () => {
    const user = newUser();
    stories.tell(user, {
      storyId: 71,
      threadId: 17,
      content: 'The checkout page was slow, so I cached the prices and we got it from 3 seconds down to 800 milliseconds.',
      relevance: 0.8,
    });
    const resume = await uploaded(user);
    const response = await call(user, 'GET', `/api/resumes/${resume.id}/suggestions`);
    expect(response.statusCode, response.body).toBe(200);
    const { suggestions, advice } = resumeSuggestionsResponseSchema.parse(response.json());
    const checkout = suggestions.find((item) => item.original === 'Worked on the checkout page');
    expect(checkout?.evidence).toMatchObject({ threadId: 17, storyId: 71 });
    expect('The checkout page was slow, so I cached the prices and we got it from 3 seconds down to 800 milliseconds.').toContain(
      checkout?.evidence?.quote ?? '∅',
    );
    expect(checkout?.rewrite).toMatch(/800/);
    // The strong bullet gets none; the weak one without a story gets its verb, and what to add is said once for the résumé.
    expect(suggestions.some((item) => item.original.startsWith('Cut build times'))).toBe(false);
    expect(suggestions.find((item) => item.original.includes('reporting tool'))).toMatchObject({ rewrite: 'Managed the internal reporting tool', toAdd: null });
    expect(advice?.message).toMatch(/^One line says what you did but not what came of it/);
    expect(advice?.bulletIds).toEqual([bulletSaying(resume.content, 'reporting tool')?.id]);

    const accepted = await call(user, 'POST', `/api/resumes/${resume.id}/suggestions/${checkout?.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const next = resumeResponseSchema.parse(accepted.json()).resume;
    expect(next.version).toBe(2);
    expect(bulletSaying(next.content, '800')?.id).toBe(bulletSaying(resume.content, 'checkout')?.id);
    expect((await call(user, 'POST', `/api/resumes/${resume.id}/suggestions/${checkout?.id}/accept`)).statusCode).toBe(404);
  });

  it('forgets a dismissed suggestion until its bullet changes', async () => {
    const user = newUser();
    const resume = await uploaded(user);
    const first = resumeSuggestionsResponseSchema.parse((await call(user, 'GET', `/api/resumes/${resume.id}/suggestions`)).json()).suggestions;
    const reporting = first.find((item) => item.original.includes('reporting tool'));
    if (!reporting) throw new Error('no suggestion for the reporting tool');
    const dismissed = await call(user, 'POST', `/api/resumes/${resume.id}/suggestions/${reporting.id}/dismiss`);
    expect(dismissed.json()).toEqual({ message: RESUME_MESSAGES.suggestionDismissed });
    const again = resumeSuggestionsResponseSchema.parse((await call(user, 'GET', `/api/resumes/${resume.id}/suggestions`)).json()).suggestions;
    expect(again.map((item) => item.id)).not.toContain(reporting.id);
    expect(again.length).toBe(first.length - 1);
    expect((await call(user, 'POST', `/api/resumes/${resume.id}/suggestions/bad id/dismiss`)).statusCode).toBe(400);
  });

  it('makes an unchanged résumé’s PDF once, and anew for a new version or other paper', async () => {
    const user = newUser();
    const resume = await uploaded(user);
    const before = await pdfDownloadCounts(service.app, 'resume');
    const first = await call(user, 'GET', `/api/resumes/${resume.id}/pdf`);
    const second = await call(user, 'GET', `/api/resumes/${resume.id}/pdf`);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await pdfDownloadCounts(service.app, 'resume')).toEqual({ ...before, rendered: before.rendered + 1, cached: before.cached + 1 });

    const content = structuredClone(resume.content);
    content.name = 'Ada Park-Lee';
    expect((await call(user, 'PUT', `/api/resumes/${resume.id}`, { content, basedOn: 1 })).statusCode).toBe(200);
    const edited = await call(user, 'GET', `/api/resumes/${resume.id}/pdf`);
    expect(edited.headers['content-disposition']).toBe('attachment; filename="Ada-Park-Lee-resume.pdf"');
    expect((await call(user, 'GET', `/api/resumes/${resume.id}/pdf?paper=letter`)).statusCode).toBe(200);
    expect(await pdfDownloadCounts(service.app, 'resume')).toEqual({ ...before, rendered: before.rendered + 3, cached: before.cached + 1 });
    // Another person asking for it is a 404, whatever was kept.
    expect((await call(newUser(), 'GET', `/api/resumes/${resume.id}/pdf`)).statusCode).toBe(404);
  });

  it('renders the current version as a PDF download, on A4 or Letter', async () => {
    const user = newUser();
    const resume = await uploaded(user);
    const pdf = await call(user, 'GET', `/api/resumes/${resume.id}/pdf?paper=letter`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="Ada-Park-resume.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const legal = await call(user, 'GET', `/api/resumes/${resume.id}/pdf?paper=legal`);
    expect([legal.statusCode, legal.json()]).toEqual([400, { message: 'paper must be a4 or letter' }]);
  });
});

describe('hidden characters in résumé text (issue 36, 7)', () => {
  // A right-to-left override makes "Led the team (gnp.exe" read as "Led the team (exe.png"; zero-width
  // characters hide words from search and from reviewers. Uploads lose them; edits must too.
  const RLO = '\u202e';
  const hidden = [
    '\u200b',
    '\u200c',
    '\u200d',
    '\u2060',
    '\ufeff',
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    RLO,
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200e',
    '\u200f',
  ];
  const hiddenPattern = /[\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

  it('strips bidi overrides and zero-width characters from every text of a saved edit', async () => {
    const user = newUser();
    const resume = await uploaded(user);
    const content = structuredClone(resume.content);
    content.name = `Ada${hidden.join('')} Park`;
    content.summary = `Backend engineer${RLO}gnp.exe\nwho likes fast systems.`;
    content.roles[0]!.title = `Staff${'\u200b'} engineer`;
    content.roles[0]!.bullets[0]!.text = `Led the team (${RLO}gnp.exe) that cut costs 30%`;
    content.skills = [`Go${'\u2060'}`, `SQL${'\u200d'}`];
    content.contact = [`ada${'\u200b'}@example.com`];
    const saved = await call(user, 'PUT', `/api/resumes/${resume.id}`, { content });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const kept of [
      resumeResponseSchema.parse(saved.json()).resume,
      (await call(user, 'GET', `/api/resumes/${resume.id}`)).json<{ resume: Resume }>().resume,
    ]) {
      expect(JSON.stringify(kept.content)).not.toMatch(hiddenPattern);
      expect(kept.content).toMatchObject({
        name: 'Ada Park',
        summary: 'Backend engineergnp.exe\nwho likes fast systems.',
        roles: [{ title: 'Staff engineer', bullets: [{ text: 'Led the team (gnp.exe) that cut costs 30%' }, {}] }, {}],
        skills: ['Go', 'SQL'],
        contact: ['ada@example.com'],
      });
    }
  });

  it('refuses a bullet made only of hidden characters as empty', async () => {
    const user = newUser();
    const resume = await uploaded(user);
    const content = structuredClone(resume.content);
    content.roles[0]!.bullets[0]!.text = '\u200b\u202e\u2060';
    const refused = await call(user, 'PUT', `/api/resumes/${resume.id}`, { content });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain(RESUME_MESSAGES.bulletEmpty);
  });
});

describe('résumé quotas per person (issue 36, 6)', () => {
  // Small quotas from configuration: two résumés, three versions each, 40 KB of résumé content a person.
  let limited: ProfileUnderTest;
  beforeAll(async () => {
    ({ service: limited } = await startProfileForTest({
      env: { QUOTA_RESUMES_PER_USER: '2', QUOTA_VERSIONS_PER_RESUME: '3', QUOTA_RESUME_MB_PER_USER: '0.04' },
    }));
  });
  afterAll(async () => limited.close());

  const upload = async (userId: number) => uploadResume(limited, await limited.as(userId), 'resume.txt', Buffer.from(SAMPLE_RESUME_TEXT));
  const save = async (userId: number, id: number, content: ResumeContent) =>
    limited.app.inject({ method: 'PUT', url: `/api/resumes/${id}`, headers: await limited.as(userId), payload: { content } });
  const versionsOf = async (userId: number, id: number) =>
    resumeVersionsResponseSchema.parse(
      (await limited.app.inject({ method: 'GET', url: `/api/resumes/${id}/versions`, headers: await limited.as(userId) })).json(),
    ).versions.length;

  it('refuses a résumé past the number a person may keep, with 409 and what to do, and keeps nothing', async () => {
    const user = newUser();
    expect((await upload(user)).statusCode).toBe(201);
    expect((await upload(user)).statusCode).toBe(201);
    const third = await upload(user);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ message: resumeLimitReached(2) });
    // Another person is not counted with this one.
    expect((await upload(newUser())).statusCode).toBe(201);
  });

  it('refuses a version past the number a résumé may keep, and keeps the versions it had (none pruned)', async () => {
    const user = newUser();
    const resume = resumeResponseSchema.parse((await upload(user)).json()).resume;
    expect((await save(user, resume.id, resume.content)).statusCode).toBe(200);
    expect((await save(user, resume.id, resume.content)).statusCode).toBe(200);
    const fourth = await save(user, resume.id, resume.content);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({ message: resumeVersionLimitReached(3) });
    expect(await versionsOf(user, resume.id)).toBe(3);
  });

  it('refuses a save that would take the person past the bytes they may keep, and keeps the résumé as it was', async () => {
    const user = newUser();
    const resume = resumeResponseSchema.parse((await upload(user)).json()).resume;
    const large = structuredClone(resume.content);
    large.summary = 'Led the platform team through the move to a new payments provider. '.repeat(44).slice(0, 2990);
    large.roles[0]!.bullets = Array.from({ length: 40 }, (_, i) => ({ id: `role-1-b-${i + 1}`, text: `Shipped the change ${i} `.repeat(41).trim() }));
    // About 40 KB: the first fits beside the upload (1 KB), a second would not, nor would another upload.
    expect((await save(user, resume.id, large)).statusCode).toBe(200);
    const over = await save(user, resume.id, large);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: resumeStorageLimitReached(0.04) });
    expect(await versionsOf(user, resume.id)).toBe(2);
    // An upload counts too.
    expect((await upload(user)).json()).toEqual({ message: resumeStorageLimitReached(0.04) });
  });
});
