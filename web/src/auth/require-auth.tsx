import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { useAuth } from './auth-context.tsx';
import { PATHS } from '../lib/paths.ts';

/** Lets signed-in users through; sends everyone else to /signup. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <FullPageSpinner label="Checking your session" />;
  if (status === 'signed-out') return <Navigate to={PATHS.signup} replace />;
  return <>{children}</>;
}
