import { styled } from 'styled-components';
import { pillButtonStyles } from './pill-button.ts';
import { SpeakerLabel } from '../../../components/speaker-label.ts';

const Again = styled.button`
  ${pillButtonStyles}
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
`;

const Question = styled.div`
  max-width: min(75ch, 85%);
  justify-self: start;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  overflow-wrap: anywhere;
`;

/** "Answer this again": the coach asks the same question, and the next answer is another attempt at it. */
export function AnswerAgainButton({ onClick }: { onClick: () => void }) {
  return (
    <Again type="button" onClick={onClick}>
      Answer this again
    </Again>
  );
}

/** The coach's question, asked again for another attempt. */
export function AskedAgain({ question }: { question: string }) {
  return (
    <Question data-testid="asked-again">
      <SpeakerLabel>AI · asked again</SpeakerLabel>
      <p>{question}</p>
    </Question>
  );
}
