import { useState } from 'react';
import { useNavigate } from 'react-router';
import { styled } from 'styled-components';
import { useAuth } from '../auth/auth-context.tsx';
import { Brand } from './brand.tsx';
import { Button } from '../components/button.ts';
import { AccountIcon, HomeIcon, LogoutIcon } from '../components/icons.tsx';
import { visuallyHiddenStyles } from '../components/visually-hidden.ts';
import { PATHS } from '../lib/paths.ts';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/** Exactly the theme's header height: phones place toasts just under it. */
const Inner = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  max-width: ${({ theme }) => theme.sizes.welcome};
  height: ${({ theme }) => theme.sizes.header};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.lg};

  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: 0 ${({ theme }) => theme.space.md};
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface AppHeaderProps {
  /** Replaces the default "go to /welcome" (the welcome page leaves saved-conversations mode). */
  onHome?: () => void;
  /**
   * Logout goes to the /logout route (the spec's reading for the conversation screen) instead of
   * signing out in place, so a page that warns before leaving with unsaved work asks first.
   */
  logoutViaRoute?: boolean;
}

/** On phones an icon button says its name to screen readers only. */
const ButtonLabel = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    ${visuallyHiddenStyles}
  }
`;

/** The shared header: the product's mark and name, Home, the account and Logout. */
export function AppHeader({ onHome, logoutViaRoute = false }: AppHeaderProps) {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const [loggingOut, setLoggingOut] = useState(false);

  const handleHome = () => {
    if (onHome) onHome();
    else navigate(PATHS.welcome);
  };

  const handleLogout = async () => {
    if (loggingOut) return;
    if (logoutViaRoute) {
      navigate(PATHS.logout);
      return;
    }
    setLoggingOut(true);
    try {
      await signOut();
    } catch (error) {
      // Spec section 8: a logout failure is only logged.
      console.error('Logout failed', error);
    } finally {
      setLoggingOut(false);
    }
  };

  return (
    <Bar>
      <Inner aria-label="Main">
        <Brand compact />
        <Actions>
          <Button $variant="ghost" onClick={handleHome}>
            <HomeIcon />
            Home
          </Button>
          <Button $variant="ghost" onClick={() => navigate(PATHS.account)}>
            <AccountIcon />
            <ButtonLabel>Account</ButtonLabel>
          </Button>
          <Button $variant="secondary" onClick={handleLogout} aria-busy={loggingOut || undefined}>
            <LogoutIcon />
            Logout
          </Button>
        </Actions>
      </Inner>
    </Bar>
  );
}
