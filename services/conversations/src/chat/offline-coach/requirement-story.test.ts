import { describe, expect, it } from 'vitest';
import { questions } from './coach-test-kit.ts';
import { coachOpening } from './offline-coach.model.ts';
import { quotedRequirement } from './requirement-story.ts';

describe('the opening of a story for a requirement (issue 23, "No story yet: tell one")', () => {
  it('names the requirement and asks one question: a time that shows it', () => {
    const opening = coachOpening({ storyRequirement: 'Lead cross-functional projects end to end' });
    expect(opening).toMatch(/^Let's find a story that shows “Lead cross-functional projects end to end”\. Think of a/);
    expect(questions(opening)).toHaveLength(1);
  });

  it('is the same for the same requirement, and the interview context or a résumé line still comes first', () => {
    expect(coachOpening({ storyRequirement: 'Write SQL reports' })).toBe(coachOpening({ storyRequirement: 'Write SQL reports' }));
    expect(coachOpening({ storyRequirement: 'Write SQL reports', context: '- Mentor junior analysts' })).not.toMatch(/Let's find a story/);
  });

  it('quotes a requirement as one line, without list marks, shortened at a word when long', () => {
    expect(quotedRequirement('- Own the on-call rota.\n- Mentor new hires.')).toBe('Own the on-call rota; Mentor new hires');
    const long = quotedRequirement(`Deliver ${'measurable outcomes '.repeat(20)}`);
    expect(long.length).toBeLessThanOrEqual(161);
    expect(long).toMatch(/^Deliver measurable outcomes .*\w…$/);
  });
});
