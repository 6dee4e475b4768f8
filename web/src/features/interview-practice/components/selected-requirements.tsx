import { useId } from 'react';
import { styled } from 'styled-components';
import { CardSection } from '../../../components/card-section.ts';
import { PastedText } from '../../../components/pasted-text.ts';

/** "Selected Requirements": the snippet's text as it was pasted (plain text, its line breaks kept). */
export function SelectedRequirements({ text }: { text: string }) {
  const headingId = useId();
  return (
    <CardSection aria-labelledby={headingId}>
      <h2 id={headingId}>Selected Requirements</h2>
      <PastedText $maxHeight={320}>{text}</PastedText>
    </CardSection>
  );
}

/** The two ways to start practising a snippet, side by side from tablets up. */
export const StartButtons = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;
