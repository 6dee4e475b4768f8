import { describe, expect, it } from 'vitest';
import { MAX_REPLY_PARTS, replyParts } from './reply-parts.ts';

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Replies of every shape the coaches and OpenAI give. */
const REPLIES = [
  'Let me play that back to you. It started with “last year i led the migration of our check…”. The goal: “the error rate dropped by eighty percent my manager…”. What you did: “i led the migration of our check out…”. The result: “twice we fix it beef for any customer noticed…”. And what you took from it: “the error rate dropped by eighty percent…”. Which part would you tell first in an interview?',
  'So the outcome was “last year i led the migration of our check out…”. If you had to measure that result, what would the figure be?',
  'Thanks! Tell me more.',
  'Go on.',
  'That is a long first sentence with no full stop for a while, because some models write like that when they are thinking aloud, and then, after many clauses, they finally reach the end of the thought. Then a short one.',
  'A sentence without any clause break that runs on and on past the first piece limit because nobody put a comma anywhere in it at all ever. Next.',
  'What did you do next?! I’d love to hear — especially the part about the customers… And the team (all five of them). Then: the outcome.',
  'One. Two. Three. Four. Five. Six. Seven. Eight. Nine. Ten. Eleven. Twelve. Thirteen. Fourteen. Fifteen. Sixteen. Seventeen. Eighteen. Nineteen. Twenty. '.repeat(
    12,
  ),
  'Line one.\n\nLine two after a blank line.\n- a bullet\n- another bullet',
];

describe('replyParts', () => {
  it('keeps every word of the reply, in order, whatever its shape', () => {
    for (const reply of REPLIES) expect(words(replyParts(reply).join(' '))).toEqual(words(reply));
  });

  it('starts short: the first sentence, a clause of a long one, never a fragment of a few letters', () => {
    expect(replyParts(REPLIES[0] ?? '')[0]).toBe('Let me play that back to you.');
    expect(replyParts('Thanks! Tell me more about the team. What happened next?')[0]).toBe('Thanks! Tell me more about the team.');
    expect(replyParts('Thanks! Go on. What happened next?')[0]).toBe('Thanks! Go on. What happened next?');
    const [first] = replyParts(REPLIES[4] ?? '');
    expect(first).toBe('That is a long first sentence with no full stop for a while,');
    // No clause to cut at: the sentence stays whole rather than stopping mid-phrase.
    expect(replyParts(REPLIES[5] ?? '')[0]).toMatch(/comma anywhere in it at all ever\.$/);
  });

  it('lets each piece grow at most threefold (or to 80 characters), with at most five pieces', () => {
    for (const reply of REPLIES) {
      const parts = replyParts(reply);
      expect(parts.length).toBeLessThanOrEqual(MAX_REPLY_PARTS);
      for (let i = 1; i < parts.length - 1; i++) {
        const before = parts[i - 1]?.length ?? 0;
        const part = parts[i] ?? '';
        // A single sentence longer than the budget is never split: it is a piece of its own.
        if (part.split(/(?<=[.!?…]["'”’)\]]*)\s+/u).length > 1) expect(part.length).toBeLessThanOrEqual(Math.max(3 * before, 80));
      }
    }
    expect(replyParts(REPLIES[7] ?? '')).toHaveLength(MAX_REPLY_PARTS);
  });

  it('gives one piece for a short reply and none for no words', () => {
    expect(replyParts('Go on.')).toEqual(['Go on.']);
    expect(replyParts('  Tell me more about that moment, please.  ')).toEqual(['Tell me more about that moment, please.']);
    expect(replyParts('   ')).toEqual([]);
  });

  it('cuts the long coach reply the way it is spoken', () => {
    const parts = replyParts(REPLIES[0] ?? '');
    expect(parts.slice(0, 2)).toEqual(['Let me play that back to you.', 'It started with “last year i led the migration of our check…”.']);
    expect(parts.at(-1)).toMatch(/in an interview\?$/);
  });
});
