import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SessionUser } from '@story/proto';
import { fetchCurrentUser, logout } from '../api/session.api.ts';
import { useAsyncEffect } from '../hooks/use-async-effect.ts';
import { PATHS } from '../lib/paths.ts';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  /** Records the user returned by login, registration or Google sign-in. */
  signIn: (user: SessionUser) => void;
  /** Ends the session on the server, then forgets the user. Throws when the server refuses. */
  /** Ends the session on the server, then loads / afresh (rejects, staying put, if logout fails). */
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Knows whether someone is signed in, asking `/api/users/me` once when the app starts. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');
  // Set once the user signs in or out here, so a late answer of the start-up check cannot undo it.
  const decidedRef = useRef(false);

  useAsyncEffect(
    fetchCurrentUser,
    {
      onSuccess: (current) => {
        if (decidedRef.current) return;
        setUser(current);
        setStatus(current ? 'signed-in' : 'signed-out');
      },
      onError: (error) => {
        if (decidedRef.current) return;
        // No session can be confirmed (gateway down, 5xx): treat the visitor as signed out.
        console.error('Could not check the session', error);
        setStatus('signed-out');
      },
    },
    [],
  );

  const signIn = useCallback((next: SessionUser) => {
    decidedRef.current = true;
    setUser(next);
    setStatus('signed-in');
  }, []);

  const signOut = useCallback(async () => {
    await logout();
    // A full page load to /: no cached data of this user stays in memory (Apollo, React state),
    // and no protected page gets to render signed-out and bounce to /signup on the way.
    decidedRef.current = true;
    window.location.assign(PATHS.landing);
  }, []);

  const value = useMemo<AuthContextValue>(() => ({ status, user, signIn, signOut }), [status, user, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session of the app; must be used under AuthProvider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
