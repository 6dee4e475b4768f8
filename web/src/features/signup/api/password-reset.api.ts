import { PASSWORD_RESET_MESSAGES, messageResponseSchema, passwordResetCheckResponseSchema } from '@story/proto';
import { ApiError, httpClient, serverMessageOr } from '../../../api/http-client.ts';

/** Asks for a reset link for `email`; the answer is the same whether or not it has an account. Errors carry the server message or "Failed to send the reset link". */
export async function requestPasswordReset(email: string): Promise<void> {
  try {
    await httpClient.post('/api/users/password-reset', { email }, { parse: (data) => messageResponseSchema.parse(data) });
  } catch (error) {
    throw new Error(serverMessageOr(error, PASSWORD_RESET_MESSAGES.requestFailed), { cause: error });
  }
}

/** A link that no longer works (used, expired, or never one of ours), as the server says so. */
export class ResetLinkInvalidError extends Error {
  constructor(options?: ErrorOptions) {
    super(PASSWORD_RESET_MESSAGES.linkInvalid, options);
    this.name = 'ResetLinkInvalidError';
  }
}

/** The server's 400 for a link that does not work, told apart from other failures. */
function asLinkFailure(error: unknown, fallback: string): Error {
  if (error instanceof ApiError && error.status === 400 && error.serverMessage === PASSWORD_RESET_MESSAGES.linkInvalid) {
    return new ResetLinkInvalidError({ cause: error });
  }
  return new Error(serverMessageOr(error, fallback), { cause: error });
}

/** The e-mail of the account a link resets; ResetLinkInvalidError when the link no longer works. */
export async function checkResetLink(token: string): Promise<string> {
  try {
    const body = await httpClient.post('/api/users/password-reset/check', { token }, { parse: (data) => passwordResetCheckResponseSchema.parse(data) });
    return body.email;
  } catch (error) {
    throw asLinkFailure(error, PASSWORD_RESET_MESSAGES.resetFailed);
  }
}

/** Sets the new password through the link (every session of the account ends); ResetLinkInvalidError when the link no longer works. */
export async function completePasswordReset(token: string, password: string): Promise<void> {
  try {
    await httpClient.post('/api/users/password-reset/complete', { token, password }, { parse: (data) => messageResponseSchema.parse(data) });
  } catch (error) {
    throw asLinkFailure(error, PASSWORD_RESET_MESSAGES.resetFailed);
  }
}
