import { describe, expect, it } from 'vitest';
import type { HeardWord } from '@story/proto';
import { DEFAULT_CAREER_MODEL } from '../language-model/language-model-paths.ts';
import { dictionaryAt } from './pronunciations.ts';
import { withSecondHearing } from './second-hearing.ts';

/** Words 0.4 s apart from `from`, as sure (or unsure) as said. */
const timed = (text: string, from: number, confidence: number): HeardWord[] =>
  text.split(' ').map((word, index) => ({ word, start: from + index * 0.4, end: from + index * 0.4 + 0.35, confidence, uncertain: confidence < 0.7 }));

describe('the practice vocabulary found in pocketsphinx’s hearing (issue 19, point 4)', () => {
  const dictionary = dictionaryAt(DEFAULT_CAREER_MODEL.dictionary);
  // Moonshine wrote "to cover needs" (too far from "Kubernetes" to put back); pocketsphinx heard "to burn eats" at the same time.
  const alternative = [...timed('i moved our services to', 0, 0.9), ...timed('burn eats', 2, 0.4)];
  const transcription = (coverNeedsConfidence: number) => {
    const wordTimings = [...timed('I moved our services to', 0, 0.95), ...timed('cover needs', 2, coverNeedsConfidence)];
    return { text: 'I moved our services to cover needs.', durationSeconds: 3, wordTimings, alternative };
  };

  it('puts the term over the transcript’s unsure words at the same time', () => {
    const corrected = withSecondHearing(transcription(0.3), ['Kubernetes', 'Terraform'], dictionary);
    expect(corrected.text).toBe('I moved our services to Kubernetes');
    expect(corrected.wordTimings.at(-1)).toMatchObject({ word: 'Kubernetes', start: 1.6 });
  });

  it('leaves words Moonshine was sure of, and a transcript without pocketsphinx’s hearing or vocabulary', () => {
    const sure = transcription(0.95);
    expect(withSecondHearing(sure, ['Kubernetes'], dictionary)).toBe(sure);
    const unsure = transcription(0.3);
    expect(withSecondHearing({ ...unsure, alternative: undefined }, ['Kubernetes'], dictionary)).toEqual({ ...unsure, alternative: undefined });
    expect(withSecondHearing(unsure, [], dictionary)).toBe(unsure);
  });

  it('does not put a term in twice where the transcript already says it', () => {
    const already = transcription(0.3);
    already.wordTimings[4] = { word: 'Kubernetes', start: 1.6, end: 1.95, confidence: 0.3, uncertain: true };
    expect(withSecondHearing(already, ['Kubernetes'], dictionary)).toBe(already);
  });
});
