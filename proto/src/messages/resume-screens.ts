/**
 * Résumés (issue 22): what the web app's résumé screens say of their own (loading, failures the
 * service did not word, the question before leaving an unsaved review). The service's words are
 * in `resumes.ts`.
 */
export const RESUME_SCREEN_MESSAGES = {
  loadFailed: 'Failed to load your résumé. Please try again.',
  uploadFailed: 'Failed to upload the résumé. Please try again.',
  saveFailed: 'Failed to save the résumé. Please try again.',
  acceptFailed: 'Failed to accept the suggestion. Please try again.',
  dismissFailed: 'Failed to dismiss the suggestion. Please try again.',
  versionsFailed: 'Failed to load the versions. Please try again.',
  uploading: 'Uploading your résumé...',
  reading: 'Reading your résumé...',
  notReviewed: 'Please check what we read from your file, then save it: Edit shows every part.',
  noSuggestions: 'No suggestions: every line already says what you did and what came of it.',
  /** No rewrite to offer, but lines still lack their outcome (said once below). */
  noRewrites: 'No rewrite to offer yet: the lines need their outcomes from you.',
  leaveTitle: 'Leave without saving?',
  leaveBody: 'Your changes to the résumé are not saved yet. If you leave now, they will be lost.',
  leaveStay: 'Stay and keep editing',
  leaveConfirm: 'Leave without saving',
} as const;
