import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_FEATURES, type UserType } from '@story/proto';
import { chosenPlanOf, featuresOfQuery } from './plan-choice.ts';
import { plansPath } from '../../../lib/paths.ts';

const defaults = (userType: UserType) => DEFAULT_PLAN_FEATURES[userType];
const search = (path: string) => new URL(path, 'http://app').searchParams;

/** Issue 39: "Choose …" and every locked screen's "See the plans" lead to the plan page with a plan chosen. */
describe('plan page addresses', () => {
  it('names the plan, or the features a locked screen needs', () => {
    expect(plansPath()).toBe('/plans');
    expect(plansPath({ plan: 'pro' })).toBe('/plans?plan=pro');
    expect(plansPath({ features: ['mockInterviews', 'pdfExport'] })).toBe('/plans?features=mockInterviews%2CpdfExport');
  });

  it('chooses the plan named, else the cheapest with every feature asked for, as the admins set the plans', () => {
    expect(chosenPlanOf(search(plansPath({ plan: 'plus' })), defaults)).toBe('plus');
    expect(chosenPlanOf(search(plansPath({ features: ['resume'] })), defaults)).toBe('plus');
    expect(chosenPlanOf(search(plansPath({ features: ['resume', 'pdfExport'] })), defaults)).toBe('pro');
    expect(chosenPlanOf(search(plansPath({ features: ['voiceReplies'] })), defaults)).toBe('plus');
    // An admin gave mock interviews to Essentials: that is where the page points.
    const changed = (userType: UserType) => ({ ...DEFAULT_PLAN_FEATURES[userType], mockInterviews: userType !== 'standard' });
    expect(chosenPlanOf(search(plansPath({ features: ['mockInterviews'] })), changed)).toBe('plus');
  });

  it('ignores what it does not know: no plan chosen', () => {
    expect(chosenPlanOf(search('/plans?plan=gold'), defaults)).toBeUndefined();
    expect(chosenPlanOf(search('/plans?features=teleport,,'), defaults)).toBeUndefined();
    expect(featuresOfQuery(search('/plans?features=teleport,resume'))).toEqual(['resume']);
    expect(chosenPlanOf(search('/plans'), defaults)).toBeUndefined();
  });
});
