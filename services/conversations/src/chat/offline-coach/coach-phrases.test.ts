import { describe, expect, it } from 'vitest';
import { HELP_QUESTIONS, OPENING_QUESTIONS, SLOT_QUESTIONS, STORY_SLOTS, THEME_QUESTIONS } from './coach-phrases.ts';
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
      expect(wordings.filter((other, j) => j !== i && other.includes(wording)), wording).toEqual([]);
    }
  });
});
