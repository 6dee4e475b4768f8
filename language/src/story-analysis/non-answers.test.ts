import { describe, expect, it } from 'vitest';
import { isNonAnswer, nonAnswerKind } from './non-answers.ts';

describe('non-answers', () => {
  it('hears a hello, a "ready", a request to repeat and a request for a moment, with their kinds', () => {
    expect(nonAnswerKind('Hi')).toBe('greeting');
    expect(nonAnswerKind('Hi, I’m ready')).toBe('ready');
    expect(nonAnswerKind('Can you repeat the question?')).toBe('repeat');
    expect(nonAnswerKind('sorry can you say that again')).toBe('repeat');
    expect(nonAnswerKind('Give me a second.')).toBe('wait');
    expect(nonAnswerKind('Hmm, that’s a tough one. Let me think of an example.')).toBe('wait');
    expect(nonAnswerKind('What do you mean by cross-functional?')).toBe('clarify');
    expect(nonAnswerKind('I don’t have an example for that.')).toBe('decline');
    expect(nonAnswerKind('Thanks, that’s all for today. Bye!')).toBe('goodbye');
    expect(nonAnswerKind('testing testing one two three')).toBe('meta');
    expect(nonAnswerKind('ok')).toBe('filler');
    // A bare "again" may pick what to practise again.
    expect(nonAnswerKind('again')).not.toBe('repeat');
  });

  it('keeps an answer that opens with a non-answer, and short real answers', () => {
    for (const text of [
      'I led the migration and cut costs by 30%.',
      'Hi, so at my last job I led a team of five engineers through a database migration.',
      'Give me a second... okay, at Acme I ran the support desk and cut the backlog from 300 to 40 tickets.',
      'Sorry, yes: I set up the CI pipeline myself.',
      'Three months.',
      'Python and Go, mostly.',
      'Thanks to my manager, we got the budget approved.',
      "I'm not sure it counts, but I organised a charity run at university that raised £12,000.",
    ]) {
      expect(isNonAnswer(text, 'Tell me about a time you led a change.'), text).toBe(false);
    }
  });

  it('takes a bare yes or no as the answer to a closed question, and as nothing otherwise', () => {
    expect(isNonAnswer('Yes.', '“I rewrote it” — good. Did the fix hold?')).toBe(false);
    expect(isNonAnswer('No, never.', 'Did it happen again?')).toBe(false);
    expect(isNonAnswer('Yes.', 'Tell me about a time you led a team.')).toBe(true);
    expect(isNonAnswer('Really well, actually.', 'How did it turn out in the end?')).toBe(false);
    expect(isNonAnswer('Really well, actually.', 'Tell me about a time you led a team.')).toBe(true);
  });

  it('takes a question back that tells no story as a question about the question', () => {
    expect(nonAnswerKind('Would a school project work for this one?')).toBe('clarify');
    expect(nonAnswerKind('Why did I do it? Because I rewrote the tests and they kept failing.')).toBeUndefined();
  });
});
