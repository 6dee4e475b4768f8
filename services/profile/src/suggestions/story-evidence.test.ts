import { describe, expect, it } from 'vitest';
import type { MatchedStory } from '@story/proto/resume-subjects';
import { creditedToOthers, findEvidence, tellsBeforeAndAfter, tellsMeasuredOutcome, type MissingFacts } from './story-evidence.ts';

const story = (storyId: number, content: string, relevance = 0.6): MatchedStory => ({ storyId, threadId: storyId * 10, content, relevance });
const BOTH: MissingFacts = { figure: true, result: true };
const ask = (bullet: string, missing: MissingFacts = BOTH, toldFor?: number[]) => ({ bullet, missing, toldFor: toldFor ? new Set(toldFor) : undefined });

describe('findEvidence (sentence encoder and the bullet’s words, over whole stories)', () => {
  it('quotes the measured outcome of a story about the bullet, as the story words it', async () => {
    const told = story(1, 'So basically the stockroom was a disaster. My manager was not convinced. In the end we got shrinkage from 3% down to 1%.');
    const found = await findEvidence(ask('In charge of the stockroom'), [told]);
    expect(found?.quote).toBe('In the end we got shrinkage from 3% down to 1%.');
  });

  it('counts a figure told two turns after the bullet’s words, and keeps its decimals', async () => {
    const told = story(
      2,
      'The month-end reports were timing out for our bigger customers. It was a database problem, basically.\n\nI added a composite index on account and date.\n\nThe report that used to take 45 seconds came back in 1.8 seconds, and we stopped getting timeout tickets.',
    );
    const found = await findEvidence(ask('Worked on database issues.'), [told]);
    expect(found?.quote).toBe('The report that used to take 45 seconds came back in 1.8 seconds, and we stopped getting timeout tickets.');
  });

  it('quotes no team size, date or scope, and no story about something else', async () => {
    const team = story(3, 'The stockroom was a disaster when I started. There were five of us and it ran from March to September 2022.');
    const run = story(4, 'I ran my first half marathon in 1 hour 58 minutes, which cut my best time by 10 minutes.');
    expect(await findEvidence(ask('In charge of the stockroom'), [team, run])).toBeUndefined();
    const move = story(5, 'We moved 35 people from two floors in Shoreditch to one floor in Clerkenwell in August 2022.');
    expect(await findEvidence(ask('Responsible for the office move'), [move])).toBeUndefined();
  });

  it('quotes no result without its figure: "they seemed happier" is for the person to measure', async () => {
    const unmeasured = story(6, 'I held an intake call with every hiring manager. I think it helped, they seemed happier and we had fewer arguments.');
    expect(await findEvidence(ask('Worked with hiring managers'), [unmeasured])).toBeUndefined();
  });

  it('asks nothing of a bullet that lacks no fact, and skips stories outside a thread or of low relevance', async () => {
    const told = story(7, 'We got checkout from 3 seconds down to 800 milliseconds.');
    expect(await findEvidence(ask('Worked on checkout', { figure: false, result: false }), [told])).toBeUndefined();
    expect(await findEvidence(ask('Worked on checkout'), [{ ...told, threadId: null }])).toBeUndefined();
    expect(await findEvidence(ask('Worked on checkout'), [{ ...told, relevance: 0.1 }])).toBeUndefined();
    expect((await findEvidence(ask('Worked on checkout'), [told]))?.story.storyId).toBe(7);
  });

  it('names the thing only as a means is not naming it ("by moving the fast movers" for an office move)', async () => {
    const picking = story(8, 'In the warehouse we cut pick time from 95 to 60 seconds by moving the fast movers next to the packing benches.');
    expect(await findEvidence(ask('Managed the office move'), [picking])).toBeUndefined();
    const automated = story(9, 'The weekly reports took two days. We cut that to 1 hour by automating the reports with a script.');
    expect((await findEvidence(ask('Automated the weekly reports'), [automated]))?.story.storyId).toBe(9);
  });

  it('abstains when two stories with different figures compete closely, and not when they tell the same result', async () => {
    const first = story(12, 'We got checkout from 3 seconds down to 800 milliseconds.');
    const second = story(13, 'We got checkout from 5 seconds down to 2 seconds.');
    expect(await findEvidence(ask('Worked on checkout'), [first, second])).toBeUndefined();
    const retold = story(14, 'We got checkout from 3 seconds down to 800 milliseconds.');
    expect((await findEvidence(ask('Worked on checkout'), [first, retold]))?.story.storyId).toBe(12);
  });

  it('quotes the story told for that very bullet first, even when another seems closer', async () => {
    const other = story(15, 'We got checkout from 3 seconds down to 800 milliseconds.');
    const toldFor = story(16, 'That line is about the payment page.\n\nConversion went from 2.1% to 2.9% after the redesign.', 0.3);
    expect((await findEvidence(ask('Worked on checkout', BOTH, [160]), [other, toldFor]))?.story.storyId).toBe(16);
  });
});

