import { describe, expect, it } from 'vitest';
import type { MatchedStory } from '@story/proto/resume-subjects';
import { findEvidence } from './story-evidence.ts';

const story = (storyId: number, content: string, relevance = 0.6): MatchedStory => ({ storyId, threadId: storyId * 10, content, relevance });
const BOTH = { figure: true, result: true };

describe('findEvidence', () => {
  it('quotes the result sentence of a story about the bullet, as the story words it', () => {
    const told = story(1, 'So basically the stockroom was a disaster. My manager was not convinced. In the end we got shrinkage from 3% down to 1%.');
    const found = findEvidence('In charge of the stockroom', [told], BOTH);
    expect(found?.quote).toBe('In the end we got shrinkage from 3% down to 1%.');
    expect(found?.measured).toBe(true);
  });

  it('quotes no figure about something else, even in a story about the bullet', () => {
    const team = story(2, 'The stockroom was a disaster when I started. Over that year the team grew from 5 to 14 people.');
    const run = story(3, 'I ran my first half marathon in 1 hour 58 minutes, which cut my best time by 10 minutes.');
    expect(findEvidence('In charge of the stockroom', [team, run], BOTH)).toBeUndefined();
  });

  it('takes a filler for no result, and a result without a figure only where the bullet lacks a result', () => {
    const filler = story(4, 'Right, so we had this problem with the booking system, it was a mess.');
    expect(findEvidence('Worked on the booking system', [filler], BOTH)).toBeUndefined();
    const unmeasured = story(5, 'I rebuilt the booking system over a weekend, so the receptionists stopped double-booking.');
    expect(findEvidence('Rebuilt the booking system', [unmeasured], BOTH)?.measured).toBe(false);
    expect(findEvidence('Rebuilt the booking system, reducing double bookings', [unmeasured], { figure: true, result: false })).toBeUndefined();
  });

  it('asks nothing of a bullet that lacks no fact, and skips stories outside a thread or of low relevance', () => {
    const told = story(6, 'We got checkout from 3 seconds down to 800 milliseconds.');
    expect(findEvidence('Worked on checkout', [told], { figure: false, result: false })).toBeUndefined();
    expect(findEvidence('Worked on checkout', [{ ...told, threadId: null }], BOTH)).toBeUndefined();
    expect(findEvidence('Worked on checkout', [{ ...told, relevance: 0.1 }], BOTH)).toBeUndefined();
    expect(findEvidence('Worked on checkout', [told], BOTH)?.story.storyId).toBe(6);
  });
});
