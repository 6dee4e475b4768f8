import { describe, expect, it } from 'vitest';
import { cleanSoloMemo } from './solo-memo.ts';
import { deliveryWordsOf, transcriptWordsOf } from './transcript-words.ts';

const heardOf = (text: string, unsure: readonly string[] = []) =>
  text.split(' ').map((word, index) => ({
    word,
    start: index * 0.5,
    end: index * 0.5 + 0.4,
    confidence: unsure.includes(word) ? 0.2 : 0.95,
    uncertain: unsure.includes(word),
  }));

describe('the transcript’s words with the recogniser’s confidence (issue 19)', () => {
  it('gives each whitespace-separated word of the transcript its heard word’s times, confidence and mark', () => {
    const heard = heardOf('i led the art of our database', ['art']);
    const words = transcriptWordsOf('i led the art of our database', heard, 4);
    expect(words.map((word) => word.word)).toEqual('i led the art of our database'.split(' '));
    expect(words[3]).toEqual({ word: 'art', start: 1.5, end: 1.9, confidence: 0.2, uncertain: true });
    expect(words.filter((word) => word.uncertain).map((word) => word.word)).toEqual(['art']);
  });

  it('follows a solo memo’s cleaned text: punctuated and capitalised words keep their marks, removed fillers have none', () => {
    const raw = 'so um i i led the art of our database';
    const heard = heardOf(raw, ['um', 'art']);
    const cleaned = cleanSoloMemo(raw);
    const words = transcriptWordsOf(cleaned, heard, 6);
    expect(words.map((word) => word.word)).toEqual(cleaned.split(/\s+/));
    expect(words.filter((word) => word.uncertain).map((word) => word.word)).toEqual(['art']);
    expect(words.at(-1)).toMatchObject({ word: 'database.', confidence: 0.95, uncertain: false });
  });

  it('gives a word it cannot find among the heard words no confidence and no mark', () => {
    const words = transcriptWordsOf('I led it', [{ word: 'I', start: 0, end: 0.2, confidence: 0.9, uncertain: false }], 1);
    expect(words[2]).toMatchObject({ word: 'it', confidence: null, uncertain: false });
  });

  it('carries only the unsure mark to the answer’s delivery facts', () => {
    expect(deliveryWordsOf(heardOf('i art', ['art']))).toEqual([
      { word: 'i', start: 0, end: 0.4 },
      { word: 'art', start: 0.5, end: 0.9, uncertain: true },
    ]);
  });
});
