import { renderToStaticMarkup } from 'react-dom/server';
import { LIMITS } from '@story/proto';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../theme.ts';
import { ThreadTitleEditor } from './thread-title-editor.tsx';
import type { ThreadRow } from '../api/threads.graphql.ts';

const THREAD: ThreadRow = {
  id: '12',
  title: 'Leading the migration',
  lastUpdated: '2025-03-04T17:07:00.000Z',
  deleted: false,
  createdAt: '2025-03-01T09:00:00.000Z',
};

function render(editing: boolean, saving = false): string {
  return renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <ThreadTitleEditor thread={THREAD} editing={editing} saving={saving} onEdit={() => {}} onDone={() => {}} />
    </ThemeProvider>,
  );
}

describe('ThreadTitleEditor', () => {
  it('shows the title and a pencil button named "Edit title"', () => {
    const html = render(false);
    expect(html).toContain('Leading the migration');
    expect(html).toMatch(/<button [^>]*aria-label="Edit title"/);
    expect(html).not.toContain('<input');
  });

  it('while editing, shows an input prefilled with the title and bounded by the title limit', () => {
    const html = render(true);
    expect(html).toMatch(/<input [^>]*aria-label="Conversation title"/);
    expect(html).toContain('value="Leading the migration"');
    expect(html).toContain(`maxLength="${LIMITS.title}"`);
    expect(html).not.toContain('readOnly');
    expect(render(true, true)).toContain('readOnly');
  });
});
