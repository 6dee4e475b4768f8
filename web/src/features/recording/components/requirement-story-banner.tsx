import { styled } from 'styled-components';

const Banner = styled.p`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

/** "Telling a story for: “…”": the requirement the person had no story for (a mock interview's "No story yet: tell one"). */
export function RequirementStoryBanner({ requirement }: { requirement: string }) {
  return <Banner data-testid="requirement-story-banner">Telling a story for: “{requirement}”</Banner>;
}
