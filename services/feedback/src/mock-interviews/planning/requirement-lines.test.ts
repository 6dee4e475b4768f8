import { describe, expect, it } from 'vitest';
import { inPastTense, requirementQuestion } from './question-phrasing.ts';
import { readRequirement } from './requirement-lines.ts';

const ask = (line: string) => requirementQuestion(readRequirement(line), 0);

describe('readRequirement and the question it gives', () => {
  it.each([
    ['5+ years of experience with Python and SQL', 'tool', 'Python and SQL'],
    ['Experience leading cross-functional teams', 'activity', 'leading cross-functional teams'],
    ['Strong communication skills.', 'quality', 'communication skills'],
    ["Bachelor's degree in CS or equivalent", 'credential', "bachelor's degree in CS or equivalent"],
    ['Must be authorized to work in the US', 'condition', 'must be authorized to work in the US'],
    ['- Ability to work independently:', 'ability', 'work independently'],
    ['3+ yrs B2B SaaS sales experience', 'field', 'B2B SaaS sales'],
    ['Build and maintain relationships with key accounts', 'ability', 'build and maintain relationships with key accounts'],
    ['A keen eye for visual detail', 'quality', 'eye for visual detail'],
  ])('%s → %s "%s"', (line, shape, topic) => {
    expect(readRequirement(line)).toMatchObject({ shape, topic });
  });

  it('marks a nice-to-have as optional', () => {
    expect(readRequirement('Nice to have: Kubernetes')).toEqual({ shape: 'tool', topic: 'Kubernetes', optional: true });
    expect(readRequirement('Terraform experience (a plus)').optional).toBe(true);
  });

  it('puts questions in the requirement’s own words', () => {
    expect(ask('Experience leading cross-functional teams')).toBe(
      'Tell me about a time you led cross-functional teams. What was your part, and what came of it?',
    );
    expect(ask('5+ years of experience with Python and SQL')).toBe(
      'Tell me about a project where you used Python and SQL in depth. What did you build, and what was hard about it?',
    );
    expect(ask('Strong communication skills')).toBe(
      'Tell me about a time your communication skills made the difference. What was at stake, and what did you do?',
    );
    expect(ask('Detail-oriented')).toMatch(/^Tell me about a time being detail-oriented made the difference/);
    expect(ask('Current RN license')).toMatch(/^The role asks for a current RN license\./);
  });

  it('puts an activity in the past tense, the verbs joined to the first only', () => {
    expect(inPastTense('designing and running A/B tests')).toBe('designed and ran A/B tests');
    expect(inPastTense('building financial models for budgeting and forecasting')).toBe('built financial models for budgeting and forecasting');
    expect(inPastTense('planning, shipping and supporting releases')).toBe('planned, shipped and supported releases');
  });

  it('reads an empty or label-only line as nothing to ask', () => {
    expect(readRequirement('Requirements:').topic).toBe('');
    expect(readRequirement('   ').topic).toBe('');
  });
});

describe('questions from lines written to the reader or about a kind of person', () => {
  it('keeps the duty, drops the address, and asks about qualities as a person has them', () => {
    const asked = (line: string) => requirementQuestion(readRequirement(line), 0);
    expect(asked('You will own the data pipeline end to end and partner with analysts.')).toBe(
      'Tell me about a time you had to own the data pipeline end to end and partner with analysts. How did you go about it, and how did it turn out?',
    );
    expect(asked("In this role you'll be responsible for building dashboards for the sales team")).toBe(
      'Tell me about a time you built dashboards for the sales team. What was your part, and what came of it?',
    );
    expect(asked('Responsible for onboarding new customers')).toMatch(/^Tell me about a time you onboarded new customers\./);
    expect(asked('Ability to thrive in a fast-paced environment')).toMatch(/^Tell me about a time you had to thrive in a fast-paced environment\./);
    expect(asked('You are a natural communicator')).toMatch(/^Tell me about a time being a natural communicator made the difference\./);
    expect(asked("You're comfortable with ambiguity")).toMatch(/^Tell me about a time being comfortable with ambiguity made the difference\./);
    expect(asked('Fast learner')).toMatch(/^Tell me about a time being a fast learner made the difference\./);
    expect(asked('Excellent written and verbal English')).toMatch(/^Tell me about a time your written and verbal English made the difference\./);
    // At ease with a tool is still the tool.
    expect(asked('Comfortable with SQL and Excel')).toMatch(/^Tell me about a project where you used SQL and Excel in depth\./);
  });
});
