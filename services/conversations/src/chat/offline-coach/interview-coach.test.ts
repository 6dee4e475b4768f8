import { describe, expect, it } from 'vitest';
import { SKIP_QUESTION } from '@story/proto';
import { isNonAnswer } from '@story/language';
import { converse, questions } from './coach-test-kit.ts';
import { coachTurn } from './offline-coach.model.ts';

describe('offline coach: interview practice with selected requirements', () => {
  const CONTEXT = [
    "What you'll do:",
    '- Lead cross-functional teams to deliver features on time',
    '- 5+ years of experience with TypeScript and React',
    '- Strong communication skills with non-technical stakeholders',
  ].join('\n');

  it('introduces the requirements and asks a behavioural question built from the first', () => {
    const reply = coachTurn({ text: 'Hi, I am ready', history: [], context: CONTEXT });
    expect(reply).toContain('Lead cross-functional teams to deliver features on time');
    expect(reply).toContain('5+ years of experience with TypeScript and React');
    expect(reply).toContain('Strong communication skills with non-technical stakeholders');
    expect(reply).toMatch(/tell me about a time you had to lead cross-functional teams to deliver features on time\.$/);
  });

  it('follows up on a thin answer, then cycles through the requirements not yet asked', () => {
    const { replies } = converse(
      [
        'Hi',
        'At my last job I led the on-call rotation for a team of 6 engineers.',
        'I rewrote the runbooks, paired with each engineer and trained everyone on the new alerts.',
        'Incidents went down by 35% in a quarter and nobody burned out.',
        'I built our design system in TypeScript and React and migrated 40 screens to it, which cut UI bugs by half.',
        'I explained a six-week delay to our sales director with a one-page plan, and she agreed to move the launch.',
      ],
      CONTEXT,
    );
    expect(questions(replies[1] ?? '')[0]).toMatch(/outcome|end|changed/);
    const rest = replies.slice(2).join(' ');
    expect(rest).toContain('Tell me about a project where you drew on your experience with TypeScript and React.');
    expect(rest).toContain('Tell me about a time you relied on your communication skills with non-technical stakeholders.');
    expect(replies.at(-1)).toMatch(/covers every requirement/);
    const asked = replies.flatMap(questions);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('practises a requirement again with a new question when the person picks one', () => {
    const { replies } = converse(
      [
        'Hi',
        'At my last job I led a squad of designers and engineers and we shipped the checkout redesign two weeks early.',
        'I migrated our React app to TypeScript and it cut production errors by 30%.',
        'I ran monthly demos for the sales team and they started selling the feature before launch.',
        'the second one',
      ],
      CONTEXT,
    );
    expect(replies.at(-1)).toContain('Give me another example of a time you drew on your experience with TypeScript and React.');
  });

  it('never repeats a question across a 10-turn practice', () => {
    const { replies } = converse(['Hi', 'ok', 'next', 'I did a thing once', 'no', 'sure', 'I led a team', 'it went well', 'again', 'first'], CONTEXT);
    const asked = replies.flatMap(questions);
    expect(new Set(asked).size).toBe(asked.length);
    expect(replies.every((reply) => reply.length > 20)).toBe(true);
  });

  it('takes a figure given for the measurable outcome as the result, and a count in the scene as no result', () => {
    const { replies } = converse(['Hi', 'At my last job I led the billing migration with design and sales.', 'It was about 30 percent, I think.'], CONTEXT);
    expect(questions(replies[1] ?? '')[0]).toMatch(/outcome|end|changed/);
    expect(replies[2]).toContain('Tell me about a project where you drew on your experience with TypeScript and React.');
    const sized = converse(['Hi', 'At my last job I led a team of 12 people across design and engineering.'], CONTEXT);
    expect(questions(sized.replies[1] ?? '')[0]).toMatch(/outcome|end|changed/);
  });
});

describe('offline interviewer: "skip this one" skips (issue 38, 6)', () => {
  const CONTEXT = [
    '- Lead cross-functional teams to deliver features on time',
    '- 5+ years of experience with TypeScript and React',
    '- Mentor junior engineers',
  ].join('\n');

  for (const skip of [
    'Can I skip this?',
    'Can we skip this one?',
    "Let's skip this question please.",
    'I would like to skip this question.',
    SKIP_QUESTION.said,
  ]) {
    it(`moves to another question, never the same one again: ${skip}`, () => {
      const { replies } = converse(['Hi', skip], CONTEXT);
      const first = questions(replies[0] ?? '').at(-1) ?? replies[0] ?? '';
      expect(replies[1]).toMatch(/That is fine|No problem/);
      expect(replies[1]).not.toContain('lead cross-functional teams to deliver features on time.');
      expect(replies[1]).toContain('TypeScript and React');
      expect(first).not.toBe('');
      expect(isNonAnswer(skip, replies[0] ?? '')).toBe(true);
    });
  }
});

describe('offline interviewer: an admission is not how it landed (issue 38, 4)', () => {
  it('never reads "I have not … myself" as the outcome', () => {
    const { replies } = converse(
      ['Hi', 'I have not led cross-functional projects myself. I helped my manager collect the numbers for her weekly report.'],
      '- Lead cross-functional projects to on-time delivery\n- Improve operational processes with data',
    );
    expect(replies[1]).not.toMatch(/how it landed|the outcome was|where it ended up|measurable outcome, and it shows/);
    expect(replies[1]).not.toContain('“I have not led cross-functional projects myself”');
  });
});
