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

  it('quotes no sentence that only looks on topic through everyday neighbours, or names the thing only as a means', () => {
    const promoted = story(7, "I was promoted to assistant manager after 8 months, which I didn't expect at all.");
    expect(findEvidence('Helped customers choose products', [promoted], BOTH)).toBeUndefined();
    const shows = story(
      8,
      'I planned the logistics for our 12 trade shows last year. All of them came in under budget, and the biggest one had 3,000 visitors.',
    );
    const picking = story(9, 'In the warehouse we cut pick time from 95 to 60 seconds by moving the fast movers next to the packing benches.');
    expect(findEvidence('Managed the office move', [shows, picking], BOTH)).toBeUndefined();
    // A means that is the bullet's own action still names it.
    const automated = story(10, 'The weekly reports took two days. We cut that to an hour by automating the reports with a script.');
    expect(findEvidence('Automated the weekly reports', [automated], BOTH)?.story.storyId).toBe(10);
  });

  it('reads a social network the word vectors do not know as social media, and a before and after told apart in time', () => {
    const told = story(11, 'So our Instagram was basically dead, like 2,000 followers. Eighteen months later our Instagram was at 45,000 followers.');
    expect(findEvidence('Managed social media accounts', [told], BOTH)?.quote).toBe('Eighteen months later our Instagram was at 45,000 followers.');
  });

  it('abstains when two stories with different figures compete closely, and not when they tell the same result', () => {
    const first = story(12, 'We got checkout from 3 seconds down to 800 milliseconds.');
    const second = story(13, 'We got checkout from 5 seconds down to 2 seconds.');
    expect(findEvidence('Worked on checkout', [first, second], BOTH)).toBeUndefined();
    const retold = story(14, 'We got checkout from 3 seconds down to 800 milliseconds.');
    expect(findEvidence('Worked on checkout', [first, retold], BOTH)?.story.storyId).toBe(12);
  });

  it('reads results said as a next year, an instead of, or a stretch without', () => {
    const turnover = story(15, 'Turnover was awful, like 45% a year. I changed the rota rules, and the next year turnover was 28%.');
    expect(findEvidence('Tasked with reducing turnover', [turnover], BOTH)?.quote).toBe('I changed the rota rules, and the next year turnover was 28%.');
    const stock = story(16, 'We kept running out of stock. After the reorder sheet we had one stock-out a month instead of five or six.');
    expect(findEvidence('Managed stock levels', [stock], BOTH)?.measured).toBe(true);
    const outages = story(17, 'The payments database kept filling up. I wrote a cleanup job and we went six months without a payments outage.');
    expect(findEvidence('Worked on payments database reliability', [outages], BOTH)?.story.storyId).toBe(17);
    const plain = story(18, 'We kept running out of stock, five or six times a month, so I made a reorder sheet instead of the old list.');
    expect(findEvidence('Managed stock levels', [plain], BOTH)).toBeUndefined();
  });
});
