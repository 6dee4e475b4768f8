import { describe, expect, it } from 'vitest';
import { tellStoryPath, threadPath } from './resume-links.ts';

describe('résumé links', () => {
  it('asks the coach about one bullet on /welcome', () => {
    expect(tellStoryPath(7, 'b-checkout')).toBe('/welcome?resume=7&bullet=b-checkout');
  });

  it('opens a story’s thread as the thread list does', () => {
    expect(threadPath(12)).toBe('/recording?mode=continue&threadId=12');
  });
});
