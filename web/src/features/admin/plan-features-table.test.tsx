import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_FEATURES, PDF_DOWNLOADS, PLAN_FEATURE_NAMES, USER_TYPES } from '@story/proto';
import { theme } from '../../theme.ts';
import { PlanFeaturesTable } from './plan-features-table.tsx';

const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
const settings = USER_TYPES.map((userType) => ({
  userType,
  timeLimit: 300,
  responseType: 'text' as const,
  monthlyMinutes: 120,
  features: DEFAULT_PLAN_FEATURES[userType],
}));
const html = renderToStaticMarkup(
  <ApolloProvider client={client}>
    <ThemeProvider theme={theme}>
      <PlanFeaturesTable settings={settings} labelledBy="plans" />
    </ThemeProvider>
  </ApolloProvider>,
);
/** The markup of one feature's row. */
const rowOf = (feature: string) => html.match(new RegExp(`<tr[^>]*data-testid="plan-feature-${feature}".*?</tr>`, 's'))?.[0] ?? '';

/** Issue 36, 4: the plan table says what each PDF needs, from the table the services' gates read. */
describe('PlanFeaturesTable', () => {
  it('says under Export to PDF which PDFs it gives and what else each needs', () => {
    const row = rowOf('pdfExport');
    expect(row).toContain(PLAN_FEATURE_NAMES.pdfExport);
    for (const pdf of Object.values(PDF_DOWNLOADS)) {
      expect(row).toContain(pdf.name.toLowerCase());
      for (const feature of pdf.needs.filter((need) => need !== 'pdfExport')) expect(row).toContain(PLAN_FEATURE_NAMES[feature]);
    }
    // The note describes the row header, for a screen reader reaching a checkbox of the row.
    expect(row).toMatch(/aria-describedby="[^"]+"/);
  });

  it('adds no note where the name says it all', () => {
    expect(rowOf('mockInterviews')).not.toContain('aria-describedby');
  });
});
