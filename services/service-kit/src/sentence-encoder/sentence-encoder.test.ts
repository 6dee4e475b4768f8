import { afterAll, describe, expect, it } from 'vitest';
import { SENTENCE_DIMENSIONS, SENTENCE_ENCODER_ID, SentenceEncoder, cosine } from './sentence-encoder.ts';

const encoder = new SentenceEncoder();
afterAll(async () => {
  await encoder.close();
});

const norm = (vector: Float32Array) => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));

/**
 * The encoder's thread shuts the network before it loads the model (no-network.mjs, whose own test
 * shows every way out refused): that it answers at all proves it needs no network.
 */
describe('SentenceEncoder', () => {
  it('runs offline and gives paraphrases a higher similarity than unrelated sentences', async () => {
    const [laidOff, letGo, bread, calmedPatient, nurseNoticed] = await encoder.embed([
      'I lost my job when the startup ran out of money',
      'The company went bust and I was let go',
      'a recipe for sourdough bread',
      'I noticed a patient getting worse before the doctors did',
      'As a nurse I spotted that a man on the ward was deteriorating and called for help',
    ]);
    if (!laidOff || !letGo || !bread || !calmedPatient || !nurseNoticed) throw new Error('five vectors expected');
    expect(cosine(laidOff, letGo)).toBeGreaterThan(cosine(laidOff, bread) + 0.2);
    expect(cosine(calmedPatient, nurseNoticed)).toBeGreaterThan(cosine(calmedPatient, laidOff));
    expect(cosine(calmedPatient, nurseNoticed)).toBeGreaterThan(cosine(nurseNoticed, bread));
  });

  it('answers unit vectors of 512 dimensions in order, the zero vector for a blank text, queries and stored texts alike', async () => {
    const texts = Array.from({ length: 20 }, (_, i) => `I mentored junior engineer number ${i} through their first launch`);
    const [stored, query] = await Promise.all([encoder.embed(['', ...texts], 'stored'), encoder.embed(['mentoring a new engineer'], 'query')]);
    expect(stored).toHaveLength(21);
    expect(stored[0]).toEqual(new Float32Array(SENTENCE_DIMENSIONS));
    for (const vector of [...stored.slice(1), ...query]) {
      expect(vector).toHaveLength(SENTENCE_DIMENSIONS);
      expect(norm(vector)).toBeCloseTo(1, 4);
    }
    // The same text gives the same vector, whichever batch it came in.
    const [again] = await encoder.embed([texts[3] ?? ''], 'query');
    expect(cosine(again ?? new Float32Array(), stored[4] ?? new Float32Array())).toBeCloseTo(1, 4);
    expect(encoder.id).toBe(SENTENCE_ENCODER_ID);
  });

  it('gives cosine 0 for a zero vector rather than NaN', () => {
    expect(cosine(new Float32Array(3), Float32Array.from([1, 0, 0]))).toBe(0);
    expect(cosine(Float32Array.from([1, 1, 0]), Float32Array.from([1, 0, 0]))).toBeCloseTo(Math.SQRT1_2, 6);
  });
});
