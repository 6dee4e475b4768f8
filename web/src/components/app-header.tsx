import { useState } from 'react';
import { useNavigate } from 'react-router';
import { styled } from 'styled-components';
import { useAuth } from '../auth/auth-context.tsx';
import { Button } from './button.ts';
import { HomeIcon, LogoutIcon } from './icons.tsx';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Inner = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  max-width: ${({ theme }) => theme.sizes.welcome};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
`;

export interface AppHeaderProps {
  /** Replaces the default "go to /welcome" (the welcome page leaves saved-conversations mode). */
  onHome?: () => void;
}

/** The shared header: Home and Logout. */
export function AppHeader({ onHome }: AppHeaderProps) {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const [loggingOut, setLoggingOut] = useState(false);

  const handleHome = () => {
    if (onHome) onHome();
    else navigate('/welcome');
  };

  const handleLogout = async () => {
    if (loggingOut) return;
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
        <Button $variant="ghost" onClick={handleHome}>
          <HomeIcon />
          Home
        </Button>
        <Button $variant="secondary" onClick={handleLogout} aria-busy={loggingOut || undefined}>
          <LogoutIcon />
          Logout
        </Button>
      </Inner>
    </Bar>
  );
}
