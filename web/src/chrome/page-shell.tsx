import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { AppHeader, type AppHeaderProps } from './app-header.tsx';
import { PageFrame } from './page-frame.tsx';
import { MAIN_CONTENT_ID } from './skip-link.tsx';

const Main = styled.main`
  width: 100%;
  max-width: ${({ theme }) => theme.sizes.welcome};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.lg}`};
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space.lg};

  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => `${theme.space.lg} ${theme.space.md}`};
  }
`;

export const PageTitle = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
`;

/** A signed-in page: the shared header, the page's main landmark with its title, and the footer. */
export function PageShell({ title, children, onHome, logoutViaRoute }: { title: string; children?: ReactNode } & AppHeaderProps) {
  return (
    <PageFrame header={<AppHeader onHome={onHome} logoutViaRoute={logoutViaRoute} />}>
      <Main id={MAIN_CONTENT_ID}>
        <PageTitle>{title}</PageTitle>
        {children}
      </Main>
    </PageFrame>
  );
}
