import { styled } from 'styled-components';
import { narrowScreen } from '../../components/card-layout.ts';
import { visuallyHiddenStyles } from '../../components/visually-hidden.ts';

export { CardSection as Section } from '../../components/card-section.ts';

/** Scrolls a table that is wider than its card; it takes focus, so keyboard users can scroll it too (name it with aria-labelledby). */
export const TableScroll = styled.div.attrs({ tabIndex: 0 })`
  overflow-x: auto;
`;

/**
 * The admin tables. Below 768 px each row becomes a card: its first cell as the card's title, then
 * one line per cell, labelled (CardLabel) where its column header cannot be seen, controls full width.
 */
export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  th,
  td {
    text-align: left;
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: middle;
  }
  thead th {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    white-space: nowrap;
  }
  tbody th {
    font-weight: 600;
  }
  tbody tr:last-child > * {
    border-bottom: 0;
  }

  @media ${narrowScreen} {
    display: block;
    font-size: ${({ theme }) => theme.fontSizes.md};

    thead {
      ${visuallyHiddenStyles}
    }
    tbody,
    tr {
      display: grid;
    }
    tbody {
      gap: ${({ theme }) => theme.space.sm};
    }
    tr {
      gap: ${({ theme }) => theme.space.sm};
      padding: ${({ theme }) => theme.space.md};
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radii.md};
    }
    && th,
    && td {
      display: grid;
      gap: ${({ theme }) => theme.space.xs};
      padding: 0;
      border: 0;
      overflow-wrap: anywhere;
    }
    tbody tr > :first-child {
      font-size: ${({ theme }) => theme.fontSizes.lg};
      font-weight: 700;
    }
    input,
    select,
    button {
      width: 100%;
    }
  }
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
