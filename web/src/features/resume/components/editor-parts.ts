import { styled } from 'styled-components';
import { Button } from '../../../components/button.ts';

/** A group of fields (a role, an education entry, a section) with its legend. */
export const PartFieldset = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space.sm};
  }

  legend {
    padding: 0 ${({ theme }) => theme.space.xs};
    font-weight: 700;
    overflow-wrap: anywhere;
  }
`;

/** Fields two by two on wide screens, one under the other on phones. */
export const FieldPairs = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

/** The buttons under a group of fields (add, remove). */
export const PartActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** A small square button for one action on one line (move, remove), named by its aria-label. */
export const IconButton = styled(Button).attrs({ $variant: 'secondary' as const })`
  min-height: 40px;
  min-width: 40px;
  padding: 0 ${({ theme }) => theme.space.sm};
`;

/** A quiet button that removes a part. */
export const RemoveButton = styled(Button).attrs({ $variant: 'ghost' as const })`
  color: ${({ theme }) => theme.colors.danger};
  justify-self: start;
`;

export const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
