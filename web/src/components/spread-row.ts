import { css, styled } from 'styled-components';

/** A row that wraps, its items centred across it and pushed apart to its two ends. */
export const spreadRowStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
`;

/** A spread row with the small gap: a toolbar, a card's footer, a form's last line. */
export const SpreadRow = styled.div`
  ${spreadRowStyles}
  gap: ${({ theme }) => theme.space.sm};
`;
