import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatLoopback } from '@story/testing/service-under-test';
import type { MatchedStory } from '@story/proto/resume-subjects';
import { OpenAiSuggestionEngine } from './openai-suggestions.engine.ts';
import { CHECKOUT_STORY, SMALL_RESUME, TEAM_SIZE_STORY } from '@story/testing/fixtures/resume-suggestions';
import { suggestForResume, type StoryQuery } from './resume-suggestions.ts';
import { createSuggestionEngine } from './suggestion-engine.factory.ts';

const PRACTICE_STORY: MatchedStory = { storyId: 13, threadId: null, relevance: 0.9, content: 'On the rota we went from 30 pages a week to 5.' };
const stories: Record<string, MatchedStory[]> = { 'role-shopco:b-checkout': [CHECKOUT_STORY, TEAM_SIZE_STORY], 'role-shopco:b-oncall': [PRACTICE_STORY] };
let searches: StoryQuery[][] = [];
const findStories = async (queries: StoryQuery[]) => {
  searches.push(queries);
  return new Map(queries.map((query) => [query.key, stories[query.key] ?? []]));
};

/** What a well-behaved model answers; tests spoil parts of it. */
function modelAnswer() {
  return {
    suggestions: [
      {
        key: 'role-shopco:b-checkout',
        weaknesses: [{ kind: 'vague-verb', message: "'Worked on' hides what you did." }],
        rewrite: 'Cut checkout load time from 3 seconds to 800 milliseconds by caching price lookups',
        storyId: 11,
        // Another case than the story's: the located quote is the story's own words.
        quote: 'in the end we got checkout from 3 seconds down to 800 milliseconds',
        toAdd: null,
      },
      {
        key: 'role-shopco:b-oncall',
        weaknesses: [{ kind: 'vague-verb', message: 'Say what you did.' }],
        rewrite: 'Ran the on-call rota',
        storyId: null,
        quote: null,
        toAdd: null,
      },
      {
        key: 'role-tally:b-reports',
        weaknesses: [{ kind: 'passive', message: 'Say who did it.' }],
        rewrite: 'Generated weekly reports for the finance team',
        storyId: null,
        quote: null,
        toAdd: 'How much time did the reports save?',
      },
    ],
  };
}

