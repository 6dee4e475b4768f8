import { describe, expect, it } from 'vitest';
import { baseOfGerund, ingOfPast, pastOf, pastOfGerund } from './verb-forms.ts';

describe('verb forms', () => {
  it('turns an -ing form into the past tense a bullet starts with', () => {
    const pairs = {
      managing: 'managed',
      planning: 'planned',
      creating: 'created',
      building: 'built',
      handling: 'handled',
      interviewing: 'interviewed',
      copying: 'copied',
    };
    for (const [gerund, past] of Object.entries(pairs)) expect(pastOfGerund(gerund), gerund).toBe(past);
    expect(baseOfGerund('reducing')).toBe('reduce');
    expect(pastOf('lead')).toBe('led');
    expect(pastOf('read')).toBe('read');
    expect(pastOf('deal')).toBe('dealt');
  });

  it('turns a past tense into the -ing form a result is joined with, and refuses what is not one', () => {
    const pairs = { reduced: 'reducing', got: 'getting', dropped: 'dropping', caught: 'catching', launched: 'launching', carried: 'carrying' };
    for (const [past, ing] of Object.entries(pairs)) expect(ingOfPast(past), past).toBe(ing);
    expect(ingOfPast('the')).toBeUndefined();
    expect(ingOfPast('need')).toBeUndefined();
  });
});
