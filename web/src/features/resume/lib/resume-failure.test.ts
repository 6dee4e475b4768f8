import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/http-client.ts';
import { resumeFailure } from './resume-failure.ts';

const refusal = (status: number, message: string) => new ApiError(status, 'Refused', JSON.stringify({ message }));

describe('resumeFailure', () => {
  it('reads a 403 with the plan’s sentence as the feature locked', () => {
    const sentence = 'Résumé upload and suggestions are part of the Essentials plan.';
    expect(resumeFailure(refusal(403, sentence), 'Failed')).toEqual({ kind: 'locked', message: sentence });
  });

  it('tells another 4xx in the service’s words and a server failure or a network error in the fallback', () => {
    expect(resumeFailure(refusal(400, 'Please upload a PDF, DOCX, TXT or Markdown file.'), 'Failed')).toEqual({
      kind: 'failed',
      message: 'Please upload a PDF, DOCX, TXT or Markdown file.',
    });
    expect(resumeFailure(refusal(500, 'Internal server error'), 'Failed')).toEqual({ kind: 'failed', message: 'Failed' });
    expect(resumeFailure(new TypeError('Failed to fetch'), 'Failed')).toEqual({ kind: 'failed', message: 'Failed' });
    expect(resumeFailure(new ApiError(403, 'Forbidden', ''), 'Failed')).toEqual({ kind: 'failed', message: 'Failed' });
  });
});
