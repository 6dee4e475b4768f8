/** Sign-up, sign-in and sign-out: what the auth service answers and what the web app shows (spec sections 5 and 8). */
export const ACCOUNT_MESSAGES = {
  registered: 'Registration successful!',
  loggedIn: 'Login successful',
  googleSignedIn: 'Google sign-in successful',
  loggedOut: 'Logged out',
  duplicateEmail: 'An account with this email already exists',
  /** Every sign-in failure reads the same, so accounts cannot be told apart. */
  invalidCredentials: 'Invalid email or password',
  googleNotConfigured: 'Google sign-in is not configured',
  googleMismatch: 'The submitted details do not match the Google account',
  googleLinkedElsewhere: 'This email is already linked to a different Google account',
  otherSessionsRevoked: 'Signed out of every other session',
  passwordChanged: 'Password changed. Every other session has been signed out.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  newPasswordUnchanged: 'The new password must be different from the current one',
  noPasswordToChange: 'This account signs in with Google and has no password to change',
  userNotFound: 'User not found',
  onlyOwnAccount: 'You can only see your own account',
  googleCredentialInvalid: 'Invalid Google credential',
  googleEmailNotVerified: 'Google account email is not verified',
  googleUnavailable: 'Google sign-in is unavailable right now. Please try again.',
  /** The attempt counters (NATS KV) cannot be reached, so no password is checked. */
  signInUnavailable: 'Sign-in is unavailable right now. Please try again.',
  /** `DELETE /api/users/me` (issue 24): a wrong or missing password, or a Google sign-in of another account. */
  accountDeletionPasswordWrong: 'The password is incorrect. Your account was not deleted.',
  accountDeletionGoogleRequired: 'Sign in with Google again to delete this account',
  accountDeleted: 'Your account and all your data have been deleted',
  // ---- web ----
  checkEmailFailed: 'Failed to check email',
  registerFailed: 'Failed to register user',
  registrationFailedTitle: 'Registration failed',
  somethingWentWrong: 'Something went wrong. Please try again.',
  loginFailedToast: 'Invalid credentials',
  googleFailedTitle: 'Authentication Failed',
  googleFailed: 'Failed to sign in with Google',
  googleBackendFailed: 'Failed to authenticate with backend',
  googleNoUser: 'No user data received from Google',
  deleteAccountFailed: 'Failed to delete your account',
} as const;

/** "1 second", "30 seconds". */
const seconds = (count: number) => `${count} ${count === 1 ? 'second' : 'seconds'}`;

/** The answer to a sign-in attempt (or password change) while the account must wait. */
export const tooManySignInAttemptsMessage = (waitSeconds: number) => `Too many sign-in attempts for this account. Please try again in ${seconds(waitSeconds)}.`;

/** The answer to a check-email call past the budget of the e-mail it asks about. */
export const tooManyEmailChecksMessage = (waitSeconds: number) => `Too many checks of this email address. Please try again in ${seconds(waitSeconds)}.`;
