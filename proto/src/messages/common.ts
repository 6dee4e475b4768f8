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

/** What the gateway answers for itself. */
export const GATEWAY_MESSAGES = {
  sessionUnavailable: 'Session service unavailable',
} as const;

/** A service that is not deployed, or keeps failing. */
export const serviceUnavailableMessage = (service: string) => `The ${service} service is not available`;
/** A service that took longer than the gateway waits. */
export const serviceTimeoutMessage = (service: string) => `The ${service} service did not answer in time`;
