import { describe, expect, it } from 'vitest';
import { HELP_QUESTIONS, OPENING_QUESTIONS, SLOT_QUESTIONS, STORY_SLOTS, THEME_QUESTIONS, questionOf } from './coach-phrases.ts';
import { normalize } from './turn-writer.ts';

describe('the coach’s question tables', () => {
  const storyQuestions = [...STORY_SLOTS.flatMap((slot) => SLOT_QUESTIONS[slot]), ...OPENING_QUESTIONS, ...HELP_QUESTIONS, ...THEME_QUESTIONS];

  it('holds one question per entry, so each reply asks exactly one', () => {
    for (const question of storyQuestions) expect(question.match(/\?/g), question).toHaveLength(1);
    for (const question of storyQuestions) expect(question.endsWith('?'), question).toBe(true);
  });

  it('never words one question inside another, so asking one never marks another as asked', () => {
    const wordings = storyQuestions.map(normalize);
    for (const [i, wording] of wordings.entries()) {
      expect(
        wordings.filter((other, j) => j !== i && other.includes(wording)),
        wording,
      ).toEqual([]);
    }
  });
});

describe('the question a coach turn asked', () => {
  it('is its last sentence that asks, without leads, whether it ends with "?" or asks to be told', () => {
    expect(questionOf('“I wrote it” — I like how concrete that is. How did it turn out in the end?')).toBe('How did it turn out in the end?');
    expect(questionOf("Let's practise. I will ask about “Lead teams”; “Ship on time”. First, tell me about a time you had to lead teams.")).toBe(
      'Tell me about a time you had to lead teams.',
    );
    expect(questionOf('Thank you — “I cut costs” is a solid example. Next: Tell me about a project where you shipped on time.')).toBe(
      'Tell me about a project where you shipped on time.',
    );
    expect(questionOf('Take all the time you need; there is no rush.')).toBeUndefined();
  });
});
