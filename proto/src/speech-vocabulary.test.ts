import { describe, expect, it } from 'vitest';
import { SPEECH_VOCABULARY_LIMITS, speechSessionFinishSchema, speechTranscribeJobSchema } from './subjects.ts';

describe('the practice vocabulary in speech jobs', () => {
  const job = { jobId: 'j1', userId: 1, startWithinMs: 1000, audio: { inline: '' }, extension: 'wav', maxSeconds: 60 };

  it('is optional: a job from a front that sends none still parses, and one with terms keeps them', () => {
    expect(speechTranscribeJobSchema.parse(job)).not.toHaveProperty('vocabulary');
    expect(speechTranscribeJobSchema.parse({ ...job, vocabulary: ['Kubernetes', 'HIPAA'] }).vocabulary).toEqual(['Kubernetes', 'HIPAA']);
    expect(speechSessionFinishSchema.parse({ jobId: 'j1', userId: 1, chunkCount: 3, vocabulary: ['IEP'] }).vocabulary).toEqual(['IEP']);
  });

  it('is bounded: too many terms, a too long or an empty term is refused', () => {
    const many = Array.from({ length: SPEECH_VOCABULARY_LIMITS.terms + 1 }, (_, index) => `term${index}`);
    expect(speechTranscribeJobSchema.safeParse({ ...job, vocabulary: many }).success).toBe(false);
    expect(speechTranscribeJobSchema.safeParse({ ...job, vocabulary: ['x'.repeat(SPEECH_VOCABULARY_LIMITS.termLength + 1)] }).success).toBe(false);
    expect(speechTranscribeJobSchema.safeParse({ ...job, vocabulary: ['  '] }).success).toBe(false);
    expect(speechTranscribeJobSchema.safeParse({ ...job, vocabulary: 'Kubernetes' }).success).toBe(false);
  });
});
