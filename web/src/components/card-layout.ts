import { styled, type DefaultTheme } from 'styled-components';

/** The media query of screens too narrow for the app's tables: their rows become cards. */
export const narrowScreen = ({ theme }: { theme: DefaultTheme }) => `(max-width: calc(${theme.breakpoints.md} - 1px))`;

/**
 * A cell's column name, shown in front of its value only where rows are cards and the column
 * headers cannot be seen. Hidden from screen readers, which still have the (visually hidden) headers.
 */
export const CardLabel = styled.span.attrs({ 'aria-hidden': true })`
  display: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;

  @media ${narrowScreen} {
    display: inline;
  }
`;
