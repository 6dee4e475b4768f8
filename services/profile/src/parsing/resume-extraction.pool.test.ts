import { describe, expect, it } from 'vitest';
import { RESUME_MESSAGES } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';
import { IsolatedTaskError, type IsolatedFailure } from '@story/service-kit/isolation';
import { extractionFailure } from './resume-extraction.pool.ts';

describe('extractionFailure', () => {
  it('answers what the pool refused: the file too costly (422), the person busy (429), the pool full or down (503)', () => {
    const answers: [IsolatedFailure, number, string, string | undefined][] = [
      ['deadline', 422, RESUME_MESSAGES.tooComplex, undefined],
      ['memory', 422, RESUME_MESSAGES.tooComplex, undefined],
      ['crashed', 422, RESUME_MESSAGES.tooComplex, undefined],
      ['key-busy', 429, RESUME_MESSAGES.alreadyReading, '5'],
      ['pool-busy', 503, RESUME_MESSAGES.readersBusy, '30'],
    ];
    for (const [reason, status, message, retryAfter] of answers) {
      const answer = extractionFailure(new IsolatedTaskError(reason, 'résumé reading failed'));
      if (!(answer instanceof HttpError)) throw new Error(`${reason} gave no HttpError`);
      expect(answer, reason).toMatchObject({ statusCode: status, message });
      expect(answer.headers['retry-after'], reason).toBe(retryAfter);
    }
  });

  it("passes the file's own refusal through unchanged", () => {
    const own = new HttpError(422, RESUME_MESSAGES.noPdfText);
    expect(extractionFailure(own)).toBe(own);
  });
});
