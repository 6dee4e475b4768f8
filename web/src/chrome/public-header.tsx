import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { styled } from 'styled-components';
import { useAuth } from '../auth/auth-context.tsx';
import { homePath } from '../auth/home-path.ts';
import { Brand } from './brand.tsx';
import { buttonStyles, type ButtonStyleProps } from '../components/button.ts';
import { spreadRowStyles } from '../components/spread-row.ts';
import { PATHS, SIGN_IN_PATH } from '../lib/paths.ts';

const Bar = styled.header`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Inner = styled.nav`
  max-width: ${({ theme }) => theme.sizes.welcome};
  min-height: ${({ theme }) => theme.sizes.header};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  ${spreadRowStyles}
  gap: ${({ theme }) => theme.space.sm};

  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding-inline: ${({ theme }) => theme.space.md};
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

export const HeaderLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

export interface PublicHeaderProps {
  /** Shown before the way in (a page's own link). */
  children?: ReactNode;
  /** "Sign in" or Home; false on the sign-up page itself. */
  wayIn?: boolean;
}

/**
 * The header of the public pages (landing, sign-up, terms, privacy): the product's mark and name,
 * then a way in: "Sign in" for returning visitors, or Home for someone already signed in.
 */
export function PublicHeader({ children, wayIn = true }: PublicHeaderProps) {
  const { status, user } = useAuth();
  return (
    <Bar>
      <Inner aria-label="Main">
        <Brand to={PATHS.landing} />
        <Actions>
          {children}
          {!wayIn ? null : status === 'signed-in' ? (
            <HeaderLink to={homePath(user)} $variant="secondary">
              Home
            </HeaderLink>
          ) : (
            <HeaderLink to={SIGN_IN_PATH} $variant="secondary">
              Sign in
            </HeaderLink>
          )}
        </Actions>
      </Inner>
    </Bar>
  );
}
