import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatLoopback } from '@story/testing/service-under-test';
import { startTestService } from '../../test/conversations-test-kit.ts';
import { createChatModel } from './chat-model.factory.ts';
import { OfflineCoachModel } from './offline-coach/offline-coach.model.ts';
import { OpenAiChatModel } from './openai-chat.model.ts';
import { TITLE_SYSTEM_PROMPT } from './coach-prompt.ts';

/** What the loopback answers when asked for a thread's title. */
const TITLE = '"Night shifts at the warehouse."';

/**
 * The loopback chat-completions server: a reply to a turn, or a title when the title prompt asks.
 */
function fakeOpenAi(): ChatLoopback {
  const fake = new ChatLoopback();
  fake.answer = (body) => (body.messages[0]?.content === TITLE_SYSTEM_PROMPT ? TITLE : '  What happened next at the warehouse?  ');
  return fake;
}

describe('OpenAI chat model against a loopback chat-completions server', () => {
  const fake = fakeOpenAi();
  let baseURL: string;
  beforeAll(async () => {
    baseURL = await fake.start();
  });
  afterAll(async () => fake.stop());

  it('sends the configured model, the coach’s system prompt, the history in order, the context and the new text', async () => {
    fake.mode = 'answer';
    const model = new OpenAiChatModel({ apiKey: 'test-key', baseURL, model: 'gpt-4o-mini', timeoutMs: 2000 });
    const reply = await model.reply({
      text: 'Then I reorganised the picking routes.',
      history: [
        { role: 'user', content: 'I worked nights at a warehouse.' },
        { role: 'assistant', content: 'What was going on there?' },
        { role: 'user', content: 'Orders were shipping late every day.' },
      ],
      context: '- Improve operational efficiency\n- Lead small teams',
    });
    expect(reply).toBe('What happened next at the warehouse?');

    const sent = fake.requests.at(-1);
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.authorization).toBe('Bearer test-key');
    expect(sent?.body.model).toBe('gpt-4o-mini');
    const [system, interview, ...rest] = sent?.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toMatch(/warm, curious career-story coach/);
    expect(system?.content).toMatch(/exactly ONE follow-up question/);
    expect(interview?.role).toBe('system');
    expect(interview?.content).toMatch(/interviewer/);
    expect(interview?.content).toContain('- Improve operational efficiency\n- Lead small teams');
    expect(rest).toEqual([
      { role: 'user', content: 'I worked nights at a warehouse.' },
      { role: 'assistant', content: 'What was going on there?' },
      { role: 'user', content: 'Orders were shipping late every day.' },
      { role: 'user', content: 'Then I reorganised the picking routes.' },
    ]);
  });

  it('asks for the opening with the coach’s prompt, the interview context and the opening instruction, and no message of the person’s', async () => {
    fake.mode = 'answer';
    const model = new OpenAiChatModel({ apiKey: 'test-key', baseURL, model: 'gpt-4o-mini', timeoutMs: 2000 });
    expect(await model.opening({ context: '- Lead small teams' })).toBe('What happened next at the warehouse?');
    const messages = fake.requests.at(-1)?.body.messages ?? [];
    expect(messages.map((message) => message.role)).toEqual(['system', 'system', 'system']);
    expect(messages[1]?.content).toContain('- Lead small teams');
    expect(messages[2]?.content).toMatch(/has not said anything yet.*first question/);
  });

  it('tells the model the résumé’s roles and dates and the bullet whose story is told, never the person’s name or contact lines', async () => {
    fake.mode = 'answer';
    const model = new OpenAiChatModel({ apiKey: 'test-key', baseURL, model: 'gpt-4o-mini', timeoutMs: 2000 });
    const resume = {
      roles: [
        { title: 'Software Engineer', company: 'Northwind', dates: '2019 – 2022', bullets: ['Worked on the checkout page'] },
        { title: 'Intern', company: 'Contoso', dates: '2018', bullets: [] },
      ],
      bullet: { text: 'Worked on the checkout page', role: { title: 'Software Engineer', company: 'Northwind', dates: '2019 – 2022' } },
    };
    await model.opening({ resume });
    const [coach, roles, bullet, opening] = fake.requests.at(-1)?.body.messages ?? [];
    expect(coach?.content).toMatch(/career-story coach/);
    expect(roles).toEqual({
      role: 'system',
      content: expect.stringContaining('- Software Engineer at Northwind, 2019 – 2022\n- Intern at Contoso, 2018'),
    });
    expect(roles?.content).toContain('Do not ask for what the résumé already says (employer, title, dates)');
    expect(bullet?.content).toBe(
      "The person wants to tell the story behind this résumé line: 'Worked on the checkout page' (Software Engineer at Northwind, 2019 – 2022). " +
        'Ask for the situation, what they personally did, and the result with numbers, one question at a time.',
    );
    expect(opening?.content).toMatch(/has not said anything yet/);

    await model.opening({ storyRequirement: 'Lead cross-functional projects' });
    const [, requirement, asked] = fake.requests.at(-1)?.body.messages ?? [];
    expect(requirement?.content).toMatch(/^The person has no story yet that shows this job requirement: 'Lead cross-functional projects'\./);
    expect(asked?.content).toMatch(/has not said anything yet/);

    await model.reply({ text: 'It was slow.', history: [], resume: { roles: resume.roles } });
    const sent = fake.requests.at(-1)?.body.messages ?? [];
    expect(sent.map((message) => message.role)).toEqual(['system', 'system', 'user']);
    expect(sent[1]?.content).toMatch(/^The person's résumé lists these roles/);
  });

  it('tells the model, before the new text, when it is not an answer and how to reply to it', async () => {
    fake.mode = 'answer';
    const model = new OpenAiChatModel({ apiKey: 'test-key', baseURL, model: 'gpt-4o-mini', timeoutMs: 2000 });
    await model.reply({
      text: 'Can you repeat the question?',
      history: [{ role: 'assistant', content: 'Tell me about a time you led a team.' }],
      nonAnswer: 'repeat',
    });
    const messages = fake.requests.at(-1)?.body.messages ?? [];
    expect(messages.at(-2)).toEqual({ role: 'system', content: expect.stringMatching(/not an answer.*ask your last question again, in the same words/) });
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'Can you repeat the question?' });
  });

  it('sends no interview prompt without context', async () => {
    const model = new OpenAiChatModel({ apiKey: 'k', baseURL, model: 'my-model', timeoutMs: 2000 });
    await model.reply({ text: 'Hello', history: [] });
    const sent = fake.requests.at(-1);
    expect(sent?.body.model).toBe('my-model');
    expect(sent?.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('gives "Failed to process the text" on a server error and on a hang, within the timeout', async () => {
    const keys = { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: baseURL, CHAT_TIMEOUT_MS: '400' };
    const service = await startTestService({ env: keys });
    try {
      const headers = await service.as(5);
      fake.mode = 'answer';
      // (Issue 19: "Hello" is not an answer and gets no answer id; a real answer does.)
      const ok = await service.app.inject({
        method: 'POST',
        url: '/api/process-text',
        headers,
        payload: { text: 'I reorganised the picking routes.', conversationHistory: [] },
      });
      expect(ok.json()).toEqual({ aiResponse: 'What happened next at the warehouse?', answerId: expect.any(String) });

      for (const mode of ['error', 'hang'] as const) {
        fake.mode = mode;
        const before = fake.requests.length;
        const started = Date.now();
        const response = await service.app.inject({ method: 'POST', url: '/api/process-text', headers, payload: { text: 'Hello', conversationHistory: [] } });
        expect(response.statusCode, mode).toBe(502);
        expect(response.json()).toEqual({ message: 'Failed to process the text' });
        expect(Date.now() - started).toBeLessThan(3000);
        // maxRetries 0: one request, not a retry storm against a failing model.
        expect(fake.requests.length - before).toBe(1);
      }
    } finally {
      fake.mode = 'answer';
      await service.close();
    }
  });

  it('gets the whole conversation through POST /api/process-text, as the web app sends it: every turn, oldest first, then the new text (issue 11)', async () => {
    const service = await startTestService({ env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: baseURL, CHAT_TIMEOUT_MS: '2000' } });
    try {
      fake.mode = 'answer';
      const headers = await service.as(7);
      const at = '2026-01-05T10:00:00.000Z';
      // The web app's history: each saved or unsaved exchange as a user turn and an assistant turn, with its time.
      const conversationHistory = [
        { role: 'user', content: 'first message', timestamp: at },
        { role: 'assistant', content: 'Think of a time you were proud of something you did at work: what was going on?', timestamp: at },
        { role: 'user', content: 'I rebuilt the rota for the night shift.', timestamp: at },
        { role: 'assistant', content: 'What made it hard?', timestamp: at },
      ];
      const response = await service.app.inject({
        method: 'POST',
        url: '/api/process-text',
        headers,
        payload: { text: 'second message', conversationHistory },
      });
      expect(response.statusCode).toBe(200);
      const [system, ...rest] = fake.requests.at(-1)?.body.messages ?? [];
      expect(system?.role).toBe('system');
      expect(rest).toEqual([...conversationHistory.map(({ role, content }) => ({ role, content })), { role: 'user', content: 'second message' }]);
    } finally {
      await service.close();
    }
  });

  it('asks the model for a short title from what the person said, and nothing when they said nothing', async () => {
    fake.mode = 'answer';
    const model = new OpenAiChatModel({ apiKey: 'k', baseURL, model: 'gpt-4o-mini', timeoutMs: 2000 });
    expect(await model.titleFor(['I worked nights at a warehouse.', '  ', 'Orders were shipping late every day.'])).toBe('"Night shifts at the warehouse."');
    const sent = fake.requests.at(-1);
    expect(sent?.body.messages).toEqual([
      { role: 'system', content: TITLE_SYSTEM_PROMPT },
      { role: 'user', content: 'I worked nights at a warehouse.\n\nOrders were shipping late every day.' },
    ]);
    const before = fake.requests.length;
    expect(await model.titleFor(['   '])).toBe('');
    expect(fake.requests.length).toBe(before);
  });

  it('names a saved thread with the model’s title, and keeps "New Conversation" when the model fails', async () => {
    const service = await startTestService({ env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: baseURL, CHAT_TIMEOUT_MS: '400' } });
    try {
      const headers = await service.as(6);
      const titles = async () =>
        (await service.app.inject({ method: 'GET', url: '/api/conversation-threads', headers })).json<{ id: number; title: string }[]>();
      const saveTo = async (threadId: number) =>
        service.app.inject({
          method: 'POST',
          url: '/api/conversations',
          headers,
          payload: { threadId, userMessage: 'I worked nights at a warehouse.', aiResponse: 'What happened?' },
        });

      fake.mode = 'error';
      const failed = (await service.app.inject({ method: 'POST', url: '/api/conversation-threads', headers })).json<{ threadId: number }>().threadId;
      const asked = fake.requests.length;
      expect((await saveTo(failed)).statusCode).toBe(201);
      // The title is asked for after the save answered; the model fails that request.
      await expect.poll(() => fake.requests.length).toBe(asked + 1);

      fake.mode = 'answer';
      const named = (await service.app.inject({ method: 'POST', url: '/api/conversation-threads', headers })).json<{ threadId: number }>().threadId;
      expect(
        (await service.app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: `{ thread(id: "${named}") { title } }` } })).json(),
      ).toEqual({ data: { thread: { title: 'New Conversation' } } });
      expect((await saveTo(named)).statusCode).toBe(201);
      await expect.poll(async () => (await titles()).find((t) => t.id === named)?.title).toBe('Night shifts at the warehouse');
      expect((await titles()).find((t) => t.id === failed)?.title).toBe('New Conversation');
    } finally {
      fake.mode = 'answer';
      await service.close();
    }
  });

  it('is chosen only when an API key is configured', () => {
    const base = { OPENAI_CHAT_MODEL: 'gpt-4o-mini', CHAT_TIMEOUT_MS: 1000, OPENAI_BASE_URL: undefined };
    expect(createChatModel({ ...base, OPENAI_API_KEY: undefined })).toBeInstanceOf(OfflineCoachModel);
    expect(createChatModel({ ...base, OPENAI_API_KEY: 'sk-test' })).toBeInstanceOf(OpenAiChatModel);
  });
});
