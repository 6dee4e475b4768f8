import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatLoopback } from '@story/testing/service-under-test';
import { parseResumeText } from './offline-resume.parser.ts';
import { OfflineResumeParser, OpenAiResumeParser, createResumeParser, withoutContact } from './openai-resume.parser.ts';
import type { ModelResume } from './openai-resume.prompt.ts';
import { parseResumeUpload } from './resume-upload.parser.ts';

const RESUME = [
  'Maria Lopez',
  'maria.lopez@example.com | +1 (415) 555-0134 | linkedin.com/in/marialopez',
  '12 Harbor Street, San Francisco, CA',
  '',
  'Summary',
  'Surgical nurse with six years on busy wards.',
  '',
  'Experience',
  'Staff Nurse, St. Mary Hospital — Mar 2018 – Present',
  '• Cared for 6 patients per shift on a 30-bed surgical ward.',
  '• Trained 12 nurses on the new triage protocol.',
  'Nursing Assistant, Bayview Clinic — 2015 – 2018',
  '• Took vital signs for 40 patients a day.',
  '',
  'Education',
  'University of Arizona, BSN, 2011 – 2015',
  '',
  'Skills',
  'Triage, Wound care, Epic',
].join('\n');

/** What a well-behaved model answers for RESUME; tests spoil parts of it. */
function modelAnswer(): ModelResume {
  return {
    summary: 'Surgical nurse with six years on busy wards.',
    roles: [
      {
        title: 'Staff Nurse',
        company: 'St. Mary Hospital',
        location: '',
        dates: 'Mar 2018 – Present',
        bullets: ['Cared for 6 patients per shift on a 30-bed surgical ward.', 'Trained 12 nurses on the new triage protocol.'],
      },
      { title: 'Nursing Assistant', company: 'Bayview Clinic', location: '', dates: '2015 – 2018', bullets: ['Took vital signs for 40 patients a day.'] },
    ],
    education: [{ school: 'University of Arizona', degree: 'BSN', dates: '2011 – 2015', details: [] }],
    skills: ['Triage', 'Wound care', 'Epic'],
    extraSections: [],
  };
}

describe('the OpenAI résumé parser against a loopback chat-completions server', () => {
  const fake = new ChatLoopback();
  let parser: OpenAiResumeParser;

  beforeAll(async () => {
    const baseURL = await fake.start();
    parser = new OpenAiResumeParser({ apiKey: 'sk-test', baseURL, model: 'gpt-4o-mini', timeoutMs: 500 });
  });
  afterAll(async () => fake.stop());

  it('asks for structured output and never sends the name or the contact lines', async () => {
    fake.mode = 'answer';
    fake.answer = JSON.stringify(modelAnswer());
    const content = await parser.parse(RESUME);
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.body).toMatchObject({
      model: 'gpt-4o-mini',
      response_format: { type: 'json_schema', json_schema: { name: 'resume_sections', strict: true } },
    });
    const sent = JSON.stringify(request?.body.messages);
    for (const secret of ['Maria', 'Lopez', 'maria.lopez@example.com', '555-0134', 'linkedin.com', 'Harbor Street']) expect(sent).not.toContain(secret);
    expect(sent).toContain('Trained 12 nurses on the new triage protocol.');
    expect(content.name).toBe('Maria Lopez');
    expect(content.contact.join(' ')).toContain('maria.lopez@example.com');
    expect(content.roles.map((role) => [role.title, role.company, role.start, role.end])).toEqual([
      ['Staff Nurse', 'St. Mary Hospital', '2018-03', null],
      ['Nursing Assistant', 'Bayview Clinic', '2015', '2018'],
    ]);
  });

  it('drops what the text does not hold: an invented bullet, role, company, skill and school', async () => {
    const answer = modelAnswer();
    answer.roles[0]?.bullets.push('Reduced infection rates by 45% across the hospital.');
    answer.roles.push({ title: 'Head of Nursing', company: 'Kaiser Permanente', location: '', dates: '2010 – 2011', bullets: ['Managed 300 nurses.'] });
    if (answer.roles[1]) answer.roles[1].company = 'Bayview Medical Group';
    answer.skills.push('Leadership');
    answer.education.push({ school: 'Stanford University', degree: 'MSN', dates: '2016', details: [] });
    fake.answer = JSON.stringify(answer);
    const content = await parser.parse(RESUME);
    expect(content.roles.map((role) => role.title)).toEqual(['Staff Nurse', 'Nursing Assistant']);
    expect(content.roles[0]?.bullets.map((bullet) => bullet.text)).toEqual([
      'Cared for 6 patients per shift on a 30-bed surgical ward.',
      'Trained 12 nurses on the new triage protocol.',
    ]);
    expect(content.roles[1]?.company).toBe('');
    expect(content.skills).toEqual(['Triage', 'Wound care', 'Epic']);
    expect(content.education.map((entry) => entry.school)).toEqual(['University of Arizona']);
  });

  it('answers with the offline parse when the model fails, hangs or returns nothing usable', async () => {
    const offline = parseResumeText(RESUME);
    fake.mode = 'error';
    expect(await parser.parse(RESUME)).toEqual(offline);
    fake.mode = 'hang';
    const started = performance.now();
    expect(await parser.parse(RESUME)).toEqual(offline);
    expect(performance.now() - started).toBeLessThan(3000);
    fake.mode = 'answer';
    fake.answer = 'not json at all';
    expect(await parser.parse(RESUME)).toEqual(offline);
  });

  it('serves the upload path', async () => {
    fake.mode = 'answer';
    fake.answer = JSON.stringify(modelAnswer());
    const calls = fake.calls.length;
    const { content } = await parseResumeUpload({ fileName: 'cv.txt', bytes: new TextEncoder().encode(RESUME) }, (text) => parser.parse(text));
    expect(fake.calls.length).toBe(calls + 1);
    expect(content.roles).toHaveLength(2);
  });
});

describe('createResumeParser and withoutContact', () => {
  it('chooses OpenAI only with a key', () => {
    expect(createResumeParser({ model: 'gpt-4o-mini', timeoutMs: 1000 })).toBeInstanceOf(OfflineResumeParser);
    expect(createResumeParser({ apiKey: 'sk-test', model: 'gpt-4o-mini', timeoutMs: 1000 }).name).toBe('openai');
  });

  it('removes the name, e-mail, phone, address and links', () => {
    const sent = withoutContact(RESUME, parseResumeText(RESUME));
    expect(sent).not.toMatch(/Maria|Lopez|@|555|linkedin|Harbor/);
    expect(sent).toContain('Staff Nurse, St. Mary Hospital');
  });
});
