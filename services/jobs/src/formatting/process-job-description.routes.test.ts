import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES } from '@story/proto';
import { ChatLoopback } from '@story/testing/service-under-test';
import { requester, startJobsForTest, type JobsUnderTest } from '../../test/jobs-test-kit.ts';
import { LINKEDIN, pasted } from '@story/testing/fixtures/job-postings';
import { formatPosting } from './offline/offline-formatter.ts';

const USER = 501;
const body = (jobDescription: unknown, extra: Record<string, unknown> = {}) => ({
  companyName: 'Nimbus Analytics',
  jobTitle: 'Senior Backend Engineer',
  jobDescription,
  ...extra,
});

describe('POST /api/process-job-description with the offline formatter (the default)', () => {
  let service: JobsUnderTest;
  let request: ReturnType<typeof requester>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    service = await startJobsForTest();
    request = requester(service);
    headers = await service.as(USER);
  });
  afterAll(async () => service.close());

  it('answers the cleaned markdown and saves nothing', async () => {
    const response = await request('POST', '/api/process-job-description', headers, body(pasted(LINKEDIN)));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ cleanedDescription: formatPosting(pasted(LINKEDIN)) });
    expect(service.deps.formatter.name).toBe('offline');
    expect(await service.deps.storage.jobDescriptions.listJobDescriptions(USER, false)).toEqual([]);
  });

  it('checks the start form in the specification’s order: company, title, description', async () => {
    const cases: [unknown, string][] = [
      [{ companyName: ' ', jobTitle: '', jobDescription: '' }, 'Please enter the company name'],
      [{ companyName: 'Acme', jobTitle: '  ', jobDescription: '' }, 'Please enter the job title'],
      [{ companyName: 'Acme', jobTitle: 'Lead', jobDescription: ' \n\t' }, 'Please paste a job description'],
      [{ companyName: 'Acme', jobTitle: 'Lead' }, 'Please paste a job description'],
      [{}, 'Please enter the company name'],
      [body('x'.repeat(200 * 1024)), 'Job description must be at most 50000 characters'],
      [body(['a list']), 'Please paste a job description'],
      [body('ok', { companyName: 'x'.repeat(201) }), 'Keep the company name under 200 characters'],
    ];
    for (const [payload, message] of cases) {
      const response = await request('POST', '/api/process-job-description', headers, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });

  it('refuses a caller without a gateway-signed identity before reading the body', async () => {
    const response = await request('POST', '/api/process-job-description', {}, {});
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/process-job-description with OpenAI (a loopback server the real client talks to)', () => {
  const openai = new ChatLoopback();
  let service: JobsUnderTest;
  let request: ReturnType<typeof requester>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    const baseUrl = await openai.start();
    service = await startJobsForTest({
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: baseUrl, OPENAI_CHAT_MODEL: 'gpt-test', FORMAT_TIMEOUT_MS: '1500' },
    });
    request = requester(service);
    headers = await service.as(USER);
  });
  afterAll(async () => {
    await service.close();
    await openai.stop();
  });

  it('sends the formatting prompt with the posting and answers the model’s markdown without its code fence', async () => {
    openai.answer = '```markdown\n## About the job\n\n- Own the pipeline\n```';
    const response = await request('POST', '/api/process-job-description', headers, body('About the job\n• Own the pipeline'));
    expect(response.json()).toEqual({ cleanedDescription: '## About the job\n\n- Own the pipeline' });
    const call = openai.requests.at(-1);
    expect(call?.path).toBe('/v1/chat/completions');
    expect(call?.authorization).toBe('Bearer sk-test');
    expect(call?.body.model).toBe('gpt-test');
    expect(call?.body.messages?.[0]?.content).toContain('Keep every word of the posting exactly as written');
    expect(call?.body.messages?.[1]?.content).toContain('Company: Nimbus Analytics\nJob title: Senior Backend Engineer');
    expect(call?.body.messages?.[1]?.content).toContain('About the job\n• Own the pipeline');
  });

  it('gives the specification’s error when the model fails, answers nothing, or takes too long', async () => {
    for (const [mode, answer] of [
      ['error', ''],
      ['answer', '   '],
      ['hang', ''],
    ] as const) {
      openai.mode = mode;
      openai.answer = answer;
      const response = await request('POST', '/api/process-job-description', headers, body('Lead teams'));
      expect(response.statusCode, mode).toBe(502);
      expect(response.json()).toEqual({ message: JOB_MESSAGES.processFailed });
    }
    openai.mode = 'answer';
  });
});
