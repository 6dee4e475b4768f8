import { styled } from 'styled-components';
import { CardSection } from '../../../components/card-section.ts';

/** One part of the editor, in a card. */
export const EditorCard = styled(CardSection)`
  align-content: start;
`;

/** Muted help under a heading or a field. */
export const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** A group of choices (radios, checkboxes) with its legend. */
export const ChoiceGroup = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;

/** A checkbox or radio with its label beside it; a second line of detail may follow. */
export const Choice = styled.label`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  align-items: start;
  gap: ${({ theme }) => theme.space.sm};
  cursor: pointer;

  input {
    width: 1.125rem;
    height: 1.125rem;
    margin: 0.2rem 0 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;
