import { describe, expect, it } from 'vitest';
import type { MatchedStory } from '@story/proto/resume-subjects';
import { numbersIn } from './bullet-rewrite.ts';
import { CHECKOUT_STORY, SMALL_RESUME, TEAM_SIZE_STORY } from '@story/testing/fixtures/resume-suggestions';
import { isStrongBullet, resumeAdvice, suggestForResume, suggestionId, type StoryQuery } from './resume-suggestions.ts';

/** A findStories that answers every key with the same stories and records what it was asked. */
function storiesFor(stories: Record<string, MatchedStory[]>) {
  const calls: StoryQuery[][] = [];
  const findStories = async (queries: StoryQuery[]) => {
    calls.push(queries);
    return new Map(queries.map((query) => [query.key, stories[query.key] ?? []]));
  };
  return { calls, findStories };
}

describe('suggestForResume (offline)', () => {
  it('asks for stories once, for every bullet that lacks a fact, with its role title and company and never the contact lines', async () => {
    const { calls, findStories } = storiesFor({});
    const suggestions = await suggestForResume({ content: SMALL_RESUME, findStories });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.map((query) => query.key)).toEqual(['role-shopco:b-checkout', 'role-shopco:b-oncall', 'role-tally:b-reports']);
    expect(calls[0]?.[0]?.text).toBe('Senior Software Engineer — ShopCo — Worked on the checkout service');
    for (const query of calls[0] ?? []) for (const line of [...SMALL_RESUME.contact, SMALL_RESUME.name]) expect(query.text).not.toContain(line);
    // The strong bullet gets no suggestion; nor does "Worked on the checkout service" without a story (no verb fits it for sure).
    expect(suggestions.map((suggestion) => suggestion.bulletId)).toEqual(['b-oncall', 'b-reports']);
  });

  it('grounds a rewrite in the story that holds the missing figure, quoting its exact words', async () => {
    const { findStories } = storiesFor({ 'role-shopco:b-checkout': [TEAM_SIZE_STORY, CHECKOUT_STORY] });
    const [checkout] = await suggestForResume({ content: SMALL_RESUME, findStories });
    expect(checkout?.evidence).toEqual({ threadId: 101, storyId: 11, quote: expect.stringContaining('from 3 seconds down to 800 milliseconds') });
    expect(CHECKOUT_STORY.content).toContain(checkout?.evidence?.quote);
    expect(checkout?.rewrite).toContain('from 3 seconds down to 800 milliseconds');
    expect(checkout?.rewrite).not.toMatch(/^Worked on/);
    expect(checkout?.toAdd).toBeNull();
    for (const number of numbersIn(checkout?.rewrite ?? '')) expect(numbersIn(`${checkout?.original} ${checkout?.evidence?.quote}`)).toContain(number);
    expect(checkout?.weaknesses.map((weakness) => weakness.kind)).toEqual(['vague-verb', 'no-number', 'no-result']);
  });

  it('quotes no story whose figures are about something else, none told outside a thread, none of low relevance', async () => {
    const practice = { ...CHECKOUT_STORY, storyId: 13, threadId: null };
    const faint = { ...CHECKOUT_STORY, storyId: 14, relevance: 0.1 };
    const { findStories } = storiesFor({ 'role-shopco:b-checkout': [TEAM_SIZE_STORY, practice, faint] });
    const suggestions = await suggestForResume({ content: SMALL_RESUME, findStories });
    // Nothing to quote and no verb that surely fits "the checkout service": no card, and no "Developed the checkout service".
    expect(suggestions.find((suggestion) => suggestion.bulletId === 'b-checkout')).toBeUndefined();
  });

  it('quotes the story told for that very bullet ("Tell the story behind this line"), its figure two turns after the bullet\'s words', async () => {
    const told: MatchedStory = {
      storyId: 21,
      threadId: 301,
      relevance: 0.3,
      content: 'The checkout service was my main job at ShopCo.\n\nI moved the price lookups into a cache.\n\nIt went from 3.2 seconds to 0.9 seconds.',
    };
    const { findStories } = storiesFor({ 'role-shopco:b-checkout': [told] });
    const [checkout] = await suggestForResume({ content: SMALL_RESUME, findStories, bulletThreads: { 'b-checkout': [301] } });
    expect(checkout?.evidence).toEqual({ threadId: 301, storyId: 21, quote: 'It went from 3.2 seconds to 0.9 seconds.' });
    expect(checkout?.rewrite).toContain('from 3.2 seconds to 0.9 seconds');
  });

  it('says once per résumé what to add, for every line that lacks its outcome and has no story quoted', async () => {
    const { findStories } = storiesFor({ 'role-shopco:b-checkout': [CHECKOUT_STORY] });
    const suggestions = await suggestForResume({ content: SMALL_RESUME, findStories });
    const advice = resumeAdvice(SMALL_RESUME, suggestions);
    expect(advice?.bulletIds).toEqual(['b-oncall', 'b-reports']);
    expect(advice?.message).toMatch(/^2 lines say what you did but not what came of it\. Add the result with a number/);
    expect(suggestions.every((suggestion) => suggestion.toAdd === null)).toBe(true);
    const strongOnly = {
      ...SMALL_RESUME,
      roles: [{ ...SMALL_RESUME.roles[0]!, bullets: [{ id: 'b-ok', text: 'Cut build times 60% by caching dependencies' }] }],
    };
    expect(resumeAdvice(strongOnly, [])).toBeNull();
  });

  it('fixes what it can without a story: the vague verb, the passive', async () => {
    const { findStories } = storiesFor({});
    const suggestions = await suggestForResume({ content: SMALL_RESUME, findStories });
    expect(suggestions.find((suggestion) => suggestion.bulletId === 'b-oncall')?.rewrite).toBe('Managed the on-call rota');
    expect(suggestions.find((suggestion) => suggestion.bulletId === 'b-reports')?.rewrite).toBe('Generated reports for the finance team');
  });

  it('gives each suggestion an id stable for the bullet text, and skips the dismissed until the bullet changes', async () => {
    const { findStories } = storiesFor({});
    const first = await suggestForResume({ content: SMALL_RESUME, findStories });
    const again = await suggestForResume({ content: SMALL_RESUME, findStories });
    expect(again.map((suggestion) => suggestion.id)).toEqual(first.map((suggestion) => suggestion.id));
    for (const suggestion of first) expect(suggestion.id).toMatch(/^s-[a-z0-9-]{1,80}$/);
    const dismissed = new Set([first[0]?.id ?? '']);
    expect((await suggestForResume({ content: SMALL_RESUME, findStories, dismissed })).map((suggestion) => suggestion.bulletId)).toEqual(['b-reports']);
    const edited = structuredClone(SMALL_RESUME);
    const bullet = edited.roles[0]?.bullets[2];
    if (bullet) bullet.text = 'Responsible for the on-call rota and its runbooks';
    const afterEdit = await suggestForResume({ content: edited, findStories, dismissed });
    expect(afterEdit[0]?.bulletId).toBe('b-oncall');
    expect(afterEdit[0]?.id).not.toBe(first[0]?.id);
    expect(suggestionId('b-x', ' same text ')).toBe(suggestionId('b-x', 'same text'));
  });

  it('still suggests when the search fails, with no evidence', async () => {
    const suggestions = await suggestForResume({ content: SMALL_RESUME, findStories: () => Promise.reject(new Error('search down')) });
    expect(suggestions.map((suggestion) => suggestion.bulletId)).toEqual(['b-oncall', 'b-reports']);
    expect(suggestions.every((suggestion) => suggestion.evidence === null)).toBe(true);
  });

  it('does not ask at all when no bullet lacks a fact', async () => {
    const { calls, findStories } = storiesFor({});
    const content = { ...SMALL_RESUME, roles: [{ ...SMALL_RESUME.roles[0]!, bullets: [{ id: 'b-ok', text: 'Cut build times 60% by caching dependencies' }] }] };
    expect(await suggestForResume({ content, findStories })).toEqual([]);
    expect(calls).toHaveLength(0);
  });
});

describe('isStrongBullet', () => {
  it('is a line that tells the figure its work reached, and not one that only tells its scope', () => {
    expect(isStrongBullet('Grew a cleaning business to £12,000 in monthly revenue in its first year')).toBe(true);
    expect(isStrongBullet('Restored water to 95% of homes within 6 hours after the burst main')).toBe(true);
    expect(isStrongBullet('Reported to 3 directors on a team of 14')).toBe(false);
    expect(isStrongBullet('Managed 14 field crews')).toBe(false);
  });
});
