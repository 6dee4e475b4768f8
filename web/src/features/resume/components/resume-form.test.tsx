import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../theme.ts';
import { draftOf } from '../lib/resume-draft.ts';
import { RESUME_CONTENT } from '@story/testing/fixtures/resumes';
import { ResumeForm } from './resume-form.tsx';

const html = renderToStaticMarkup(
  <ThemeProvider theme={theme}>
    <ResumeForm draft={draftOf(RESUME_CONTENT)} dispatch={() => {}} />
  </ThemeProvider>,
);

describe('ResumeForm', () => {
  it('shows every part of the résumé in fields with labels', () => {
    expect(html).toContain('<legend>Role 1: Senior Engineer at Acme</legend>');
    expect(html).toContain('<legend>Role 2: Engineer at Initech</legend>');
    expect(html).toContain('value="Mar 2021 – Present"');
    expect(html).toContain('>Worked on the checkout page</textarea>');
    expect(html).toContain('>COBOL, TypeScript</textarea>');
    expect(html).toContain('>grace@example.com\nArlington, VA</textarea>');
    expect(html).toContain('<legend>Education 1: Yale</legend>');
    expect(html).toContain('<legend>Section 1: Awards</legend>');
    for (const label of ['Name', 'Summary', 'Title', 'Company', 'Location', 'Dates', 'School', 'Degree', 'Heading']) {
      expect(html, label).toMatch(new RegExp(`<label[^>]*for="[^"]+"[^>]*>${label}</label>`));
    }
  });

  it('names each bullet’s buttons by its number, and cannot move the first up or the last down', () => {
    expect(html).toMatch(/<button(?=[^>]*aria-label="Move bullet 1 up")(?=[^>]*disabled="")/);
    // Acme's first bullet can go down; Initech's only bullet cannot.
    expect(html.match(/aria-label="Move bullet 1 down"/g)).toHaveLength(2);
    expect(html.match(/<button(?=[^>]*aria-label="Move bullet 1 down")(?=[^>]*disabled="")/g)).toHaveLength(1);
    expect(html).toMatch(/<button(?=[^>]*aria-label="Move bullet 2 down")(?=[^>]*disabled="")/);
    expect(html).toContain('aria-label="Remove bullet 2"');
    expect(html.match(/>Add a bullet</g)).toHaveLength(2);
  });
});
