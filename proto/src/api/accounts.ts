/**
 * Accounts: sign-up, sign-in, Google sign-in, passwords, sessions, and the admin's users and user
 * types (their time limits and reply types), as zod schemas of the REST bodies.
 */
import { z } from 'zod';
import { ACCOUNT_MESSAGES, PASSWORD_RESET_MESSAGES } from '../messages/accounts.ts';
import { LIMITS, emailSchema, loginFormSchema, passwordSchema, registrationFormSchema } from '../validation.ts';
import { monthlyMinutesSchema, planFeaturesSchema, responseTypeSchema } from './plans.ts';
import { userTypeSchema } from './user-types.ts';

export { USER_TYPES, userTypeSchema, type UserType } from './user-types.ts';

export const DEFAULT_TIME_LIMIT_SECONDS = 300;
/** One day: no plan records longer than that in one go. */
export const MAX_TIME_LIMIT_SECONDS = 86_400;

export const checkEmailQuerySchema = z.object({ email: emailSchema });
export const checkEmailResponseSchema = z.object({ exists: z.boolean() });

/** Sign-up; `requestedPlan` is the plan chosen on the landing page (kept for admins to act on, never granted by itself). */
export const registerRequestSchema = registrationFormSchema.extend({ email: emailSchema, requestedPlan: userTypeSchema.optional() });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = loginFormSchema;
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  userType: userTypeSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Login, register and google-auth answer with the user, `isAdmin` at the top as the spec reads it. */
export const authResponseSchema = z.object({
  message: z.string(),
  isAdmin: z.boolean(),
  user: sessionUserSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * Google sign-in. The client sends Google's ID token as `credential`; the server takes email and
 * names from the verified token only. The spec's email/firstName/lastName/googleId are accepted and
 * must agree with the token when present.
 */
export const googleAuthRequestSchema = z.object({
  credential: z.string('credential (a Google ID token) is required').min(1, 'credential (a Google ID token) is required').max(8192, 'credential is too long'),
  email: emailSchema.optional(),
  firstName: z.string().max(LIMITS.name).optional(),
  lastName: z.string().max(LIMITS.name).optional(),
  googleId: z.string().max(255).optional(),
});
export type GoogleAuthRequest = z.infer<typeof googleAuthRequestSchema>;

/** `POST /api/users/password`: the new password meets the sign-up rules (the server also refuses common ones). */
export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string(ACCOUNT_MESSAGES.currentPasswordRequired)
    .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
    .max(LIMITS.password, ACCOUNT_MESSAGES.currentPasswordWrong),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** How long a password-reset link works (issue 39, 6). */
export const PASSWORD_RESET_LINK_LIFETIME_SECONDS = 60 * 60;

/** `POST /api/users/password-reset`: the e-mail to send a link to (answered alike whether or not it has an account). */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** A reset link's token: 32 random bytes in base64url. Anything else is answered as a used or expired link. */
export const passwordResetTokenSchema = z.string(PASSWORD_RESET_MESSAGES.linkInvalid).regex(/^[A-Za-z0-9_-]{43}$/, PASSWORD_RESET_MESSAGES.linkInvalid);

/** `POST /api/users/password-reset/check`: whether a link still works, before the person types a new password. */
export const passwordResetCheckRequestSchema = z.object({ token: passwordResetTokenSchema });
/** The account the link resets (for the screen, and for password managers). */
export const passwordResetCheckResponseSchema = z.object({ email: z.string() });

/** `POST /api/users/password-reset/complete`: the link's token and the new password, under the sign-up rules. */
export const passwordResetCompleteRequestSchema = z.object({ token: passwordResetTokenSchema, password: passwordSchema });
export type PasswordResetCompleteRequest = z.infer<typeof passwordResetCompleteRequestSchema>;

/**
 * `DELETE /api/users/me` (issue 24): the person's password, or for an account without one a fresh
 * Google ID token. Neither (or no body) is answered as a wrong password.
 */
export const deleteAccountRequestSchema = z.object({
  password: z.string().max(LIMITS.password).optional(),
  googleCredential: z.string().max(8192).optional(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** `POST /api/users/sessions/revoke-others`: how many other sessions ended. */
export const revokeOtherSessionsResponseSchema = z.object({ message: z.string(), revoked: z.number().int().min(0) });

/** `/api/auth/config`: public settings the web needs before sign-in (whether to show Google's button). */
export const authConfigResponseSchema = z.object({ googleClientId: z.string().nullable() });
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;

export const adminUserSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userType: userTypeSchema,
  /** The plan the person asked for that waits for an admin, if any (chosen at sign-up, issue 21, or on the plan page, issue 39). */
  requestedPlan: userTypeSchema.nullable(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.array(adminUserSchema);

/** Rows of one page of the admin's users table. */
export const ADMIN_USERS_PAGE_SIZE = 20;
/** The longest search of the users table: an e-mail's length. */
export const ADMIN_USER_QUERY_MAX = LIMITS.email;

/**
 * `GET /api/users?query=&page=` (issue 39, 5): the users whose e-mail or names contain every word of
 * `query` (any case), newest first; with `page`, that page of ADMIN_USERS_PAGE_SIZE. Without either,
 * every user, as the specification's dashboard reads them.
 */
export const adminUsersQuerySchema = z.object({
  query: z.string('query must be text').trim().max(ADMIN_USER_QUERY_MAX, `query must be at most ${ADMIN_USER_QUERY_MAX} characters`).optional(),
  page: z.coerce
    .number('page must be a whole number from 1')
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1_000_000, 'page must be at most 1000000')
    .optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** One page of the users table: its rows, how many users match in all, and which page of how many this is. */
export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const userTypeSettingSchema = z.object({
  userType: userTypeSchema,
  timeLimit: z.number(),
  responseType: responseTypeSchema,
  monthlyMinutes: z.number(),
  features: planFeaturesSchema,
});
export type UserTypeSetting = z.infer<typeof userTypeSettingSchema>;
export const userTypeSettingsResponseSchema = z.array(userTypeSettingSchema);

export const userTypeParamsSchema = z.object({ userType: userTypeSchema });
export const updateUserTypeSettingRequestSchema = z.object({
  timeLimit: z
    .number('timeLimit must be a number of seconds')
    .min(0, 'timeLimit must be at least 0')
    .max(MAX_TIME_LIMIT_SECONDS, `timeLimit must be at most ${MAX_TIME_LIMIT_SECONDS} seconds`),
  responseType: responseTypeSchema,
  /** Left out: unchanged. */
  monthlyMinutes: monthlyMinutesSchema.optional(),
  /** The features to switch on or off; those left out are unchanged. */
  features: planFeaturesSchema.partial().strict().optional(),
});
export type UpdateUserTypeSettingRequest = z.infer<typeof updateUserTypeSettingRequestSchema>;

export const timeLimitResponseSchema = z.object({ timeLimit: z.number(), responseType: responseTypeSchema });
