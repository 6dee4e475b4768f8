import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatLoopback } from '@story/testing/service-under-test';
import type { PlanInput } from './interview-planner.ts';
import { OfflineInterviewPlanner } from './offline-planner.ts';
import { OpenAiInterviewPlanner } from './openai-planner.ts';
import { createInterviewPlanners } from './planner.factory.ts';

const INPUT: PlanInput = {
  companyName: 'ShopCo',
  jobTitle: 'Senior Backend Engineer',
  targetRole: null,
  requirements: [
    { kind: 'requirement', key: 'line:0', text: '5+ years of experience with Python and SQL', snippetId: null },
    { kind: 'requirement', key: 'line:1', text: 'Experience leading cross-functional teams', snippetId: 7 },
    { kind: 'requirement', key: 'line:2', text: 'Strong communication skills', snippetId: null },
    { kind: 'requirement', key: 'line:3', text: 'Experience running services on Kubernetes', snippetId: null },
  ],
  resumeLines: [
    {
      kind: 'resume',
      key: 'resume:b1',
      text: 'Cut checkout latency by 40% by rewriting the cart service',
      snippetId: null,
      title: 'Backend Engineer',
      company: 'Parcelly',
    },
    { kind: 'resume', key: 'resume:b2', text: 'Mentored 3 interns', snippetId: null, title: 'Backend Engineer', company: 'Parcelly' },
  ],
  count: 5,
};

/** What a well-behaved model answers: sources numbered 0 (the role), 1–4 (the requirements), 5–6 (the résumé). */
function modelPlan() {
  return {
    questions: [
      { source: 2, difficulty: 4, text: 'Tell me about a time you led a cross-functional team through a hard launch.' },
      { source: 0, difficulty: 1, text: 'Walk me through your background and why ShopCo.' },
      { source: 5, difficulty: 3, text: "You wrote 'Cut checkout latency by 40% by rewriting the cart service'. Walk me through it." },
      { source: 1, difficulty: 2, text: 'Tell me about a project where Python and SQL did the heavy lifting.' },
      { source: 4, difficulty: 3, text: 'How have you run services on Kubernetes in production?' },
    ],
  };
}

describe('the OpenAI interview planner against a loopback chat-completions server', () => {
  const fake = new ChatLoopback();
  const modelSays = (content: unknown) => {
    fake.mode = 'answer';
    fake.answer = JSON.stringify(content);
  };
  const offline = new OfflineInterviewPlanner();
  const warnings: string[] = [];
  const log = { warn: (_details: unknown, message?: string) => void warnings.push(message ?? '') };
  let planner: OpenAiInterviewPlanner;

  beforeAll(async () => {
    const baseURL = await fake.start();
    planner = new OpenAiInterviewPlanner({ apiKey: 'sk-test', baseURL, model: 'gpt-4o-mini', timeoutMs: 1000, offline, log });
  });
  afterAll(async () => fake.stop());

  it('asks for structured output with every numbered source and keeps the model’s questions, with their sources, by difficulty', async () => {
    modelSays(modelPlan());
    const plan = await planner.plan(INPUT);
    const request = fake.requests.at(-1);
    expect(request?.body).toMatchObject({ response_format: { type: 'json_schema', json_schema: { name: 'interview_plan', strict: true } } });
    const said = request?.body.messages?.at(-1)?.content ?? '';
    for (const part of [
      '0. [role] Senior Backend Engineer',
      '2. [requirement] Experience leading cross-functional teams',
      '5. [résumé line, Backend Engineer, Parcelly]',
    ])
      expect(said).toContain(part);
    expect(plan.map((question) => [question.difficulty, question.source.key])).toEqual([
      [1, 'role'],
      [2, 'line:0'],
      [3, 'resume:b1'],
      [3, 'line:3'],
      [4, 'line:1'],
    ]);
    // The source is the one given, snippet and all.
    expect(plan.at(-1)?.source).toBe(INPUT.requirements[1]);
  });

  it.each([
    ['a source number that does not exist', () => ({ questions: modelPlan().questions.map((q, i) => (i === 0 ? { ...q, source: 12 } : q)) })],
    ['two questions from one source', () => ({ questions: modelPlan().questions.map((q, i) => (i === 0 ? { ...q, source: 1 } : q)) })],
    ['too few questions', () => ({ questions: modelPlan().questions.slice(0, 3) })],
    ['an empty question', () => ({ questions: modelPlan().questions.map((q, i) => (i === 0 ? { ...q, text: '  ' } : q)) })],
    ['a question far too long', () => ({ questions: modelPlan().questions.map((q, i) => (i === 0 ? { ...q, text: 'Tell me about teams. '.repeat(40) } : q)) })],
    [
      'a question without its source’s words',
      () => ({ questions: modelPlan().questions.map((q, i) => (i === 0 ? { ...q, text: 'What is your favourite colour?' } : q)) }),
    ],
    [
      'no warm-up from the role',
      () => ({ questions: modelPlan().questions.map((q, i) => (i === 1 ? { ...q, source: 3, text: 'Tell me about your communication skills.' } : q)) }),
    ],
    ['a malformed reply', () => ({ questions: [{ source: 'two', text: 7 }] })],
  ])('falls back to the offline planner on %s', async (_case, spoiled) => {
    modelSays(spoiled());
    warnings.length = 0;
    const plan = await planner.plan(INPUT);
    expect(plan).toEqual(offline.planNow(INPUT));
    expect(warnings).toHaveLength(1);
  });

  it('falls back to the offline planner on an HTTP 500 and on a model that does not answer in time', async () => {
    fake.mode = 'error';
    warnings.length = 0;
    expect(await planner.plan(INPUT)).toEqual(offline.planNow(INPUT));
    fake.mode = 'hang';
    expect(await planner.plan(INPUT)).toEqual(offline.planNow(INPUT));
    expect(warnings).toHaveLength(2);
    fake.mode = 'answer';
  });
});

describe('createInterviewPlanners', () => {
  const config = { OPENAI_BASE_URL: undefined, OPENAI_CHAT_MODEL: 'gpt-4o-mini', FEEDBACK_TIMEOUT_MS: 1000 };
  it('gives the offline planner by default and without a key, and the OpenAI planner with the offline one behind it when asked', () => {
    const plain = createInterviewPlanners({ ...config, FEEDBACK_ENGINE: 'offline', OPENAI_API_KEY: 'sk-test' });
    expect(plain.planner.name).toBe('offline');
    expect(plain.planner).toBe(plain.fallback);
    expect(createInterviewPlanners({ ...config, FEEDBACK_ENGINE: 'openai', OPENAI_API_KEY: undefined }).planner.name).toBe('offline');
    const model = createInterviewPlanners({ ...config, FEEDBACK_ENGINE: 'openai', OPENAI_API_KEY: 'sk-test' });
    expect(model.planner).toBeInstanceOf(OpenAiInterviewPlanner);
    expect(model.fallback).toBeInstanceOf(OfflineInterviewPlanner);
  });
});