describe('tellsMeasuredOutcome', () => {
  it('reads outcomes as people say them, and not scope', () => {
    for (const said of [
      'Turnover was 45% a year, and the next year turnover was 28%.',
      'We had one stock-out a month instead of five or six.',
      'We went six months without a payments outage.',
      'In six months we were at 25,000 followers.',
      'Open rates went from 14% to 29% over six months.',
      'It used to take 12 hours and now it is ready at 7am.',
      'So seven of the nine from that cohort signed up for the full course afterwards.',
    ])
      expect(tellsMeasuredOutcome(said), said).toBe(true);
    for (const said of [
      'In March churn jumped, and when I split it by channel most of it came from one affiliate.',
      'There were five of us on it from March to September.',
      'I interviewed about 50 candidates in 2022.',
      'We moved 35 people from two floors to one floor.',
    ])
      expect(tellsMeasuredOutcome(said), said).toBe(false);
  });
});

describe('a before and an after told in two sentences (issue 38, second round)', () => {
  it('is one outcome when one sentence sets the before apart, or the second refers back to it', () => {
    expect(tellsBeforeAndAfter('When I took over the desk we had 300 unread emails every Monday.', 'Six weeks later it was zero most weeks.')).toBe(true);
    expect(tellsBeforeAndAfter('Stock counts used to be off by 40 items a week.', 'By the summer we were off by 5.')).toBe(true);
    expect(tellsBeforeAndAfter('We were refunding around $8,000 a month.', 'After the new checklist it was about $1,500.')).toBe(true);
    // Two figures side by side that are no change: a team and a date, a count and a size.
    expect(tellsBeforeAndAfter('There were 12 of us on the project.', 'We shipped it in 2023 for 40 clinics.')).toBe(false);
    expect(tellsBeforeAndAfter('I joined with a team of 8.', 'After three months we launched 2 new products.')).toBe(false);
  });

  it('quotes both sentences, so that neither figure is lost, and never across two turns', async () => {
    const told = story(
      30,
      'The call centre kept dropping calls when the queue got long.\n\nI split the queue by topic and added a callback option.\n\nBack then about 1 call in 6 was abandoned. Last month it was 1 in 25.',
    );
    const found = await findEvidence(ask('Worked on the call centre queue'), [told]);
    expect(found?.quote).toBe('Back then about 1 call in 6 was abandoned. Last month it was 1 in 25.');
    const split = story(31, 'The call centre kept dropping calls, about 1 call in 6 back then.\n\nLast month it was 1 in 25.');
    expect((await findEvidence(ask('Worked on the call centre queue'), [split]))?.quote).not.toBe('about 1 call in 6 back then.\n\nLast month it was 1 in 25.');
  });
});

describe('a before and an after told in other orders (issue 38, third round)', () => {
  it('pairs an after with a before that refers back, two years side by side, and a before said in the present tense', () => {
    expect(tellsBeforeAndAfter('Sales came in at 3,400 units for the quarter.', 'The quarter before it had been 2,100.')).toBe(true);
    expect(tellsBeforeAndAfter('In 2024 we had only 41 late deliveries.', 'In 2023 there were 90.')).toBe(true);
    expect(tellsBeforeAndAfter('Waiting time is now 12 minutes.', 'When I start here it was 30 minutes.')).toBe(true);
    // One year, two facts: no change between them.
    expect(tellsBeforeAndAfter('In 2024 we hired 6 people.', 'In 2024 we also opened 2 sites.')).toBe(false);
  });
});

describe('outcomes that are someone else’s work (issue 38, third round)', () => {
  it('are credited to a colleague, a manager, a body or a team, in the sentence or beside it', () => {
    expect(creditedToOthers('My colleague Priya cut the backlog from 400 to 150.')).toBe(true);
    expect(creditedToOthers('The council changed the rules and visits went up 20%.')).toBe(true);
    expect(creditedToOthers('The company cut its energy use by 12% over three years.')).toBe(true);
    expect(creditedToOthers('About 300 people came, but that was the events team’s thing.'.replace('’', "'"))).toBe(true);
    expect(creditedToOthers('Complaints fell from 30 to 12 a month.', ['The new area manager brought in a script for it.'])).toBe(true);
  });

  it('are the person’s own when they did it, whoever is named after the figure or only speaks of it', () => {
    expect(creditedToOthers('Accessories sales were up 23% on last year, so they rolled it out everywhere.')).toBe(false);
    expect(creditedToOthers('I cut the backlog from 400 to 150, which my boss says is a record.')).toBe(false);
    expect(creditedToOthers('My manager timed it: the average wait went from about 11 minutes to under 5.')).toBe(false);
    expect(creditedToOthers('We cut complaints from 30 to 12 a month.', ['The new area manager brought in a script for it.'])).toBe(false);
  });

  it('are the person’s when either sentence of a before and an after says "I" or "we"', async () => {
    const told = story(
      42,
      'Back then refunds took 9 days because my manager signed off each of the 40 a week. I got it down to one approver and now they go out in 2 days.',
    );
    expect((await findEvidence(ask('Handled customer refunds'), [told]))?.story.storyId).toBe(42);
  });

  it('are never quoted as the person’s evidence', async () => {
    const colleague = story(
      40,
      'I look after the stockroom with two others.\n\nMy colleague Sam moved the fast sellers to the front and shrinkage went from 3% to 1%.',
    );
    expect(await findEvidence(ask('In charge of the stockroom'), [colleague])).toBeUndefined();
    const own = story(41, 'I look after the stockroom with two others.\n\nI moved the fast sellers to the front and shrinkage went from 3% to 1%.');
    expect((await findEvidence(ask('In charge of the stockroom'), [own]))?.quote).toBe(
      'I moved the fast sellers to the front and shrinkage went from 3% to 1%.',
    );
  });
});
