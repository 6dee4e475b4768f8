import { describe, expect, it } from 'vitest';
import { activeVoice, endedLike, fixedBullet, inventedNumbers, resultClause, strongOpener, trimmed, withResult, withoutJargon } from './bullet-rewrite.ts';

describe('the offline rewrite', () => {
  it('puts a strong verb where the vague one was, and claims no result that was only aimed at', () => {
    expect(strongOpener('Responsible for managing a team of 5 nurses')).toBe('Managed a team of 5 nurses');
    expect(strongOpener('Involved in the planning of the office move')).toBe('Planned the office move with the team');
    expect(strongOpener('Helped customers choose products')).toBe('Guided customers to choose products');
    expect(strongOpener('Tasked with reducing employee turnover')).toBe('Set out to reduce employee turnover');
    expect(strongOpener('Cut costs 10%')).toBe('Cut costs 10%');
  });

  it('turns the passive active, crediting the team when the team did it', () => {
    expect(activeVoice('Reports were prepared weekly for senior management')).toBe('Prepared reports weekly for senior management');
    expect(activeVoice('Customer data was migrated to Salesforce by the team')).toBe('Migrated customer data to Salesforce with the team');
    expect(activeVoice('Built a tool which was adopted by every clinic')).toBe('Built a tool which was adopted by every clinic');
  });

  it('drops buzzword adjectives and leaves nouns it cannot replace for the person', () => {
    expect(withoutJargon('Built a cutting-edge, robust dashboard')).toBe('Built a dashboard');
    expect(withoutJargon('Utilized Excel')).toBe('used Excel');
    expect(fixedBullet('Utilized Excel to track inventory')).toBe('Used Excel to track inventory');
  });

  it('trims a long bullet to its first clause and the clauses with a result', () => {
    const long =
      'Rebuilt the picking routes using order history and shelf heat maps, working closely with the night shift leads and the operations director, which cut pick time from 95 to 60 seconds across both sites';
    // Never cut after a word that wants its noun ("…with no").
    expect(trimmed('Grew a bakery delivery round to nine villages in two years with no van of our own at first', 12)).toBe(
      'Grew a bakery delivery round to nine villages in two years',
    );
    expect(trimmed(long)).toBe(
      'Rebuilt the picking routes using order history and shelf heat maps, which cut pick time from 95 to 60 seconds across both sites',
    );
  });

  it('gives a vague opener a verb that fits its object, or none (never "Developed database issues")', () => {
    expect(fixedBullet('Worked on database issues.')).toBe('Resolved database issues');
    expect(fixedBullet('Worked on the checkout service.')).toBe('Worked on the checkout service');
    expect(fixedBullet('Worked on the checkout service.', { improved: true })).toBe('Improved the checkout service');
    expect(fixedBullet('Helped with patient handovers', { improved: true })).toBe('Improved patient handovers with the team');
    expect(fixedBullet('Worked with hiring managers', { improved: true })).toBe('Worked with hiring managers');
    expect(fixedBullet('Dealt with customer complaints')).toBe('Resolved customer complaints');
    expect(fixedBullet('Responsible for the office move')).toBe('Managed the office move');
    expect(fixedBullet('Responsible for rent arrears')).toBe('Managed rent arrears');
    // People are helped, not resolved or improved; work counted case by case is handled, not improved (issue 38, third round).
    expect(fixedBullet('Helped tenants with repair problems', { improved: true })).toBe('Helped tenants with repair problems');
    expect(fixedBullet('helped tenants fill in claims faster', { improved: true })).toBe('Helped tenants fill in claims faster');
    expect(fixedBullet('Handled housing benefit claims', { improved: true })).toBe('Handled housing benefit claims');
    // An -ing word naming a kind of work is no verb: never "Packed quality" or "Readed sessions".
    expect(fixedBullet('Responsible for packing quality on the late shift')).toBe('Managed packing quality on the late shift');
    expect(fixedBullet('Helped with reading sessions in Year 3', { improved: true })).toBe('Improved reading sessions in Year 3 with the team');
    // An aim ("working on reducing") is a result once the person's story measures it, and only then.
    expect(fixedBullet('Working on reducing waste in the bakery')).toBe('Set out to reduce waste in the bakery');
    expect(fixedBullet('Working on reducing waste in the bakery', { improved: true })).toBe('Reduced waste in the bakery');
    expect(endedLike('Worked on database issues.', 'Resolved database issues')).toBe('Resolved database issues.');
    expect(endedLike('Worked on database issues', 'Resolved database issues.')).toBe('Resolved database issues');
  });

  it('joins the result from the person’s words, and knows a number it made up', () => {
    // Short enough to keep whole: the person's words as said, every figure kept.
    expect(resultClause('I trained the 14 new baristas on a set layout and average prep time came down by about 30 seconds a drink.')).toBe(
      'I trained the 14 new baristas on a set layout and average prep time came down by about 30 seconds a drink',
    );
    expect(withResult('Resolved database issues', 'The report that used to take 45 seconds came back in 1.8 seconds, and rollbacks took half an hour.')).toBe(
      'Resolved database issues; the report that used to take 45 seconds came back in 1.8 seconds, and rollbacks took half an hour',
    );
    expect(withResult('Audited expense claims', 'in the first quarter I caught $45k in duplicate payments')).toBe(
      'Audited expense claims, catching $45k in duplicate payments in the first quarter',
    );
    // A before and an after in two sentences: both kept as one clause, the second up to its last figure.
    expect(withResult('Ran the returns desk', 'The refunds used to take 9 days. Now they take 2, so the complaints dried up.')).toBe(
      'Ran the returns desk; the refunds used to take 9 days, now they take 2',
    );
    // A clause with a second subject of its own is joined whole, never as ", selling it we were…".
    expect(withResult('Built a booking app', 'By the time I sold it we were at about £9,000 a month')).toBe(
      'Built a booking app; by the time I sold it we were at about £9,000 a month',
    );
    expect(inventedNumbers('Cut load time from 3 s to 800 ms, saving $1,200', ['we got it from 3 seconds to 800 milliseconds'])).toEqual(['1200']);
    expect(inventedNumbers('Cut load time from 3 s to 800 ms', ['we got it from 3 seconds to 800 milliseconds'])).toEqual([]);
  });
});
