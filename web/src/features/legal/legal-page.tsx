import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { styled } from 'styled-components';
import { Button } from '../../components/button.ts';
import { BackIcon } from '../../components/icons.tsx';
import { PageFrame } from '../../chrome/page-frame.tsx';
import { PublicHeader } from '../../chrome/public-header.tsx';
import { MAIN_CONTENT_ID } from '../../chrome/skip-link.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const Main = styled.main`
  width: 100%;
  max-width: 46rem;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.lg} ${theme.space.xxl}`};

  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => `${theme.space.lg} ${theme.space.md} ${theme.space.xl}`};
  }
`;

/** Long-form text set for reading: a comfortable measure, the body size and clear section headings. */
const Article = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  overflow-wrap: break-word;

  h1 {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    letter-spacing: -0.01em;
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    margin-top: ${({ theme }) => theme.space.lg};
  }
  p,
  li {
    line-height: 1.65;
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
    display: grid;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

const Updated = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const BackButton = styled(Button)`
  justify-self: start;
`;

export interface LegalPageProps {
  title: string;
  /** When the text last changed in substance (shown under the title). */
  updated: string;
  children: ReactNode;
}

/**
 * A public page of plain-language terms: the product's header, the text, and the footer. "Back"
 * returns to where the person came from (the sign-up form keeps what they typed), when they came
 * from inside the app.
 */
export function LegalPage({ title, updated, children }: LegalPageProps) {
  useDocumentTitle(title);
  const location = useLocation();
  const navigate = useNavigate();
  // The first page of a visit has the key "default": there is nothing in the app to go back to.
  const cameFromApp = location.key !== 'default';
  return (
    <PageFrame header={<PublicHeader />}>
      <Main id={MAIN_CONTENT_ID}>
        <Article aria-labelledby="legal-heading">
          {cameFromApp && (
            <BackButton $variant="link" onClick={() => navigate(-1)}>
              <BackIcon />
              Back
            </BackButton>
          )}
          <h1 id="legal-heading">{title}</h1>
          <Updated>Last updated: {updated}</Updated>
          {children}
        </Article>
      </Main>
    </PageFrame>
  );
}
