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
  /** A store (MongoDB, Qdrant) cannot be reached: a 503 with Retry-After; nothing was changed. */
  temporarilyUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
} as const;

/** What the gateway answers for itself. */
export const GATEWAY_MESSAGES = {
  sessionUnavailable: 'Session service unavailable',
  csrfInvalid: 'Invalid or missing CSRF token',
  tooManyRequests: 'Too many requests, please try again later.',
  tooManyMutations: 'A request may make at most 3 changes at once.',
} as const;

/** A spent budget: what kind, and when the person may try again. */
export const budgetSpentMessage = (what: 'AI requests' | 'changes' | 'sign-in attempts' | 'recording chunks' | 'PDF downloads', seconds: number) =>
  `Too many ${what} in a short time. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** A service that is not deployed, or keeps failing. */
export const serviceUnavailableMessage = (service: string) => `The ${service} service is not available`;
/** A service that took longer than the gateway waits. */
export const serviceTimeoutMessage = (service: string) => `The ${service} service did not answer in time`;

/** The product's name, as the header, the landing page, the legal pages and the tab titles show it. */
export const PRODUCT_NAME = 'Story Platform';
