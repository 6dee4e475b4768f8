import type { PublicProfileContent } from '@story/proto';
import { renderProfilePage } from '@story/profile/profile-page';
import { useMemo } from 'react';
import { styled } from 'styled-components';
import { cardSurfaceStyles } from '../../../components/card-section.ts';

const Frame = styled.iframe`
  display: block;
  width: 100%;
  height: min(75vh, 48rem);
  ${cardSurfaceStyles}
  background: ${({ theme }) => theme.colors.surface};

  @media (max-width: ${({ theme }) => theme.breakpoints.lg}) {
    height: 36rem;
  }
`;

/**
 * The page as visitors will see it, rendered by the same function the profile service serves
 * `/p/{slug}` with, in a sandboxed frame (no script runs there; the person's text is escaped).
 */
export function ProfilePreview({ content, url }: { content: PublicProfileContent; url: string }) {
  const html = useMemo(() => renderProfilePage(content, { url }), [content, url]);
  return <Frame title="Preview of your public profile" srcDoc={html} sandbox="" data-testid="profile-preview" />;
}
