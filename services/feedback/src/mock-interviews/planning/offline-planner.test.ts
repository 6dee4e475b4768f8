import { describe, expect, it } from 'vitest';
import type { QuestionSource } from '@story/proto';
import type { PlanInput, PlannedQuestion, ResumeLineSource } from './interview-planner.ts';
import { OfflineInterviewPlanner } from './offline-planner.ts';
import { distinctiveStems, stemOverlap } from './source-words.ts';

const planner = new OfflineInterviewPlanner();
const requirements = (...texts: string[]): QuestionSource[] =>
  texts.map((text, index) => ({ kind: 'requirement', key: `line:${index}`, text, snippetId: null }));
const resume = (...texts: string[]): ResumeLineSource[] =>
  texts.map((text, index) => ({ kind: 'resume', key: `resume:b${index}`, text, snippetId: null, title: 'Backend Engineer', company: 'Parcelly' }));
const input = (overrides: Partial<PlanInput>): PlanInput => ({
  companyName: 'ShopCo',
  jobTitle: 'Senior Backend Engineer',
  targetRole: null,
  requirements: [],
  resumeLines: [],
  count: 6,
  ...overrides,
});

const REQUIREMENTS = requirements(
  '5+ years of experience with Python and SQL',
  'Experience leading cross-functional teams',
  'Strong communication skills.',
  "Bachelor's degree in CS or equivalent",
  'Nice to have: Kubernetes',
  'Ability to work independently and manage multiple priorities',
  'Must be authorized to work in the US',
  'Proven track record of exceeding sales quotas',
  'Excellent attention to detail',
);
const RESUME = resume(
  'Cut checkout latency by 40% by rewriting the cart service',
  'Worked on various projects',
  'Led a team of 6 engineers to migrate the billing system to Kubernetes, cutting infrastructure costs by $120k a year while keeping 99.99% uptime through the move and training the support team on the new runbooks',
);

