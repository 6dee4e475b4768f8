import { describe, expect, it } from 'vitest';
import type { QuestionSource } from '@story/proto';
import type { MatchedStory } from '@story/proto/resume-subjects';
import { storyExcerpt, storyFitFor } from './story-fit.ts';

const requirement = (text: string): QuestionSource => ({ kind: 'requirement', key: 'line:0', text, snippetId: null });
const story = (storyId: number, content: string, relevance = 0.6): MatchedStory => ({ storyId, threadId: storyId + 100, content, relevance });

const MIGRATION = story(
  1,
  'The billing service kept falling over.\n\nI led the migration to Kubernetes with people from QA and support, wrote the rollout plan and moved traffic in stages.\n\nIncidents fell from 4 a month to none.',
);
const CHECKOUT = story(2, 'I rewrote the cart service in Python and batched the SQL queries; checkout latency dropped by 40%.');
const OFFICE = story(3, 'I organised the office move and everyone was settled in two days.', 0.9);

describe('storyFitFor (whole stories, the sentence encoder)', () => {
  const question = {
    text: 'Describe a situation where you ran services on Kubernetes in production.',
    source: requirement('Experience running services on Kubernetes in production'),
  };

  it('picks the story that shows the requirement as strong, its reason quoting the person’s own sentences', async () => {
    const fits = await storyFitFor(question, [OFFICE, CHECKOUT, MIGRATION]);
    expect(fits[0]).toMatchObject({ storyId: 1, threadId: 101, fit: 'strong' });
    expect(fits[0]?.why).toBe(
      'You tell it yourself: “I led the migration to Kubernetes with people from QA and support, wrote the rollout plan and moved traffic in stages” and how it ended: “Incidents fell from 4 a month to none”.',
    );
    expect(fits.map((fit) => fit.storyId)).not.toContain(3);
  });

  it('fits no story where the person says they never did it, however many of the words it shares', async () => {
    const never = story(5, 'Honestly I have never run Kubernetes in production. I did an online course on Kubernetes services last year.');
    expect(await storyFitFor(question, [never])).toEqual([]);
  });

  it('offers none when no story is close to the requirement, however relevant the search found it', async () => {
    const detail = { text: 'Tell me about a time your attention to detail made the difference.', source: requirement('Attention to detail') };
    expect(await storyFitFor(detail, [OFFICE])).toEqual([]);
    expect(await storyFitFor(question, [])).toEqual([]);
  });

  it('offers a story close to the requirement but without a result as workable, and says what is missing', async () => {
    const vague = story(4, 'We used Kubernetes for our services at my last job and it was interesting.');
    const [fit] = await storyFitFor(question, [vague]);
    expect(fit).toMatchObject({ storyId: 4, fit: 'workable' });
    expect(fit?.why).toMatch(
      /^Close to what is asked: “We used Kubernetes for our services at my last job and it was interesting”; (say what you did yourself|say how it ended)\.$/,
    );
  });

  it('gives none for the warm-up about the role, at most three stories, each conversation once, and at most one strong', async () => {
    const role = { text: 'Walk me through your background.', source: { kind: 'role' as const, key: 'role', text: 'Engineer', snippetId: null } };
    expect(await storyFitFor(role, [MIGRATION])).toEqual([]);
    const many = [1, 2, 3, 4, 5].map((id) => story(id, `I moved ${id} services to Kubernetes in production and cut costs by ${id * 10}%.`));
    const fits = await storyFitFor(question, [...many, { ...(many[0] as MatchedStory), storyId: 99 }]);
    expect(fits).toHaveLength(3);
    expect(new Set(fits.map((fit) => fit.threadId)).size).toBe(3);
    expect(fits.filter((fit) => fit.fit === 'strong').length).toBeLessThanOrEqual(1);
  });

  it('shortens the person’s words to about 200 characters at a word boundary', () => {
    const long = 'word '.repeat(80).trim();
    const excerpt = storyExcerpt(long);
    expect(excerpt.length).toBeLessThanOrEqual(201);
    expect(excerpt.endsWith('word…')).toBe(true);
    expect(storyExcerpt('Short story.')).toBe('Short story.');
  });
});
