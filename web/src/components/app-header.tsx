import { useState } from 'react';
import { useNavigate } from 'react-router';
import { styled } from 'styled-components';
import { useAuth } from '../auth/auth-context.tsx';
import { Button } from './button.ts';

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

function HomeIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <path d="M3 11l9-7 9 7v9a1 1 0 01-1 1h-5v-6H9v6H4a1 1 0 01-1-1v-9z" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

function LogoutIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <path d="M9 4H5a1 1 0 00-1 1v14a1 1 0 001 1h4M16 17l5-5-5-5M21 12H9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

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
