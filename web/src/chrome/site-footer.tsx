import { PRODUCT_NAME } from '@story/proto/messages/common';
import { Link } from 'react-router';
import { styled } from 'styled-components';
import { spreadRowStyles } from '../components/spread-row.ts';
import { PATHS } from '../lib/paths.ts';

const Footer = styled.footer`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.sizes.welcome};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.lg}`};
  ${spreadRowStyles}
  gap: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Links = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};

  a {
    color: ${({ theme }) => theme.colors.text};
    /* A comfortable tap target on phones. */
    display: inline-block;
    padding: ${({ theme }) => theme.space.xs} 0;
  }
`;

/** The foot of every page: the product's name and the Terms of Service and Privacy Policy. */
export function SiteFooter() {
  return (
    <Footer>
      <Inner>
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
        <nav aria-label="Legal">
          <Links>
            <li>
              <Link to={PATHS.terms}>Terms of Service</Link>
            </li>
            <li>
              <Link to={PATHS.privacy}>Privacy Policy</Link>
            </li>
          </Links>
        </nav>
      </Inner>
    </Footer>
  );
}
