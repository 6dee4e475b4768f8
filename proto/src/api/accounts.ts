/**
 * Accounts: sign-up, sign-in, Google sign-in, passwords, sessions, and the admin's users and user
 * types (their time limits and reply types), as zod schemas of the REST bodies.
 */
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../messages/accounts.ts';
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
