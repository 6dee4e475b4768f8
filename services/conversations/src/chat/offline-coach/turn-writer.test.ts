import { describe, expect, it } from 'vitest';
import { hash, itemAt, normalize, TurnWriter } from './turn-writer.ts';

const HISTORY = [
  { role: 'user', content: 'What is this?' },
  { role: 'assistant', content: 'Hello! What did you do first?' },
  { role: 'user', content: 'I rewrote the tests.' },
  { role: 'assistant', content: '“I rewrote the tests” — I like how concrete that is. How did it turn out in the end?' },
] as const;

describe('turn writer', () => {
  it('hashes the same text to the same seed, and other text to another', () => {
    expect(hash('I rewrote the tests|2|')).toBe(hash('I rewrote the tests|2|'));
    expect(hash('I rewrote the tests|2|')).not.toBe(hash('I rewrote the tests|4|'));
  });

  it('wraps an index round a list, either way', () => {
    expect(itemAt(['a', 'b', 'c'], 4)).toBe('b');
    expect(itemAt(['a', 'b', 'c'], -1)).toBe('c');
    expect(() => itemAt([], 0)).toThrow();
  });

  it('knows a question was asked when a coach turn holds its words, whatever the case and punctuation', () => {
    const writer = new TurnWriter('ok', HISTORY, 0);
    expect(writer.wasAsked('what did you do FIRST')).toBe(true);
    expect(writer.wasAsked('What is this?')).toBe(false);
    expect(writer.wasAsked('')).toBe(false);
    expect(normalize('How did it — turn out?')).toBe('how did it turn out');
  });

  it('offers only questions not asked yet, and nothing once all were', () => {
    const writer = new TurnWriter('ok', HISTORY, 7);
    expect(writer.fresh(['What did you do first?', 'What happened next?'])).toBe('What happened next?');
    expect(writer.fresh(['What did you do first?', 'How did it turn out in the end?'])).toBeUndefined();
  });

  it('avoids a phrasing whose fixed words it used in its last two turns, ignoring the quotes', () => {
    const options = ['“the migration” — I like how concrete that is.', '“the migration” — that is a real step you took.'];
    for (const seed of [0, 1, 2, 3]) expect(new TurnWriter('ok', HISTORY, seed).pick(options)).toBe(options[1]);
  });
});
