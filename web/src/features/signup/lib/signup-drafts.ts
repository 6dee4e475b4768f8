import { userTypeSchema, type UserType } from '@story/proto';
import { forgetSessionDrafts } from '../../../hooks/use-session-draft.ts';
import { dismissToasts } from '../../../components/toast/toast-store.ts';

/** Where the sign-up form keeps what the person typed (never the password) while they read the Terms. */
export const SIGNUP_DRAFT = {
  email: 'signup.email',
  firstName: 'signup.firstName',
  lastName: 'signup.lastName',
  /** The plan chosen on the landing page (`?plan=pro`), sent as the requested plan (issue 21). */
  plan: 'signup.plan',
} as const;

/** The plan a landing page link chose (`standard`, `plus`, `pro`), if it names one. */
export function chosenPlanOf(value: string | null): UserType | undefined {
  const parsed = userTypeSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * What every successful sign-in or sign-up does before it leaves /signup: the typed drafts are
 * forgotten and an earlier failure's toast ("Invalid email or password") is closed, so it does not
 * follow the person into the app.
 */
export function leaveSignup(): void {
  forgetSessionDrafts('signup.');
  dismissToasts();
}

/**
 * Where a sign-in or sign-up that just succeeded is going (the plan page after a plan's "Choose …",
 * issue 39), set before the session starts: the sign-up page, signed in from then on, sends the
 * person there too rather than home. Forgotten when the sign-up page goes.
 */
let enteringPath: string | null = null;

/** Notes where the person is entering the app. */
export function enterAt(path: string): void {
  enteringPath = path;
}

/** Where the person is entering the app, if a sign-in just succeeded. */
export function enteringAt(): string | null {
  return enteringPath;
}

/** Forgets it (the sign-up page left). */
export function forgetEntering(): void {
  enteringPath = null;
}
