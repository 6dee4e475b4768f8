import type { HeardWord } from '@story/proto';
import { describe, expect, it } from 'vitest';
import { alignWords, DISAGREEMENT_RULE, matchForm, mergeUtterances, mergeWords, UNSURE_WHEN_AGREED, UNSURE_WHEN_ALONE } from './merge-words.ts';

/** pocketsphinx's words, a word every half second from `from`. */
const heard = (text: string, from = 0): HeardWord[] =>
  text.split(' ').map((word, index) => ({ word, start: from + index * 0.5, end: from + index * 0.5 + 0.4, confidence: 0.9, uncertain: false }));
const recognized = (text: string, probability = 0.95) => text.split(' ').map((word) => ({ text: word, probability }));

describe('aligning two recognisers’ words', () => {
  it('finds the cheapest edit: same words, a replaced word, a word one of them missed', () => {
    const steps = alignWords(['i', 'rolled', 'the', 'deploy'], ['i', 'rolled', 'back', 'the', 'deployment']);
    expect(steps.map((step) => step.kind)).toEqual(['same', 'same', 'extra', 'same', 'replace']);
  });

  it('matches words by their letters, whatever the case and punctuation', () => {
    expect(matchForm('Payments.')).toBe('payments');
    expect(matchForm('"Don’t')).toBe("don't");
    expect(matchForm("we'd,")).toBe("we'd");
  });
});

describe('one utterance merged', () => {
  it('takes Moonshine’s words with pocketsphinx’s times for the words it matches or replaces', () => {
    const merged = mergeWords(heard('we used calf to move events'), recognized('We used Kafka to move events.'), 0, 3);
    expect(merged.words.map((word) => word.word)).toEqual(['We', 'used', 'Kafka', 'to', 'move', 'events']);
    expect(merged.text.join(' ')).toBe('We used Kafka to move events.');
    expect(merged.words[2]).toMatchObject({ start: 1, end: 1.4 });
    expect(merged.words[5]).toMatchObject({ start: 2.5, end: 2.9 });
  });

  it('spreads a word pocketsphinx did not hear over the time between its neighbours', () => {
    const merged = mergeWords(heard('i rolled the deploy'), recognized('I rolled back the deploy'), 0, 3);
    const back = merged.words[2];
    expect(back?.word).toBe('back');
    expect(back?.start).toBeGreaterThanOrEqual(merged.words[1]?.start ?? 0);
    expect(back?.end).toBeLessThanOrEqual(merged.words[3]?.start ?? 0);
    for (const [index, word] of merged.words.entries()) {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      if (index > 0) expect(word.start).toBeGreaterThanOrEqual(merged.words[index - 1]?.end ?? 0);
    }
  });

  it('keeps the hesitations pocketsphinx heard, which Moonshine leaves out', () => {
    const merged = mergeWords(heard('so um i led the team'), recognized('So I led the team.'), 0, 4);
    expect(merged.words.map((word) => word.word)).toEqual(['So', 'um', 'I', 'led', 'the', 'team']);
    expect(merged.words[1]).toMatchObject({ start: 0.5, end: 0.9 });
  });

  it('marks a word unsure by Moonshine’s probability, with a lower bar when pocketsphinx heard the same word', () => {
    const between = (UNSURE_WHEN_AGREED + UNSURE_WHEN_ALONE) / 2;
    const recognizedWords = [
      { text: 'We', probability: 0.99 },
      { text: 'cut', probability: between },
      { text: 'cost', probability: between },
    ];
    // pocketsphinx unsure of "costs": Moonshine's word stays, marked.
    const merged = mergeWords(
      heard('we cut costs').map((word, index) => (index === 2 ? { ...word, confidence: 0.3 } : word)),
      recognizedWords,
      0,
      2,
    );
    expect(merged.words.map((word) => word.uncertain)).toEqual([false, false, true]);
    expect(merged.words[2]?.confidence).toBe(Math.round(between * 100) / 100);
  });

  it('takes pocketsphinx’s words where they differ only when Moonshine was unsure and pocketsphinx sure', () => {
    const sure = heard('i rewrote the login service in java');
    const unsure = { text: 'sin', probability: DISAGREEMENT_RULE.recognizedBelow / 2 };
    const recognizedWords = [...recognized('I rewrote the login'), unsure, ...recognized('in Java')];
    expect(mergeWords(sure, recognizedWords, 0, 4).text.join(' ')).toBe('I rewrote the login service in Java');
    const doubtful = sure.map((word) => ({ ...word, confidence: DISAGREEMENT_RULE.heardAtLeast / 2 }));
    expect(mergeWords(doubtful, recognizedWords, 0, 4).text.join(' ')).toBe('I rewrote the login sin in Java');
    const confident = [...recognized('I rewrote the login'), { ...unsure, probability: 0.99 }, ...recognized('in Java')];
    expect(mergeWords(sure, confident, 0, 4).text.join(' ')).toBe('I rewrote the login sin in Java');
  });

  it('keeps pocketsphinx’s words where it heard none (no speech) or where Moonshine wrote far more than was said', () => {
    expect(mergeWords([], recognized('thank you for watching'), 0, 2).words).toEqual([]);
    const runaway = recognized(Array.from({ length: 20 }, () => 'the').join(' '));
    expect(mergeWords(heard('we shipped it'), runaway, 0, 2).words.map((word) => word.word)).toEqual(['we', 'shipped', 'it']);
  });
});

describe('a recording’s utterances merged', () => {
  it('gives each utterance the pocketsphinx words whose middle falls in it, in order', () => {
    const words = [...heard('first part here', 0), ...heard('second part', 5)];
    const merged = mergeUtterances(words, [
      { from: 0, to: 2, words: recognized('First part here.') },
      { from: 4.5, to: 6.5, words: recognized('Second part.') },
    ]);
    expect(merged.text).toBe('First part here. Second part.');
    expect(merged.words.map((word) => word.start)).toEqual([0, 0.5, 1, 5, 5.5]);
  });
});
