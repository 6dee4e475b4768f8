import { describe, expect, it } from 'vitest';
import { asksAboutCoach, asksForIdeas, isDecline, isGreeting, isOffTopic, isSubstantive, isThin, namedPosition } from './coach-intents.ts';

describe('what a message asks of the coach', () => {
  it('hears a short hello, not a story that starts with one', () => {
    for (const text of ['Hi', 'good morning!', 'hey there', "What's up"]) expect(isGreeting(text), text).toBe(true);
    expect(isGreeting('Hi, I want to tell you about the time I led our migration')).toBe(false);
  });

  it('hears a short "no" or "I don\'t know", not an answer that starts with no', () => {
    for (const text of ['no', "I don't know", 'skip', 'not sure', 'no idea', 'nope.']) expect(isDecline(text), text).toBe(true);
    expect(isDecline('no, we shipped it on time and the client renewed')).toBe(false);
    expect(isDecline('I know')).toBe(false);
  });

  it('hears a request for ideas and a question about the coach', () => {
    expect(asksForIdeas("I don't know what to talk about")).toBe(true);
    expect(asksForIdeas('Where should I start?')).toBe(true);
    expect(asksForIdeas('I started a new job')).toBe(false);
    expect(asksAboutCoach('Who are you?')).toBe(true);
    expect(asksAboutCoach('are you a bot')).toBe(true);
  });

  it('takes a quiz question or an unrelated subject as off topic, unless the person tells a story about it', () => {
    expect(isOffTopic('tell me a joke', false)).toBe(true);
    expect(isOffTopic('What is the capital of France?', false)).toBe(true);
    expect(isOffTopic('I coached the football team at my school', true)).toBe(false);
    expect(isOffTopic('I coached the football team', false)).toBe(true);
    expect(isOffTopic('We shipped it on time', false)).toBe(false);
  });

  it('tells a thin answer from a substantive one', () => {
    expect(isThin('ok sure')).toBe(true);
    expect(isThin('I rewrote the tests')).toBe(false);
    expect(isSubstantive('I rewrote the flaky tests')).toBe(true);
    expect(isSubstantive('I rewrote tests')).toBe(false);
  });

  it('reads a position picked from a list', () => {
    expect(namedPosition('the second one', 3)).toBe(1);
    expect(namedPosition('Third, please', 3)).toBe(2);
    expect(namedPosition('the last', 3)).toBe(2);
    expect(namedPosition('the fifth', 3)).toBeUndefined();
    expect(namedPosition('either is fine', 3)).toBeUndefined();
  });
});
