import { css, styled } from 'styled-components';

/** The white card look: surface, border, large corners and the card shadow. */
export const cardSurfaceStyles = css`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

/** A white card that groups one part of a page (a table, the conversation), with its h2 sized to match. */
export const CardSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  ${cardSurfaceStyles}

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;
