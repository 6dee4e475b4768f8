import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../theme.ts';
import { resumeFixture, suggestionFixture } from '@story/testing/fixtures/resumes';
import { ExperienceView, type SuggestionActions } from './resume-view.tsx';
import { UploadProgressBar } from './upload-progress.tsx';

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <MemoryRouter>{node}</MemoryRouter>
    </ThemeProvider>,
  );

const actions = (overrides: Partial<SuggestionActions> = {}): SuggestionActions => ({
  suggestions: [suggestionFixture()],
  acting: null,
  onAccept: () => {},
  onDismiss: () => {},
  ...overrides,
});

/** The markup of one bullet's list item, found by its text. */
const itemOf = (html: string, text: string) => html.split('data-testid="resume-bullet"').find((part) => part.includes(text)) ?? '';

describe('ExperienceView', () => {
  it('shows each role and its bullets, with the suggestion beside the weak one: weaknesses, rewrite and the quoted story linked to its thread', () => {
    const html = render(<ExperienceView resume={resumeFixture()} actions={actions()} />);
    expect(html).toContain('Senior Engineer');
    expect(html).toContain('Acme · Remote');
    expect(html).toContain('Led hiring of four engineers');
    expect(html).toContain('&quot;Worked on&quot; does not say what you did.');
    expect(html).toContain('Cut the checkout page’s load time from 3 seconds to 800 milliseconds');
    expect(html).toContain('From your story: “we cut the load time from 3 seconds to 800 milliseconds”');
    expect(html).toContain('href="/recording?mode=continue&amp;threadId=12"');
    expect(html.match(/data-testid="suggestion"/g)).toHaveLength(1);
    expect(html).toMatch(/<button[^>]*aria-describedby="bullet-b-checkout"[^>]*>Accept<\/button>/);
    expect(html).toMatch(/<button[^>]*aria-describedby="bullet-b-checkout"[^>]*>Dismiss<\/button>/);
  });

  it('offers "Tell the story behind this line" on every bullet, as a button in a suggestion that asks for more', () => {
    const plain = render(<ExperienceView resume={resumeFixture()} actions={actions({ suggestions: [] })} />);
    expect(plain.match(/>Tell the story behind this line</g)).toHaveLength(3);
    expect(plain).toContain('href="/welcome?resume=7&amp;bullet=b-hiring"');

    const asking = suggestionFixture({ evidence: null, toAdd: 'How much faster did the page get?' });
    const html = render(<ExperienceView resume={resumeFixture()} actions={actions({ suggestions: [asking] })} />);
    const item = itemOf(html, 'Worked on the checkout page');
    expect(item).toContain('To make it stronger, add: How much faster did the page get?');
    expect(item).toMatch(/<button[^>]*>Tell the story behind this line<\/button>/);
    expect(item).not.toContain('href="/welcome?resume=7&amp;bullet=b-checkout"');
    expect(item).not.toContain('From your story');
  });

  it('offers no rewrite to accept when it would leave the line as it is', () => {
    const same = suggestionFixture({ rewrite: 'Worked on the checkout page', evidence: null, toAdd: 'Add a number.' });
    const item = itemOf(render(<ExperienceView resume={resumeFixture()} actions={actions({ suggestions: [same] })} />), 'Worked on the checkout page');
    expect(item).not.toContain('Try instead');
    expect(item).not.toMatch(/>Accept<\/button>/);
    expect(item).toMatch(/>Dismiss<\/button>/);
    expect(item).toContain('To make it stronger, add: Add a number.');
  });

  it('holds every suggestion’s buttons while one is being accepted', () => {
    const html = render(<ExperienceView resume={resumeFixture()} actions={actions({ acting: 's-b-checkout-1a2b' })} />);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-busy="true"[^>]*>.*Accept<\/button>/);
  });
});

describe('UploadProgressBar', () => {
  it('is a progress bar with the share of bytes sent, then says the file is being read', () => {
    const sending = render(<UploadProgressBar phase={{ step: 'sending', percent: 42, fileName: 'grace.pdf' }} />);
    expect(sending).toMatch(/role="progressbar"[^>]*aria-valuemin="0"[^>]*aria-valuemax="100"[^>]*aria-valuenow="42"/);
    expect(sending).toContain('Uploading your résumé... 42%');
    expect(sending).toContain('grace.pdf');
    const reading = render(<UploadProgressBar phase={{ step: 'reading', fileName: 'grace.pdf' }} />);
    expect(reading).toContain('aria-valuenow="100"');
    expect(reading).toContain('Reading your résumé...');
  });
});
