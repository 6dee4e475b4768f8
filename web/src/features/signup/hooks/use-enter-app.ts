import type { SessionUser } from '@story/proto';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../auth/auth-context.tsx';
import { homePathFor } from '../../../auth/home-path.ts';
import { readDraft } from '../../../hooks/use-session-draft.ts';
import { SIGNUP_DRAFT, chosenPlanOf, enterAt, leaveSignup } from '../lib/signup-drafts.ts';
import { notifySuccess } from '../../../components/toast/notify.ts';
import { plansPath } from '../../../lib/paths.ts';

/**
 * After a sign-in or a registration: the sign-up's drafts and toasts are dropped, `welcome` (if any)
 * is said, the session starts and the person goes to their home page, or, when they came by a plan's
 * "Choose …" (issue 39), to the plan page with that plan chosen (sign-up asked for it already; a
 * sign-in leaves it one click away).
 */
export function useEnterApp(): (user: SessionUser, isAdmin: boolean, welcome?: string) => void {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  return (user, isAdmin, welcome) => {
    const chosenPlan = chosenPlanOf(readDraft(SIGNUP_DRAFT.plan));
    const target = chosenPlan && !isAdmin ? plansPath({ plan: chosenPlan }) : homePathFor(isAdmin);
    leaveSignup();
    if (welcome) notifySuccess(welcome);
    enterAt(target);
    signIn(user);
    void navigate(target);
  };
}
