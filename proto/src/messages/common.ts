/** Texts every area shares: toast titles and the generic answers of the HTTP layer. */
export const TOAST_TITLES = {
  error: 'Error',
  success: 'Success',
} as const;

export const HTTP_MESSAGES = {
  internal: 'Internal server error',
  invalidJson: 'Request body is not valid JSON',
  bodyTooLarge: 'Request body is too large',
  unsupportedMediaType: 'Unsupported content type',
  authenticationRequired: 'Authentication required',
  adminRequired: 'Admin access required',
  invalidRequest: 'Invalid request',
} as const;
