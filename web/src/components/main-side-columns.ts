import { styled } from 'styled-components';

/** A page's work and what goes beside it: one column on narrow screens, side by side (3 : 2) from the large breakpoint on. */
export const MainSideColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  }
`;
