import { forgetSessionDrafts } from '../../../hooks/use-session-draft.ts';
import { dismissToasts } from '../../../components/toast/toast-store.ts';

/** Where the sign-up form keeps what the person typed (never the password) while they read the Terms. */
export const SIGNUP_DRAFT = {
  email: 'signup.email',
  firstName: 'signup.firstName',
  lastName: 'signup.lastName',
} as const;

/**
 * What every successful sign-in or sign-up does before it leaves /signup: the typed drafts are
 * forgotten and an earlier failure's toast ("Invalid email or password") is closed, so it does not
 * follow the person into the app.
 */
export function leaveSignup(): void {
  forgetSessionDrafts('signup.');
  dismissToasts();
}
