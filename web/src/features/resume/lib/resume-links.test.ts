import { describe, expect, it } from 'vitest';
import { continueThreadPath, tellStoryPath } from '../../../lib/paths.ts';

describe('résumé links', () => {
  it('asks the coach about one bullet on /welcome', () => {
    expect(tellStoryPath(7, 'b-checkout')).toBe('/welcome?resume=7&bullet=b-checkout');
  });

  it('opens a story’s thread as the thread list does', () => {
    expect(continueThreadPath(12)).toBe('/recording?mode=continue&threadId=12');
  });
});
