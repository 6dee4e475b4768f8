import type { SessionUser } from '@story/proto';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../auth/auth-context.tsx';
import { homePathFor } from '../../../auth/home-path.ts';
import { leaveSignup } from '../lib/signup-drafts.ts';
import { notifySuccess } from '../../../components/toast/notify.ts';

/**
 * After a sign-in or a registration: the sign-up's drafts and toasts are dropped, `welcome` (if any)
 * is said, the session starts and the person goes to their home page.
 */
export function useEnterApp(): (user: SessionUser, isAdmin: boolean, welcome?: string) => void {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  return (user, isAdmin, welcome) => {
    leaveSignup();
    if (welcome) notifySuccess(welcome);
    signIn(user);
    void navigate(homePathFor(isAdmin));
  };
}
