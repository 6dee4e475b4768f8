import { describe, expect, it } from 'vitest';
import { readinessRows, readinessSummary } from './readiness-rows.ts';
import { readinessFixture } from '@story/testing/fixtures/mock-interviews';

describe('the readiness board', () => {
  const readiness = readinessFixture([
    {
      key: 'snippet:1',
      text: 'Lead projects',
      snippetId: 1,
      bestScore: 8.04,
      bestAnswerId: 'a1',
      attempts: 3,
      story: { storyId: 5, excerpt: 'The warehouse move' },
      noStoryYet: false,
      level: 'ready',
    },
    {
      key: 'line:2',
      text: 'Write SQL reports',
      snippetId: null,
      bestScore: null,
      bestAnswerId: null,
      attempts: 0,
      story: null,
      noStoryYet: true,
      level: 'not-yet',
    },
    { key: 'line:3', text: 'Mentor analysts', snippetId: null, bestScore: 5, bestAnswerId: 'a2', attempts: 1, story: null, noStoryYet: false, level: 'almost' },
  ]);

  it('gives each requirement its best score, level, attempts and story, or says it has none', () => {
    expect(readinessRows(readiness)).toEqual([
      {
        key: 'snippet:1',
        requirement: 'Lead projects',
        score: '8.0 / 10',
        level: 'Ready',
        levelKind: 'ready',
        attempts: '3 attempts',
        story: 'The warehouse move',
        noStoryYet: false,
      },
      {
        key: 'line:2',
        requirement: 'Write SQL reports',
        score: 'Not practised yet',
        level: 'Not ready yet',
        levelKind: 'not-yet',
        attempts: '0 attempts',
        story: null,
        noStoryYet: true,
      },
      {
        key: 'line:3',
        requirement: 'Mentor analysts',
        score: '5.0 / 10',
        level: 'Almost ready',
        levelKind: 'almost',
        attempts: '1 attempt',
        story: null,
        noStoryYet: false,
      },
    ]);
  });

  it('sums up how many are ready', () => {
    expect(readinessSummary(readiness)).toBe('1 of 3 requirements ready');
    expect(readinessSummary(readinessFixture([]))).toBe('0 of 0 requirements ready');
  });
});
