import { styled } from 'styled-components';

/** Text as the person pasted it (a snippet's requirements): its line breaks kept, long words wrapped, scrolled past `$maxHeight` pixels. */
export const PastedText = styled.p<{ $maxHeight: number }>`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  max-height: ${({ $maxHeight }) => $maxHeight}px;
  overflow-y: auto;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.6;
`;
