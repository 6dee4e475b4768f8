import { styled } from 'styled-components';

/** Who says a message ("You", "AI"): small capitals above its text. */
export const SpeakerLabel = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: 2px;
`;
