import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { formatDateTimeWithZone } from '../../../lib/date-format.ts';
import { theme } from '../../../theme.ts';
import { ThreadTable } from './thread-table.tsx';
import type { ThreadRow } from '../api/threads.graphql.ts';

const THREADS: ThreadRow[] = [
  { id: '12', title: 'Leading the migration', lastUpdated: '2025-03-04T17:07:00.000Z', deleted: false, createdAt: '2025-03-01T09:00:00.000Z' },
  { id: '7', title: 'First job <b>', lastUpdated: '2025-02-01T08:00:00.000Z', deleted: false, createdAt: '2025-02-01T08:00:00.000Z' },
];

function render(threads: ThreadRow[], emptyText = 'No conversations found'): string {
  return renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <ThreadTable
        label="Conversations"
        threads={threads}
        emptyText={emptyText}
        renderTitle={(t) => t.title}
        renderActions={(t) => <button type="button">Continue {t.id}</button>}
      />
    </ThemeProvider>,
  );
}

describe('ThreadTable', () => {
  it('has the four columns in order, with table roles kept explicit', () => {
    const html = render(THREADS);
    const headers = [...html.matchAll(/<th role="columnheader" scope="col">([^<]+)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual(['ID', 'Title', 'Last Updated', 'Actions']);
    expect(html).toContain('role="table"');
    expect(html).toContain('aria-label="Conversations"');
  });

  it('shows one row per thread with id, escaped title, zoned time and actions', () => {
    const html = render(THREADS);
    expect(html.match(/data-thread-id=/g)).toHaveLength(2);
    expect(html).toContain('>12</td>');
    expect(html).toContain('First job &lt;b&gt;');
    expect(html).toContain(`dateTime="2025-03-04T17:07:00.000Z">${formatDateTimeWithZone('2025-03-04T17:07:00.000Z')}</time>`);
    expect(html).toContain('Continue 7');
  });

  it('shows the empty text instead of rows', () => {
    const html = render([], 'No deleted conversations');
    expect(html).toContain('No deleted conversations');
    expect(html).not.toContain('data-thread-id');
  });
});
