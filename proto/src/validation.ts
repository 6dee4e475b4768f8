import { z } from 'zod';

/** Sign-up e-mail domains (DESIGN.md: the spec's `{host}` list), compared case-insensitively. */
export const ALLOWED_EMAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'live.com'] as const;

export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  emailDomain: 'Please use a valid Gmail, Yahoo, Hotmail, Outlook, or Live email address',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  passwordLength: 'Password must be at least 8 characters',
  passwordNumber: 'Password must contain at least one number',
  passwordSymbol: 'Password must contain at least one symbol',
  passwordRequired: 'Password is required',
  passwordTooCommon: 'This password is too common. Please choose another.',
  titleEmpty: 'Title cannot be empty',
  textEmpty: 'Please enter some text before submitting.',
  searchEmpty: 'Please enter a search query',
  companyRequired: 'Please enter the company name',
  jobTitleRequired: 'Please enter the job title',
  jobDescriptionRequired: 'Please paste a job description',
  formattedContentEmpty: 'Formatted content cannot be empty',
  snippetEmpty: 'Please paste a section to practice',
  invalidJobDescriptionId: 'Invalid job description ID',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
/** The symbols the specification counts: ! @ # $ % ^ & * ( ) , . ? " : { } | < > */
export const PASSWORD_SYMBOLS = '!@#$%^&*(),.?":{}|<>';
const SYMBOL_PATTERN = /[!@#$%^&*(),.?":{}|<>]/;
const DIGIT_PATTERN = /\d/;

/** Longest values we accept; they bound storage and work, not the product's rules. */
export const LIMITS = {
  email: 254,
  name: 100,
  password: 256,
  title: 200,
  messageText: 20_000,
  historyItems: 200,
  jobDescription: 50_000,
  companyName: 200,
  jobTitle: 200,
  snippetText: 20_000,
  searchQuery: 1_000,
} as const;

export interface PasswordCheck {
  length: boolean;
  number: boolean;
  symbol: boolean;
}

/** Which of the three password rules a password meets. */
export function checkPassword(password: string): PasswordCheck {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    number: DIGIT_PATTERN.test(password),
    symbol: SYMBOL_PATTERN.test(password),
  };
}

/** Strength as the spec shows it: 0, 33, 67 or 100 percent. */
export function passwordStrength(password: string): 0 | 33 | 67 | 100 {
  const met = Object.values(checkPassword(password)).filter(Boolean).length;
  return ([0, 33, 67, 100] as const)[met] ?? 0;
}

/** The domain rule of the email step, case-insensitive. */
export function isAllowedEmailDomain(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return (ALLOWED_EMAIL_DOMAINS as readonly string[]).includes(domain);
}

export const emailSchema = z.string(MESSAGES.invalidEmail).trim().max(LIMITS.email, MESSAGES.invalidEmail).pipe(z.email(MESSAGES.invalidEmail));

/** The email step: a valid address at one of the allowed domains. */
export const signupEmailSchema = emailSchema.refine(isAllowedEmailDomain, MESSAGES.emailDomain);

export const passwordSchema = z
  .string(MESSAGES.passwordLength)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordLength)
  .max(LIMITS.password, `Password must be at most ${LIMITS.password} characters`)
  .refine((p) => DIGIT_PATTERN.test(p), MESSAGES.passwordNumber)
  .refine((p) => SYMBOL_PATTERN.test(p), MESSAGES.passwordSymbol);

const requiredName = (message: string) => z.string(message).trim().min(1, message).max(LIMITS.name, `Names must be at most ${LIMITS.name} characters`);

/** The details form of the registration step. */
export const registrationFormSchema = z.object({
  firstName: requiredName(MESSAGES.firstNameRequired),
  lastName: requiredName(MESSAGES.lastNameRequired),
  password: passwordSchema,
});
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

/** The login form. */
export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string(MESSAGES.passwordRequired).min(1, MESSAGES.passwordRequired).max(LIMITS.password, MESSAGES.passwordRequired),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const threadTitleSchema = z
  .string(MESSAGES.titleEmpty)
  .trim()
  .min(1, MESSAGES.titleEmpty)
  .max(LIMITS.title, `Title must be at most ${LIMITS.title} characters`);

/** Text of a typed message: non-empty after trimming. */
export const messageTextSchema = z
  .string(MESSAGES.textEmpty)
  .refine((t) => t.trim().length > 0, MESSAGES.textEmpty)
  .refine((t) => t.length <= LIMITS.messageText, `Message must be at most ${LIMITS.messageText} characters`);
