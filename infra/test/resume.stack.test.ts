import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUME_MESSAGES, resumeSuggestionsResponseSchema, type ResumeSuggestion } from '@story/proto';
import { type ApiClient, uniqueEmail, signedUpPerson } from '@story/testing/api-client';
import { reserveAdminEmail, standardStack, type StandardStack } from '@story/testing/standard-stack';
import { smuggledDocx, widePagePdf } from '@story/testing/fixtures/hostile-resume-files';
import { sampleResumeDocx, sampleResumePdf } from '@story/testing/fixtures/resume-files';
import { SAMPLE_RESUME } from '@story/testing/fixtures/resumes';

/**
 * Issue 22 across the running system: a person on Pro uploads a PDF and a DOCX résumé through the
 * gateway, saves a story that holds a number, and the suggestion for a weak bullet quotes it (profile
 * asks search over NATS, each with its own NATS user); the PDF comes back as text; Starter is refused;
 * hostile files are refused by the reading thread that runs from its own bundle (issue 36).
 */
const dir = mkdtempSync(join(tmpdir(), 'resume-stack-'));
let adminEmail: string;
const STORY = 'The checkout page was slow, so I cached the prices and we got it from 3 seconds down to 800 milliseconds.';
let stack: StandardStack;

beforeAll(async () => {
  stack = await standardStack();
  adminEmail = reserveAdminEmail(stack);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

const signUp = (email: string) => signedUpPerson(stack.gatewayUrl, email);

async function upload(client: ApiClient, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return client.request('POST', '/api/resumes', form);
}

describe('résumés through the gateway', () => {
  it('parses a PDF and a DOCX, and suggests for the weak bullet with a quote from the person’s saved story', async () => {
    const admin = await signUp(adminEmail);
    const person = await signUp(uniqueEmail('resume'));
    const starter = await signUp(uniqueEmail('resume-starter'));
    expect((await admin.client.patch(`/api/users/${person.id}`, { userType: 'pro' })).status).toBe(200);

    const thread = await person.client.post('/api/conversation-threads');
    expect(thread.status).toBe(201);
    expect(
      (await person.client.post('/api/conversations', { threadId: thread.body.threadId, userMessage: STORY, aiResponse: 'How did customers react?' })).status,
    ).toBe(201);

    const fromDocx = await upload(person.client, 'ada.docx', await sampleResumeDocx());
    expect(fromDocx.status, JSON.stringify(fromDocx.body)).toBe(201);
    expect(fromDocx.body.resume.content.roles.map((role: { company: string }) => role.company)).toEqual(['Northwind Traders', 'Contoso']);
    const fromPdf = await upload(person.client, 'ada.pdf', await sampleResumePdf());
    expect(fromPdf.status, JSON.stringify(fromPdf.body)).toBe(201);
    const resume = fromPdf.body.resume;
    expect(resume.format).toBe('pdf');
    expect(resume.content.roles[0].bullets.map((bullet: { text: string }) => bullet.text)).toEqual(
      SAMPLE_RESUME.roles[0]?.bullets.map((bullet) => bullet.text),
    );
    expect((await person.client.get('/api/resumes/current')).body.resume.id).toBe(resume.id);

    // The story is indexed a moment after it is saved: ask until its quote comes.
    let checkout: ResumeSuggestion | undefined;
    await expect
      .poll(
        async () => {
          const answer = await person.client.get(`/api/resumes/${resume.id}/suggestions`);
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          checkout = resumeSuggestionsResponseSchema.parse(answer.body).suggestions.find((item) => item.original === 'Worked on the checkout page');
          return checkout?.evidence?.threadId;
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBe(thread.body.threadId);
    expect(STORY).toContain(checkout?.evidence?.quote);
    expect(checkout?.rewrite).toContain('800');

    const accepted = await person.client.post(`/api/resumes/${resume.id}/suggestions/${checkout?.id}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.resume.version).toBe(2);

    const pdf = await fetch(`${stack.gatewayUrl}/api/resumes/${resume.id}/pdf?paper=a4`, { headers: { cookie: person.client.cookieHeader() } });
    expect(pdf.status).toBe(200);
    writeFileSync(join(dir, 'out.pdf'), Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'out.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Ada Park');
    expect(text).toContain('800');

    const refused = await upload(starter.client, 'ada.pdf', await sampleResumePdf());
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/part of the Essentials plan/);

    // Issue 36: hostile files are refused by the bundled reading thread, their messages crossing back to the person.
    const wide = await upload(person.client, 'wide.pdf', Buffer.from(widePagePdf(150_000_000)));
    expect([wide.status, wide.body]).toEqual([422, { message: RESUME_MESSAGES.pageTooLarge }]);
    const smuggled = await upload(person.client, 'smuggled.docx', Buffer.from(smuggledDocx(3)));
    expect([smuggled.status, smuggled.body]).toEqual([422, { message: RESUME_MESSAGES.unreadableDocx }]);
    expect((await person.client.get('/api/resumes/current')).body.resume.id).toBe(resume.id);
  });
});
