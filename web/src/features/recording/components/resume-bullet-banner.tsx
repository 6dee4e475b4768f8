import { styled } from 'styled-components';

const Banner = styled.p`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
`;

/** "Telling the story behind: “…”": the résumé line the conversation is about (issue 22). */
export function ResumeBulletBanner({ text }: { text: string }) {
  return <Banner data-testid="resume-bullet-banner">Telling the story behind: “{text}”</Banner>;
}
