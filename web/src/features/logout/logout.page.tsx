import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context.tsx';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { PATHS } from '../../lib/paths.ts';

/** /logout: ends the session, then goes to the landing page (a failure is only logged). */
export function LogoutPage() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; log out once.
    if (started.current) return;
    started.current = true;
    signOut().catch((error: unknown) => {
      console.error('Logout failed', error);
      navigate(PATHS.landing, { replace: true });
    });
  }, [signOut, navigate]);

  return <FullPageSpinner label="Signing out" />;
}
