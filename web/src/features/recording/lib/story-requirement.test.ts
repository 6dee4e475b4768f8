import { describe, expect, it } from 'vitest';
import { parseRecordingParams } from './recording-params.ts';
import { requirementStoryLink, requirementStoryPath } from '../../../lib/paths.ts';

describe('the story for a requirement ("No story yet: tell one", issue 23)', () => {
  it('goes from the welcome link to a typed story conversation that carries the requirement', () => {
    const link = requirementStoryLink('  Lead cross-functional projects & launches ');
    expect(link).toBe('/welcome?requirement=Lead+cross-functional+projects+%26+launches');
    const path = requirementStoryPath(new URL(link, 'http://x').searchParams);
    expect(path).toBe('/recording?mode=new&type=text&requirement=Lead+cross-functional+projects+%26+launches');
    const params = parseRecordingParams(new URL(path ?? '', 'http://x').searchParams);
    expect(params).toMatchObject({ mode: 'new', type: 'text', storyRequirement: 'Lead cross-functional projects & launches', context: '' });
  });

  it('ignores a blank or overlong requirement', () => {
    expect(requirementStoryPath(new URLSearchParams('requirement=%20%20'))).toBeNull();
    expect(requirementStoryPath(new URLSearchParams(''))).toBeNull();
    expect(parseRecordingParams(new URLSearchParams({ requirement: 'x'.repeat(100_000) })).storyRequirement).toBeNull();
  });
});
