import { describe, expect, it } from 'vitest';
import type { HeardWord } from '@story/proto';
import { DEFAULT_CAREER_MODEL } from '../language-model/language-model-paths.ts';
import { phonemeDistance } from './phoneme-distance.ts';
import { dictionaryAt, parseDictionary, termPronunciations } from './pronunciations.ts';
import { correctTranscription, correctWords } from './vocabulary-correction.ts';

/** The words of `text`, 0.4 s each, all as sure (or unsure) as said. */
const heard = (text: string, confidence = 0.9): HeardWord[] =>
  text.split(' ').map((word, index) => ({ word, start: index * 0.4, end: index * 0.4 + 0.35, confidence, uncertain: confidence < 0.7 }));
const textOf = (words: readonly HeardWord[]) => words.map((word) => word.word).join(' ');

describe('the vocabulary correction of the offline recogniser', () => {
  const dictionary = dictionaryAt(DEFAULT_CAREER_MODEL.dictionary);

  it('puts a misheard term back over the words it was heard as, spanning their times, marked by how close it sounded', () => {
    const words = [...heard('i moved our services to', 0.9), ...heard('burn eats', 0.4).map((word) => ({ ...word, start: word.start + 2, end: word.end + 2 }))];
    const { words: corrected, replaced } = correctWords(words, ['Kubernetes', 'Terraform'], dictionary);
    expect(replaced).toBe(1);
    expect(textOf(corrected)).toBe('i moved our services Kubernetes');
    const term = corrected.at(-1);
    expect(term).toMatchObject({ start: 1.6, end: 2.75 });
    expect(term?.confidence).toBeGreaterThan(0.6);
    expect(term?.confidence).toBeLessThan(0.9);
  });

  it('spells a term the dictionary lacks from its letters or its parts ("phlebotomy", "PostgreSQL", "IEP")', () => {
    expect(termPronunciations('phlebotomy', dictionary)[0]).toEqual(['F', 'L', 'EH', 'B', 'AA', 'T', 'AA', 'M', 'IY']);
    expect(termPronunciations('PostgreSQL', dictionary)[0]?.join(' ')).toMatch(/^P .* S K Y UW EH L$/);
    expect(termPronunciations('IEP', dictionary)).toContainEqual(['AY', 'IY', 'P', 'IY']);
    const { words } = correctWords(heard('i did flea bottom for two years', 0.5), ['phlebotomy'], dictionary);
    expect(textOf(words)).toBe('i did phlebotomy for two years');
  });

  it('leaves a common word alone unless it sounds the same, however unsure', () => {
    // "ocean" is close to "OSHA" (one sound more), but a common word alone needs the sure threshold.
    expect(textOf(correctWords(heard('i led the ocean training', 0.3), ['OSHA'], dictionary).words)).toBe('i led the ocean training');
    // A sure stretch is never replaced by a term that only sounds like it.
    expect(textOf(correctWords(heard('i moved our services to burn eats', 0.95), ['Kubernetes'], dictionary).words)).toBe('i moved our services to burn eats');
    expect(textOf(correctWords(heard('every medication in time', 0.4), ['IV', 'Epic'], dictionary).words)).toBe('every medication in time');
  });

  it('keeps a term heard right and the person’s own form of a term, and puts no term twice side by side', () => {
    expect(textOf(correctWords(heard('on every trailer before', 0.5), ['trailers'], dictionary).words)).toBe('on every trailer before');
    expect(textOf(correctWords(heard('we used kubernetes there', 0.5), ['Kubernetes'], dictionary).words)).toBe('we used kubernetes there');
  });

  it('changes nothing without a vocabulary, and makes the text again from the words when it changes them', () => {
    const transcription = { text: 'i did flea bottom', durationSeconds: 3, wordTimings: heard('i did flea bottom', 0.5), evidence: [] };
    expect(correctTranscription(transcription, undefined, () => dictionary)).toBe(transcription);
    expect(correctTranscription(transcription, [], () => dictionary)).toBe(transcription);
    const corrected = correctTranscription(transcription, ['phlebotomy'], () => dictionary);
    expect(corrected.text).toBe('i did phlebotomy');
    expect(corrected.evidence).toBeUndefined();
  });

  it('measures sounds: the same 0, a vowel for a vowel cheap, unlike sounds far', () => {
    expect(phonemeDistance(['K', 'AE', 'T'], ['K', 'AE', 'T'])).toBe(0);
    expect(phonemeDistance(['K', 'AE', 'T'], ['K', 'AH', 'T'])).toBeLessThan(0.2);
    expect(phonemeDistance(['K', 'AE', 'T'], ['M', 'IY', 'L'])).toBeGreaterThan(0.6);
    expect(parseDictionary('read R IY D\nread(2) R EH D\n').get('read')).toEqual([
      ['R', 'IY', 'D'],
      ['R', 'EH', 'D'],
    ]);
  });
});
