import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { cardSurfaceStyles } from '../../../components/card-section.ts';
import { PageFrame } from '../../../chrome/page-frame.tsx';
import { PublicHeader } from '../../../chrome/public-header.tsx';
import { MAIN_CONTENT_ID } from '../../../chrome/skip-link.tsx';

const Page = styled.main`
  display: grid;
  place-items: center;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
  background: radial-gradient(40rem 24rem at 50% -10%, ${({ theme }) => theme.colors.primarySoft}, transparent 70%), ${({ theme }) => theme.colors.background};
`;

/** Login and registration cards are at most 400 px wide (spec section 2). */
const Card = styled.section`
  width: 100%;
  max-width: ${({ theme }) => theme.sizes.authCard};
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl};
  ${cardSurfaceStyles}

  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => `${theme.space.lg} ${theme.space.md}`};
  }
`;

export const CardHeader = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  h1 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 700;
    letter-spacing: -0.01em;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

export const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

/** The sign-up page: the product's header, one card (named after its heading by `labelledBy`), the footer. */
export function AuthCard({ labelledBy, testId, children }: { labelledBy: string; testId: string; children: ReactNode }) {
  return (
    <PageFrame header={<PublicHeader wayIn={false} />}>
      <Page id={MAIN_CONTENT_ID}>
        <Card aria-labelledby={labelledBy} data-testid={testId}>
          {children}
        </Card>
      </Page>
    </PageFrame>
  );
}
