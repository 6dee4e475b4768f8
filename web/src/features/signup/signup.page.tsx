import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../auth/auth-context.tsx';
import { homePath } from '../../auth/home-path.ts';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { DetailsStep } from './components/details-step.tsx';
import { EmailStep } from './components/email-step.tsx';
import { ForgotStep } from './components/forgot-step.tsx';
import { LoginStep } from './components/login-step.tsx';
import { signupStepOf, stepStateOf, type SignupStep } from './lib/signup-steps.ts';
import { useGoogleClientId } from './api/signup.api.ts';
import { SIGNUP_DRAFT, chosenPlanOf, enteringAt, forgetEntering } from './lib/signup-drafts.ts';
import { writeDraft } from '../../hooks/use-session-draft.ts';
import { signupStepPath } from '../../lib/paths.ts';

const TITLES: Record<SignupStep, string> = {
  email: 'Sign up',
  details: 'What is your name?',
  login: 'Log in',
  forgot: 'Reset your password',
};

/**
 * /signup: the email step, then login (the account exists) or details (a new account); from login,
 * "Forgot Password?" asks for a reset link (issue 39, 6). Each step is
 * its own history entry (`?step=login`, `?step=details`), so the browser's Back returns to the
 * email step; the checked address travels in the entry's state, never in the URL. Someone already
 * signed in is sent on to the app.
 */
export function SignupPage() {
  const { status, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const step = signupStepOf(searchParams.get('step'));
  // A plan chosen on the landing page travels with the sign-up as the person's requested plan.
  const chosenPlan = chosenPlanOf(searchParams.get('plan'));
  useEffect(() => {
    if (chosenPlan) writeDraft(SIGNUP_DRAFT.plan, chosenPlan);
  }, [chosenPlan]);
  useEffect(() => forgetEntering, []);
  const state = stepStateOf(location.state);
  const googleClientId = useGoogleClientId();
  useDocumentTitle(TITLES[step]);

  if (status === 'loading') return <FullPageSpinner label="Checking your session" />;
  // Signed in now (or already): where the sign-in was taking them (the plan page after "Choose …"), else home.
  if (status === 'signed-in') return <Navigate to={enteringAt() ?? homePath(user)} replace />;

  // Back on a step reached from the email step is the browser's Back; a step opened directly has no such entry.
  const handleBack = () => (state.fromEmailStep ? navigate(-1) : navigate(signupStepPath('email'), { replace: true }));

  // Each visit to a step (a history entry of its own) starts a fresh form.
  switch (step) {
    case 'email':
      return (
        <EmailStep
          key={location.key}
          googleClientId={googleClientId}
          onChecked={(email, exists) => navigate(signupStepPath(exists ? 'login' : 'details'), { state: { email, locked: exists, fromEmailStep: true } })}
          onSignIn={() => navigate(signupStepPath('login'), { state: { fromEmailStep: true } })}
        />
      );
    case 'details':
      // The address must have been checked first: a details link opened on its own starts over.
      if (!state.email) return <Navigate to={signupStepPath('email')} replace />;
      return <DetailsStep key={location.key} email={state.email} onBack={handleBack} />;
    case 'login':
      return (
        <LoginStep
          key={location.key}
          initialEmail={state.email ?? ''}
          emailLocked={Boolean(state.email && state.locked)}
          onBack={handleBack}
          onForgot={(email) => navigate(signupStepPath('forgot'), { state: { email, fromLoginStep: true } })}
        />
      );
    case 'forgot':
      return (
        <ForgotStep
          key={location.key}
          initialEmail={state.email ?? ''}
          onBack={() => (state.fromLoginStep ? navigate(-1) : navigate(signupStepPath('login'), { replace: true }))}
          onBackToLogin={(email) => navigate(signupStepPath('login'), { state: { email, locked: true } })}
        />
      );
  }
}
