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

/** Forgot password (issue 39, 6): the request, the link's e-mail, and the "choose a new password" screen. */
export const PASSWORD_RESET_MESSAGES = {
  /** The same answer whether or not an account exists, so the form tells nobody who has one. */
  requested: 'If an account exists for this email address, we have sent it a link to reset the password. The link works once and expires in one hour.',
  linkInvalid: 'This password reset link has expired or has already been used. Please ask for a new one.',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
  /** The request counters (NATS KV) cannot be reached: nothing is sent rather than sent unlimited. */
  unavailable: 'Password reset is unavailable right now. Please try again.',
  mailSubject: 'Reset your Story Platform password',
  googleMailSubject: 'Signing in to Story Platform',
  // ---- web ----
  forgotHeading: 'Reset your password',
  forgotIntro: 'Enter the email address of your account and we will send you a link to choose a new password.',
  sendLink: 'Send reset link',
  sendingLink: 'Sending link...',
  sentHeading: 'Check your email',
  linkExpiry: 'The link works once and expires in one hour. If it does not arrive within a few minutes, check your spam folder or ask for a new one.',
  chooseHeading: 'Choose a new password',
  chooseIntro: 'Choosing a new password signs you out everywhere you are signed in.',
  newPasswordLabel: 'New password',
  linkInvalidHeading: 'This link no longer works',
  checkFailedHeading: 'Your link could not be checked',
  checkFailed: 'Your link could not be checked. Please try again.',
  tryAgain: 'Try again',
  resetButton: 'Reset password',
  resettingButton: 'Resetting password...',
  checkingLink: 'Checking your link',
  requestFailed: 'Failed to send the reset link',
  resetFailed: 'Failed to reset your password',
  backToLogin: 'Back to log in',
  askAgain: 'Ask for a new link',
} as const;

/** What the sent page says about the address it was asked for (the same whether or not it has an account). */
export const resetLinkSentMessage = (email: string) => `If an account exists for ${email}, we have sent it a link to reset the password.`;

/** The answer to a request past the per-address budget: "Please try again in 20 minutes." */
export const tooManyResetRequestsMessage = (waitSeconds: number) => {
  const minutes = Math.ceil(waitSeconds / 60);
  const wait = waitSeconds < 60 ? seconds(waitSeconds) : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return `Too many password reset requests for this email address. Please try again in ${wait}.`;
};
