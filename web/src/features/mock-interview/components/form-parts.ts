import { css, styled } from 'styled-components';

/** A group of the start form's controls (the requirements, the way to answer), its legend as a label. */
export const Fieldset = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }
`;

/** A checkbox or radio with its words beside it, the whole row clickable. */
export const Choice = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 32px;
  overflow-wrap: anywhere;
  cursor: pointer;

  input {
    flex: none;
    width: 18px;
    height: 18px;
    margin-top: 2px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

export const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Short number fields side by side on wide screens, one under another on phones. */
export const FieldRow = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

/** The actions at the foot of a screen. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

/** The strong/workable badge of a story that fits, and the readiness level's. */
export const Badge = styled.span<{ $tone: 'good' | 'fair' | 'weak' }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  line-height: 1.8;
  white-space: nowrap;
  background: ${({ theme, $tone }) => ($tone === 'good' ? theme.colors.successSoft : $tone === 'fair' ? theme.colors.warningSoft : theme.colors.surfaceMuted)};
  color: ${({ theme, $tone }) => ($tone === 'good' ? theme.colors.success : $tone === 'fair' ? theme.colors.warning : theme.colors.textMuted)};
  border: 1px solid currentColor;
`;

/** A table of figures (the comparison with the previous interview, the readiness board): full width, rows ruled, cells at the top. */
export const dataTableStyles = css`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  th,
  td {
    padding: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
`;