/** The properties every plan keeps: one warm-up from the role first, ordered by difficulty, no source or text twice, no near-duplicates. */
/** The harder angles on a source already asked (see deeperQuestion). */
const ANGLE = /^(?:Thinking of "|About ')/;

function expectSoundPlan(plan: PlannedQuestion[]) {
  expect(plan[0]).toMatchObject({ difficulty: 1, source: { kind: 'role', key: 'role' } });
  expect(plan.filter((question) => question.source.kind === 'role')).toHaveLength(1);
  expect(plan.map((question) => question.difficulty)).toEqual([...plan.map((question) => question.difficulty)].sort((a, b) => a - b));
  // A source is asked once, but for the harder angles that make up a count when there is too little to ask about.
  const firsts = plan.filter((question) => !ANGLE.test(question.text));
  expect(new Set(firsts.map((question) => question.source.key)).size).toBe(firsts.length);
  expect(new Set(plan.map((question) => question.text)).size).toBe(plan.length);
  const sources = firsts.filter((question) => question.source.kind !== 'role').map((question) => distinctiveStems(question.source.text));
  for (const [i, a] of sources.entries()) for (const b of sources.slice(i + 1)) expect(stemOverlap(a, b)).toBeLessThan(0.67);
  for (const question of plan) expect(question.text.length).toBeLessThan(300);
}

describe('OfflineInterviewPlanner', () => {
  it('plans the asked count: a warm-up about the role, two résumé lines and behavioural questions in the requirements’ words', async () => {
    const plan = await planner.plan(input({ requirements: REQUIREMENTS, resumeLines: RESUME }));
    expect(plan).toHaveLength(6);
    expectSoundPlan(plan);
    expect(plan[0]?.text).toBe('Walk me through your background and what draws you to this Senior Backend Engineer role at ShopCo.');
    expect(plan.filter((question) => question.source.kind === 'resume')).toHaveLength(2);
    const texts = plan.map((question) => question.text);
    expect(texts.join('\n')).toContain(
      "wrote 'Cut checkout latency by 40% by rewriting the cart service' about your time at Parcelly. Walk me through it: what did you do yourself, and how did you get to that figure?",
    );
    expect(texts.some((text) => text.startsWith('Tell me about a time you led cross-functional teams.'))).toBe(true);
    // Never "tell me about 5+ years", never the visa, the degree or the one-word résumé line.
    expect(texts.join(' ')).not.toMatch(/5\+ years|authorized|degree|various projects/);
  });

  it('keeps each source object as given', async () => {
    const plan = await planner.plan(input({ requirements: REQUIREMENTS, resumeLines: RESUME }));
    for (const question of plan.filter((entry) => entry.source.kind !== 'role')) {
      expect([...REQUIREMENTS, ...RESUME]).toContain(question.source);
    }
  });

  it('shortens a very long résumé line at a clause boundary, with …', async () => {
    const plan = await planner.plan(input({ requirements: REQUIREMENTS, resumeLines: RESUME, count: 8 }));
    const long = plan.find((question) => question.source.key === 'resume:b2');
    expect(long?.text).toMatch(/^(?:On your résumé you|You) wrote 'Led a team of 6 engineers to migrate the billing system to Kubernetes…'/);
  });

  it('plans 5 and 8 questions', async () => {
    for (const count of [5, 8]) {
      const plan = await planner.plan(input({ requirements: REQUIREMENTS, resumeLines: RESUME, count }));
      expect(plan).toHaveLength(count);
      expectSoundPlan(plan);
    }
    const five = await planner.plan(input({ requirements: REQUIREMENTS, resumeLines: RESUME, count: 5 }));
    expect(five.filter((question) => question.source.kind === 'resume')).toHaveLength(1);
  });

  it('without a résumé asks only the role and the requirements', async () => {
    const plan = await planner.plan(input({ requirements: REQUIREMENTS }));
    expect(plan).toHaveLength(6);
    expect(plan.map((question) => question.source.kind)).toEqual(['role', 'requirement', 'requirement', 'requirement', 'requirement', 'requirement']);
  });

  it('without requirements asks about the résumé; with too little to ask about, harder angles on it make up the count', async () => {
    const resumeOnly = await planner.plan(
      input({ resumeLines: resume('Cut checkout latency by 40%', 'Mentored 3 interns through their first releases', 'Ran the on-call rota for 12 engineers') }),
    );
    expect(resumeOnly.map((question) => question.source.kind)).toEqual(['role', 'resume', 'resume', 'resume', 'resume', 'resume']);
    expect(resumeOnly[4]?.text).toMatch(/^About '.+': what was the hardest moment of it/);
    const one = await planner.plan(input({ requirements: requirements('Experience leading cross-functional teams'), count: 5 }));
    expect(one).toHaveLength(5);
    expect(one.map((question) => question.source.kind)).toEqual(['role', 'requirement', 'requirement', 'requirement', 'requirement']);
    // The same requirement from another angle, quoting it, never the same question twice.
    expect(one.map((question) => question.text)).toContain(
      'Thinking of "Experience leading cross-functional teams": how would you go about it in your first three months at ShopCo? Give an example from your own work that shows your approach.',
    );
    expect(new Set(one.map((question) => question.text)).size).toBe(5);
  });

  it('asks a duplicated requirement once', async () => {
    const plan = await planner.plan(
      input({ requirements: requirements('Strong communication skills', 'Strong communication skills.', 'Excellent communication skills', 'Python') }),
    );
    // Asked once as a requirement (the harder angles that make up the count quote it again, and say so).
    expect(plan.filter((question) => /communication/.test(question.text) && !question.text.startsWith('Thinking of'))).toHaveLength(1);
    expectSoundPlan(plan);
  });

  it('asks about a degree only when nothing else is left, and never about the visa', async () => {
    const plan = await planner.plan(input({ requirements: requirements("Bachelor's degree in Computer Science", 'Must be authorized to work in the US') }));
    expect(plan.map((question) => question.source.key).slice(0, 2)).toEqual(['role', 'line:0']);
    expect(plan.map((question) => question.source.key).every((key) => key === 'role' || key === 'line:0')).toBe(true);
    expect(plan[1]?.text).toContain("bachelor's degree in Computer Science");
  });

  it('cuts a very long requirement where it turns to examples', async () => {
    const plan = await planner.plan(
      input({
        requirements: requirements(
          'Experience designing and analysing A/B tests, including power calculations, guardrail metrics and sequential testing, ideally in a consumer subscription business with millions of users',
        ),
      }),
    );
    expect(plan[1]?.text).toBe('Tell me about a time you designed and analysed A/B tests. What was your part, and what came of it?');
  });

  it('names the target role in the warm-up when it differs from the job title, and is deterministic', async () => {
    const asked = input({ requirements: REQUIREMENTS, resumeLines: RESUME, targetRole: 'Engineering Manager' });
    const plan = await planner.plan(asked);
    expect(plan[0]?.text).toBe('Walk me through your background, and why you want to be an Engineering Manager at ShopCo.');
    expect(plan[0]?.source).toEqual({ kind: 'role', key: 'role', text: 'Engineering Manager', snippetId: null });
    expect(await planner.plan(asked)).toEqual(plan);
  });
});
