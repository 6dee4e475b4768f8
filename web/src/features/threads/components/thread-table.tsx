import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { CardLabel, narrowScreen as narrow } from '../../../components/card-layout.ts';
import { visuallyHiddenStyles } from '../../../components/visually-hidden.ts';
import { formatDateTimeWithZone } from '../../../lib/date-format.ts';
import type { ThreadRow } from '../api/threads.graphql.ts';

/** Spec section 2: ID 60 px, title flexible (min 200 px), Last Updated 200 px, Actions 200 px. */
const COLUMNS = '60px minmax(200px, 1fr) 200px 200px';

const Scroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};

  @media ${narrow} {
    overflow-x: visible;
  }
`;

// The rows are laid out as a CSS grid; explicit roles keep the table semantics that some browsers
// drop once a table's display changes.
const Table = styled.table`
  display: block;
  min-width: 660px;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  /* Below 768 px the four columns do not fit: each row becomes a card, the title and its id on top,
     when it was last updated, then the actions, full width and in view. */
  @media ${narrow} {
    min-width: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};

    thead {
      ${visuallyHiddenStyles}
    }
    && tr {
      grid-template-columns: minmax(0, 1fr) auto;
      grid-template-areas: 'title id' 'date date' 'actions actions';
      gap: ${({ theme }) => theme.space.xs};
      padding: ${({ theme }) => theme.space.md};
    }
    && th,
    && td {
      padding: 0;
    }
  }

  thead,
  tbody {
    display: block;
  }
  tr {
    display: grid;
    grid-template-columns: ${COLUMNS};
    align-items: center;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  tbody tr:last-child {
    border-bottom: 0;
  }
  th,
  td {
    display: block;
    padding: ${({ theme }) => theme.space.sm} 0.75rem;
    text-align: left;
    min-width: 0;
  }
  thead th {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    white-space: nowrap;
  }
  tbody tr:hover {
    background: ${({ theme }) => theme.colors.background};
  }
`;

const IdCell = styled.td`
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;

  @media ${narrow} {
    grid-area: id;
    align-self: start;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const TitleCell = styled.td`
  @media ${narrow} {
    grid-area: title;
    font-weight: 600;
  }
`;

// `&&` outweighs the table's `th, td` rule.
const EmptyCell = styled.td`
  && {
    grid-column: 1 / -1;
    color: ${({ theme }) => theme.colors.textMuted};
    text-align: center;
    padding: ${({ theme }) => theme.space.lg};
  }
`;

const DateCell = styled.td`
  && {
    white-space: nowrap;
    font-size: 0.8125rem;
    font-variant-numeric: tabular-nums;
  }

  @media ${narrow} {
    && {
      grid-area: date;
      white-space: normal;
      font-size: ${({ theme }) => theme.fontSizes.sm};
    }
  }
`;

const ActionsCell = styled.td`
  && {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    padding-left: ${({ theme }) => theme.space.sm};
    padding-right: ${({ theme }) => theme.space.sm};
  }

  /* Full-width buttons, big enough for a thumb. */
  @media ${narrow} {
    && {
      grid-area: actions;
      gap: ${({ theme }) => theme.space.sm};
      padding: ${({ theme }) => theme.space.sm} 0 0;
    }
    && > button {
      flex: 1 1 0;
      min-height: 40px;
    }
  }
`;

export interface ThreadTableProps {
  /** The table's accessible name. */
  label?: string;
  labelledBy?: string;
  threads: readonly ThreadRow[];
  emptyText: string;
  renderTitle: (thread: ThreadRow) => ReactNode;
  renderActions: (thread: ThreadRow) => ReactNode;
}

/** One table of threads: ID, Title, Last Updated ("MMM d, yyyy h:mm a" and a short zone), Actions. */
export function ThreadTable({ label, labelledBy, threads, emptyText, renderTitle, renderActions }: ThreadTableProps) {
  return (
    <Scroll>
      <Table role="table" aria-label={label} aria-labelledby={labelledBy}>
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- the rows are a CSS grid: see Table above */}
        <thead role="rowgroup">
          <tr role="row">
            <th role="columnheader" scope="col">
              ID
            </th>
            <th role="columnheader" scope="col">
              Title
            </th>
            <th role="columnheader" scope="col">
              Last Updated
            </th>
            <th role="columnheader" scope="col">
              Actions
            </th>
          </tr>
        </thead>
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- the rows are a CSS grid: see Table above */}
        <tbody role="rowgroup">
          {threads.length === 0 ? (
            <tr role="row">
              <EmptyCell role="cell">{emptyText}</EmptyCell>
            </tr>
          ) : (
            threads.map((thread) => (
              <tr role="row" key={thread.id} data-thread-id={thread.id}>
                <IdCell role="cell">
                  <CardLabel>ID </CardLabel>
                  {thread.id}
                </IdCell>
                <TitleCell role="cell">{renderTitle(thread)}</TitleCell>
                <DateCell role="cell">
                  <CardLabel>Last updated </CardLabel>
                  <time dateTime={thread.lastUpdated}>{formatDateTimeWithZone(thread.lastUpdated)}</time>
                </DateCell>
                <ActionsCell role="cell">{renderActions(thread)}</ActionsCell>
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </Scroll>
  );
}
