import { describe, expect, it } from 'vitest';
import type { QuestionSource } from '@story/proto';
import type { MatchedStory } from '@story/proto/resume-subjects';
import { storyExcerpt, storyFitFor } from './story-fit.ts';

const requirement = (text: string): QuestionSource => ({ kind: 'requirement', key: 'line:0', text, snippetId: null });
const story = (storyId: number, content: string, relevance = 0.6): MatchedStory => ({ storyId, threadId: storyId + 100, content, relevance });

const MIGRATION = story(
  1,
  'The billing service kept falling over. I led the migration to Kubernetes with people from QA and support, wrote the rollout plan and moved traffic in stages. Incidents fell from 4 a month to none.',
);
const CHECKOUT = story(2, 'I rewrote the cart service in Python and batched the SQL queries; checkout latency dropped by 40%.');
const OFFICE = story(3, 'I organised the office move and everyone was settled in two days.', 0.9);

describe('storyFitFor', () => {
  const question = {
    text: 'Describe a situation where you ran services on Kubernetes in production.',
    source: requirement('Experience running services on Kubernetes in production'),
  };

  it('picks the story that shows the requirement, strong, with one sentence naming what matches', () => {
    const fits = storyFitFor(question, [OFFICE, CHECKOUT, MIGRATION]);
    expect(fits[0]).toMatchObject({ storyId: 1, threadId: 101, fit: 'strong' });
    expect(fits[0]?.why).toMatch(/^Your story shows .*Kubernetes.*\.$/);
    expect(fits[0]?.why.split(/[.!?](?:\s|$)/).filter(Boolean)).toHaveLength(1);
    expect(fits.map((fit) => fit.storyId)).not.toContain(3);
  });

  it('offers none when no story shares the requirement’s words, however relevant the search found it', () => {
    expect(
      storyFitFor({ text: 'Tell me about a time your attention to detail made the difference.', source: requirement('Attention to detail') }, [
        OFFICE,
        CHECKOUT,
      ]),
    ).toEqual([]);
    expect(storyFitFor(question, [])).toEqual([]);
  });

  it('offers a story that touches the requirement without a result as workable, and says what is missing', () => {
    const vague = story(4, 'We used Kubernetes for our services at my last job and it was interesting.');
    const [fit] = storyFitFor(question, [vague]);
    expect(fit).toMatchObject({ storyId: 4, fit: 'workable' });
    expect(fit?.why).toMatch(/say what you did yourself|say how it ended/);
  });

  it('gives none for the warm-up about the role, and at most three stories, each once', () => {
    expect(
      storyFitFor({ text: 'Walk me through your background.', source: { kind: 'role', key: 'role', text: 'Engineer', snippetId: null } }, [MIGRATION]),
    ).toEqual([]);
    const many = [1, 2, 3, 4, 5].map((id) => story(id, `I moved the ${id} services to Kubernetes in production and cut costs by ${id * 10}%.`));
    const fits = storyFitFor(question, [...many, many[0] as MatchedStory]);
    expect(fits).toHaveLength(3);
    expect(new Set(fits.map((fit) => fit.storyId)).size).toBe(3);
  });

  it('shortens the person’s words to about 200 characters at a word boundary', () => {
    const long = 'word '.repeat(80).trim();
    const excerpt = storyExcerpt(long);
    expect(excerpt.length).toBeLessThanOrEqual(201);
    expect(excerpt.endsWith('word…')).toBe(true);
    expect(storyExcerpt('Short story.')).toBe('Short story.');
  });

  it('never fits a story by a word of time ("weekly" budget, "six weeks") or by a verb the requirement does not start with', () => {
    const budget = {
      text: 'Tell me about a time you had to own the weekly operations budget.',
      source: { kind: 'requirement' as const, key: 'line:4', text: 'Own the weekly operations budget', snippetId: null },
    };
    const warehouse = {
      storyId: 9,
      threadId: 1,
      content: 'At Harbor orders waited two days. I moved the packing benches next to the fastest products; within six weeks the wait fell from 48 hours to 4.',
      relevance: 0.6,
    };
    expect(storyFitFor(budget, [warehouse])).toEqual([]);
  });
});