describe('the OpenAI suggestion engine against a loopback chat-completions server', () => {
  const fake = new ChatLoopback();
  const modelSays = (content: unknown) => {
    fake.answer = JSON.stringify(content);
  };
  let engine: OpenAiSuggestionEngine;
  let baseURL: string;

  beforeAll(async () => {
    baseURL = await fake.start();
    engine = new OpenAiSuggestionEngine({ apiKey: 'sk-test', baseURL, model: 'gpt-4o-mini', timeoutMs: 1000 });
  });
  afterAll(async () => fake.stop());

  it('asks once for structured output with each weak bullet, its role and its stories, and never the name or contact lines', async () => {
    fake.mode = 'answer';
    modelSays(modelAnswer());
    searches = [];
    await engine.suggest({ content: SMALL_RESUME, findStories });
    expect(searches).toHaveLength(1);
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.body).toMatchObject({ response_format: { type: 'json_schema', json_schema: { name: 'resume_suggestions', strict: true } } });
    const said = request?.body.messages.at(-1)?.content ?? '';
    for (const part of ['Worked on the checkout service', 'Senior Software Engineer — ShopCo', CHECKOUT_STORY.content, 'Reports were generated'])
      expect(said).toContain(part);
    for (const secret of [SMALL_RESUME.name, ...SMALL_RESUME.contact]) expect(said).not.toContain(secret);
    // A story told outside a thread can be no evidence: the model does not see it.
    expect(said).not.toContain(PRACTICE_STORY.content);
    expect(said).not.toContain('Cut checkout latency 40%');
  });

  it('keeps what checks out: known kinds, the quote in the story’s own words, numbers from the quote', async () => {
    fake.mode = 'answer';
    modelSays(modelAnswer());
    const [checkout, oncall, reports] = await engine.suggest({ content: SMALL_RESUME, findStories });
    expect(checkout?.rewrite).toBe('Cut checkout load time from 3 seconds to 800 milliseconds by caching price lookups');
    expect(checkout?.evidence).toEqual({ threadId: 101, storyId: 11, quote: 'In the end we got checkout from 3 seconds down to 800 milliseconds' });
    expect(CHECKOUT_STORY.content).toContain(checkout?.evidence?.quote);
    expect(checkout?.id).toMatch(/^s-b-checkout-[a-z0-9]+$/);
    expect(oncall?.rewrite).toBe('Ran the on-call rota');
    // What to add is said once per résumé, never on each card (issue 38).
    expect(reports?.toAdd).toBeNull();
  });

  it('drops a made-up quote, a story told outside a thread, and a weakness of an unknown kind', async () => {
    fake.mode = 'answer';
    const answer = modelAnswer();
    const [checkout, oncall, reports] = answer.suggestions;
    if (!checkout || !oncall || !reports) throw new Error('fixture');
    checkout.quote = 'we got checkout down to 500 milliseconds';
    checkout.rewrite = 'Sped up checkout for every customer';
    oncall.storyId = 13;
    oncall.quote = 'we went from 30 pages a week to 5';
    reports.weaknesses = [{ kind: 'boring', message: 'Dull.' }];
    modelSays(answer);
    const [first, second, third] = await engine.suggest({ content: SMALL_RESUME, findStories });
    expect(first?.evidence).toBeNull();
    expect(first?.rewrite).toBe('Sped up checkout for every customer');
    expect(first?.toAdd).toBeNull();
    expect(second?.evidence).toBeNull();
    // No kind survived: the offline reading of the bullet stands.
    expect(third?.weaknesses.map((weakness) => weakness.kind)).toEqual(['no-number', 'no-result', 'passive']);
  });

  it('replaces a rewrite with a number of its own by the offline suggestion', async () => {
    fake.mode = 'answer';
    const answer = modelAnswer();
    const [checkout, oncall] = answer.suggestions;
    if (!checkout || !oncall) throw new Error('fixture');
    checkout.rewrite = 'Cut checkout load time from 3 seconds to 800 milliseconds, lifting conversion 12%';
    oncall.rewrite = 'Ran the on-call rota for 9 engineers';
    modelSays(answer);
    const offline = await suggestForResume({ content: SMALL_RESUME, findStories });
    const suggestions = await engine.suggest({ content: SMALL_RESUME, findStories });
    expect(suggestions[0]).toEqual(offline[0]);
    expect(suggestions[1]).toEqual(offline[1]);
    expect(suggestions[2]?.rewrite).toBe('Generated weekly reports for the finance team');
  });

  it('answers offline when the model fails, answers nonsense, or is slower than the timeout', async () => {
    const offline = await suggestForResume({ content: SMALL_RESUME, findStories });
    fake.mode = 'error';
    expect(await engine.suggest({ content: SMALL_RESUME, findStories })).toEqual(offline);
    fake.mode = 'answer';
    fake.answer = '{"not":"the schema"}';
    expect(await engine.suggest({ content: SMALL_RESUME, findStories })).toEqual(offline);
    fake.mode = 'hang';
    const slow = new OpenAiSuggestionEngine({ apiKey: 'sk-test', baseURL, model: 'gpt-4o-mini', timeoutMs: 200 });
    const started = Date.now();
    expect(await slow.suggest({ content: SMALL_RESUME, findStories })).toEqual(offline);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('createSuggestionEngine', () => {
  it('is offline without an OpenAI key, and OpenAI with one', () => {
    expect(createSuggestionEngine({ OPENAI_CHAT_MODEL: 'gpt-4o-mini', SUGGESTIONS_TIMEOUT_MS: 1000 }).name).toBe('offline');
    expect(createSuggestionEngine({ OPENAI_API_KEY: 'sk-x', OPENAI_CHAT_MODEL: 'gpt-4o-mini', SUGGESTIONS_TIMEOUT_MS: 1000 }).name).toBe('openai');
  });
});
