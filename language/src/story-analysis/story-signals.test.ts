import { describe, expect, it } from 'vitest';
import { classify, clauses, quotable, quoteFor, tellsStory, topicOf } from './story-signals.ts';

describe('story signals', () => {
  it('reads the STAR parts of a sentence', () => {
    expect([...classify('Last year at my company we were stuck on an old Oracle database.')]).toEqual(['situation']);
    expect([...classify('My job was to get us onto Postgres.')]).toEqual(['task']);
    expect([...classify('I wrote a migration plan.')]).toEqual(['action']);
    expect([...classify('We finished two weeks early.')]).toEqual(expect.arrayContaining(['result', 'teamAction']));
    expect([...classify('I learned that small steps beat one big bang.')]).toEqual(['learning']);
  });

  it('tells a story from talk about feelings or people alone', () => {
    expect(tellsStory('I wrote a migration plan.')).toBe(true);
    expect(tellsStory('my manager was nice')).toBe(false);
  });

  it('quotes the person’s first step, from "I"', () => {
    expect(quoteFor('I wrote a migration plan, set up dual writes and ran it', 'action')).toBe('I wrote a migration plan');
    expect(quoteFor('Honestly, the checkout errors dropped by 80% and costs fell', 'result')).toBe('the checkout errors dropped by 80%');
  });

  it('keeps a quote short without ending on a little word', () => {
    expect(quotable('we were stuck on an old Oracle database that kept falling over', 6)).toBe('we were stuck on an old…');
    expect(quotable('“Why?” we asked.')).toBe('Why we asked');
  });

  it('reads the subject of a topic sentence and splits clauses', () => {
    expect(topicOf('I want to talk about the time I organised a charity run')).toBe('I organised a charity run');
    expect(topicOf('I organised a charity run')).toBeUndefined();
    expect(clauses('We shipped. Then we slept; it was late — very late, and quiet')).toEqual([
      'We shipped.',
      'Then we slept',
      'it was late',
      'very late',
      'and quiet',
    ]);
  });
});

describe('story signals: what the person did is not how it turned out', () => {
  it('reads a list of steps as actions, not as the result', () => {
    const steps = classify('I rolled back the deploy, found the pool was exhausted, raised the pool size and added a circuit breaker.');
    expect(steps.has('action')).toBe(true);
    expect(steps.has('result')).toBe(false);
    for (const text of [
      'I fixed the flaky tests and rewrote the deploy script.',
      'I shipped a hotfix that night.',
      'I raised the timeout from 5 to 30 seconds.',
      'I increased the pool size and restarted the workers.',
    ]) {
      expect(classify(text).has('result'), text).toBe(false);
    }
  });

  it('reads the same verbs as the result when something else did them, they were done to it, or they came with an outcome', () => {
    for (const text of [
      'That fixed the memory leak for good.',
      'The outage was resolved within an hour.',
      'The team adopted the new process.',
      'We shipped on time.',
      'I reduced the build time by half.',
      'I rebuilt the cache so that pages loaded in under a second.',
      'Latency went from 800ms to 120ms.',
      'I increased the pool size to 50 and errors dropped by 90%.',
    ]) {
      expect(classify(text).has('result'), text).toBe(true);
    }
  });
});
