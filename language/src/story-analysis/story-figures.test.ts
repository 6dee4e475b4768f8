import { describe, expect, it } from 'vitest';
import { firstNumber, hasNumber, isMeasurable, statesMeasuredResult } from './story-figures.ts';
import { classify } from './story-signals.ts';

describe('figures', () => {
  it('picks the most telling figure', () => {
    expect(firstNumber('Deploys took 6 minutes instead of 45 minutes and failures fell by 70%.')).toBe('70%');
    expect(firstNumber('We saved £12,000.')).toBe('£12,000');
    expect(firstNumber('It went well.')).toBeUndefined();
  });

  it('finds a figure wherever it stands, and tells a result that could have one', () => {
    expect(hasNumber('I led a team of 200 people.')).toBe(true);
    expect(hasNumber('I led a big team.')).toBe(false);
    expect(isMeasurable('The page got much faster.')).toBe(true);
    expect(isMeasurable('She thanked me.')).toBe(false);
  });
});

/** How each text reads: [text, a result in the story, a measured result]. */
const asResult = (texts: readonly string[]) => texts.map((text) => [text, classify(text).has('result'), statesMeasuredResult(text)]);

const SIZES = [
  'I worked at a company of about 200 people.',
  'I led a team of 200 people at a bank.',
  'We had 300 tickets a day piling up in the support queue.',
  'Our app had 2 million users and the login kept failing.',
  'About 40% of our customers were leaving in their first month.',
  'The database was down for 3 hours.',
  'We had a budget of $50k and 6 weeks.',
  'I grew up in a town of 5000 people.',
  'I reached out to 200 customers.',
  'We were hit by 300 tickets a day.',
  'I worked there from 2019 to 2021.',
];
const CHANGES = [
  'We cut onboarding time by 40%.',
  'Sign-ups grew to 200 users in a month.',
  'It saved 3 hours a week for every analyst.',
  'Support tickets dropped from 300 to 40 a day.',
  'Response times went from 2 seconds to 200 ms.',
  'Page loads are now 3x faster.',
  'Churn fell 12% after the change.',
  'We raised £12,000 for the food bank, 3x our target.',
  'Incidents went down by 35% in a quarter.',
  'We reached 10,000 users in six weeks.',
  'That was a 30% drop in returns.',
  'About 200 people signed up in the first week.',
  'NPS rose from 20 to 45.',
];

describe('figures: a result needs an outcome or a change', () => {
  it('takes a count that sizes the situation for the scene, not for a result', () => {
    expect(asResult(SIZES)).toEqual(SIZES.map((text) => [text, false, false]));
  });

  it('takes a figure with an outcome verb or a change for a measured result', () => {
    expect(asResult(CHANGES)).toEqual(CHANGES.map((text) => [text, true, true]));
  });

  it('picks the figure of the result, not the size of the scene', () => {
    expect(firstNumber('With a team of 200 people we saved 3 hours a week.')).toBe('3 hours');
    expect(firstNumber('For 2 million users, we cut page load time by 2 seconds.')).toBe('2 seconds');
  });
});
