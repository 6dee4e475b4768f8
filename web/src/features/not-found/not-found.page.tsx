import { Link, useLocation } from 'react-router';
import { styled } from 'styled-components';
import { buttonStyles, type ButtonStyleProps } from '../../components/button.ts';
import { PageFrame } from '../../chrome/page-frame.tsx';
import { PublicHeader } from '../../chrome/public-header.tsx';
import { MAIN_CONTENT_ID } from '../../chrome/skip-link.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PATHS } from '../../lib/paths.ts';

const Box = styled.main`
  width: 100%;
  max-width: 640px;
  margin: 0 auto;
  padding: 12vh ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.xl};
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  justify-items: start;
`;

const Heading = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Code = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 4px;
  padding: 0.1em 0.35em;
  word-break: break-all;
`;

const HomeLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

/** The catch-all screen. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle('404 Page Not Found');
  return (
    <PageFrame header={<PublicHeader />}>
      <Box id={MAIN_CONTENT_ID}>
        <Heading>404 Page Not Found</Heading>
        <Hint>
          Did you forget to add the page <Code>{pathname}</Code> to the router?
        </Hint>
        <HomeLink to={PATHS.landing} $variant="secondary">
          Go to the home page
        </HomeLink>
      </Box>
    </PageFrame>
  );
}
