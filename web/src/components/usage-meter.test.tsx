import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_FEATURES, type UsageResponse } from '@story/proto';
import { theme } from '../theme.ts';
import { UsageMeter } from './usage-meter.tsx';

const usage = (usedSeconds: number, monthlyMinutes = 120): UsageResponse => ({
  userType: 'standard',
  monthlyMinutes,
  usedSeconds,
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  features: DEFAULT_PLAN_FEATURES.standard,
});
const render = (value: UsageResponse) =>
  renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <UsageMeter usage={value} />
    </ThemeProvider>,
  );

describe('UsageMeter', () => {
  it('shows "38 of 120 minutes used this month" after 37:59 as a meter named by that text, without a warning below 80 %', () => {
    const html = render(usage(37 * 60 + 59));
    expect(html).toContain('38 of 120 minutes used this month');
    const labelId = /<span id="([^"]+)">38 of 120/.exec(html)?.[1];
    expect(labelId).toBeTruthy();
    expect(html).toMatch(new RegExp(`<meter aria-labelledby="${labelId}" min="0" max="7200"[^>]* value="2279"`));
    expect(html).not.toContain('role="status"');
  });

  it('never says 0 minutes once anything was recorded: 73 seconds are 2 minutes used (issue 39, 7)', () => {
    expect(render(usage(73))).toContain('2 of 120 minutes used this month');
    expect(render(usage(0))).toContain('0 of 120 minutes used this month');
  });

  it('warns from 80 % on with what is left and when it renews', () => {
    const html = render(usage(96 * 60));
    expect(html).toContain('role="status"');
    expect(html).toContain('You have 24 of your 120 minutes left this month. They renew on 1 December.');
  });
});
