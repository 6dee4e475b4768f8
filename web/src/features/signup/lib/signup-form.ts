/**
 * Pure rules of the sign-up screens, shared with the server through proto: what counts as valid,
 * which message shows, and what the password checklist and strength bar display.
 */
import { checkPassword, emailSchema, loginFormSchema, passwordSchema, passwordStrength, registrationFormSchema, signupEmailSchema } from '@story/proto';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The email step's message for a value, or undefined when it may continue. */
export function emailStepError(email: string): string | undefined {
  const result = signupEmailSchema.safeParse(email);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The email step shows its message after the field was left, or once the address looks finished (user@host.tld). */
export function shouldShowEmailError(email: string, touched: boolean): boolean {
  if (email.length === 0) return false;
  return touched || /@[^@\s]+\.[a-z]{2,}$/i.test(email.trim());
}

function firstMessagePerField<K extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string') continue;
    const key = field as K;
    errors[key] ??= issue.message;
  }
  return errors;
}

export type RegistrationField = 'firstName' | 'lastName' | 'password';
export interface RegistrationValues {
  firstName: string;
  lastName: string;
  password: string;
}

/** proto's common-password rule: the message for a password that is too common, else undefined. */
export type CommonPasswordRule = (password: string) => string | undefined;

/**
 * First message of each invalid field of the details form (empty when valid). Once the password
 * meets the specification's rules, the common-password rule (when loaded) has its say.
 */
export function registrationErrors(values: RegistrationValues, commonPasswordRule?: CommonPasswordRule): FieldErrors<RegistrationField> {
  const result = registrationFormSchema.safeParse(values);
  const errors = result.success ? {} : firstMessagePerField<RegistrationField>(result.error.issues);
  const tooCommon = errors.password === undefined ? commonPasswordRule?.(values.password) : undefined;
  return tooCommon ? { ...errors, password: tooCommon } : errors;
}

/** The new password of a reset (issue 39, 6): the sign-up rules, then the common-password rule; undefined when it may be sent. */
export function newPasswordError(password: string, commonPasswordRule?: CommonPasswordRule): string | undefined {
  const result = passwordSchema.safeParse(password);
  if (!result.success) return result.error.issues[0]?.message;
  return commonPasswordRule?.(password);
}

/** The forgot-password form's e-mail: any valid address (an account may predate the sign-up domains). */
export function resetEmailError(email: string): string | undefined {
  const result = emailSchema.safeParse(email);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export type LoginField = 'email' | 'password';
export interface LoginValues {
  email: string;
  password: string;
}

/** First message of each invalid field of the login form (empty when valid). */
export function loginErrors(values: LoginValues): FieldErrors<LoginField> {
  const result = loginFormSchema.safeParse(values);
  return result.success ? {} : firstMessagePerField<LoginField>(result.error.issues);
}

export function hasErrors(errors: Partial<Record<string, string>>): boolean {
  return Object.values(errors).some(Boolean);
}

export interface ChecklistItem {
  id: 'length' | 'number' | 'symbol' | 'common';
  label: string;
  met: boolean;
}

/** The checklist under the password field, in the spec's order and words. */
export function passwordChecklist(password: string): ChecklistItem[] {
  const check = checkPassword(password);
  return [
    { id: 'length', label: '8 characters minimum', met: check.length },
    { id: 'number', label: 'a number', met: check.number },
    { id: 'symbol', label: 'a symbol', met: check.symbol },
  ];
}

/**
 * The checklist's fourth line: proto's common-password rule, which refuses the password as surely
 * as the other three, so it is shown with them rather than leaving Continue unavailable unexplained.
 * Not met while the rule is still loading (undefined).
 */
export function commonPasswordItem(password: string, commonPasswordRule: CommonPasswordRule | undefined): ChecklistItem {
  return { id: 'common', label: 'not a common password', met: commonPasswordRule !== undefined && commonPasswordRule(password) === undefined };
}

export type StrengthLevel = 'empty' | 'weak' | 'fair' | 'strong';

/** The strength bar: percent filled (0/33/67/100) and the level that picks its colour and words. */
export function strengthMeter(password: string): { percent: 0 | 33 | 67 | 100; level: StrengthLevel; text: string } {
  const percent = passwordStrength(password);
  switch (percent) {
    case 0:
      return { percent, level: 'empty', text: 'No requirements met' };
    case 33:
      return { percent, level: 'weak', text: 'Weak' };
    case 67:
      return { percent, level: 'fair', text: 'Fair' };
    case 100:
      return { percent, level: 'strong', text: 'Strong' };
  }
}
