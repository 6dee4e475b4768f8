import { useId } from 'react';
import { styled } from 'styled-components';
import { CardSection } from '../../../components/card-section.ts';

const Text = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  max-height: 320px;
  overflow-y: auto;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.6;
`;

/** "Selected Requirements": the snippet's text as it was pasted (plain text, its line breaks kept). */
export function SelectedRequirements({ text }: { text: string }) {
  const headingId = useId();
  return (
    <CardSection aria-labelledby={headingId}>
      <h2 id={headingId}>Selected Requirements</h2>
      <Text>{text}</Text>
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
