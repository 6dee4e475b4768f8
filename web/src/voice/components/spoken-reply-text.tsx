import { displayWords } from '@story/proto';
import { styled } from 'styled-components';

const SpokenText = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  /* The word being said: solid accent, so it stands out from either bubble by far more than 3:1. */
  mark {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    border-radius: 3px;
    box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.primary};
  }
`;

/** A reply as it is spoken: its words, the one being said marked (also a mock interviewer's line). */
export function SpokenReplyText({ text, wordIndex }: { text: string; wordIndex: number }) {
  const words = displayWords(text);
  return (
    <SpokenText data-testid="spoken-reply">
      {words.map((word, index) => (
        <span key={index}>
          {index === wordIndex ? <mark>{word}</mark> : word}
          {index < words.length - 1 ? ' ' : ''}
        </span>
      ))}
    </SpokenText>
  );
}
