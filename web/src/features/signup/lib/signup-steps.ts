/** The steps of /signup, each a URL of its own; `forgot` asks for a password-reset link (issue 39, 6). */
export type SignupStep = 'email' | 'details' | 'login' | 'forgot';

/** What a step's history entry carries: the checked address, whether it is locked, and where it came from. */
export interface SignupStepState {
  email?: string;
  locked?: boolean;
  /** True when the email step pushed this entry, so Back can simply go back to it. */
  fromEmailStep?: boolean;
  /** True when the login step pushed this entry (the forgot-password step), so Back returns to it. */
  fromLoginStep?: boolean;
}

/** The step a `?step=` value names; anything else is the email step. */
export function signupStepOf(value: string | null): SignupStep {
  return value === 'details' || value === 'login' || value === 'forgot' ? value : 'email';
}

/** The state of a history entry, read defensively: it may come from an older version of the app or be missing. */
export function stepStateOf(state: unknown): SignupStepState {
  if (typeof state !== 'object' || state === null) return {};
  const fields: Record<string, unknown> = Object.fromEntries(Object.entries(state));
  return {
    email: typeof fields.email === 'string' && fields.email ? fields.email : undefined,
    locked: fields.locked === true,
    fromEmailStep: fields.fromEmailStep === true,
    fromLoginStep: fields.fromLoginStep === true,
  };
}
