import { describe, expect, it } from 'vitest';
import { extractRequirements } from '@story/language';
import { converse } from './coach-test-kit.ts';

const ANSWERS = [
  'At my last job I led a squad of five and we shipped the checkout redesign two weeks early.',
  'I wrote the reporting scripts myself and cut the monthly close from five days to two.',
  'I ran demos for the sales team every month and they started selling the feature before launch.',
  'Can we skip this one?',
  'I owned the budget for the warehouse and we finished the year 8% under it.',
  'I mentored two juniors, and both were promoted within a year.',
];

describe('offline interviewer: every requirement covered only when each was asked (issue 38, 6)', () => {
  for (const context of [
    ['- Python scripting', '- Lead teams using Python scripting and SQL', '- Customer empathy'],
    ['- SQL reporting', '- Own SQL reporting for the finance team', '- Mentor junior analysts', '- Present to sales'],
    ['- Budgeting', '- Own the weekly operations budget', '- Lead cross-functional teams', '- Mentor junior engineers', '- Present to executives'],
  ]) {
    it(`asks every requirement before saying they are all covered: ${context.join(' ')}`, () => {
      const requirements = extractRequirements(context.join('\n'));
      const { replies } = converse(['Hi', ...ANSWERS, ...ANSWERS], context.join('\n'));
      const wrapUp = replies.findIndex((reply) => /covers every requirement/.test(reply));
      const before = replies.slice(0, wrapUp < 0 ? replies.length : wrapUp + 1).join(' ');
      if (wrapUp >= 0)
        for (const requirement of requirements)
          expect(before, requirement.label).toContain(requirement.question.replace(/^./, (c) => c.toLowerCase()).slice(1));
    });
  }
});
