import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { AppHeader, type AppHeaderProps } from './app-header.tsx';

const Main = styled.main`
  max-width: ${({ theme }) => theme.sizes.welcome};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.lg}`};
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

export const PageTitle = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
`;

/** A signed-in page: the shared header, then the page's main landmark with its title. */
export function PageShell({ title, children, onHome }: { title: string; children?: ReactNode } & AppHeaderProps) {
  return (
    <>
      <AppHeader onHome={onHome} />
      <Main>
        <PageTitle>{title}</PageTitle>
        {children}
      </Main>
    </>
  );
}
