/** Feedback on answers (issue 12): what the feedback service answers. */
export const FEEDBACK_MESSAGES = {
  invalidAnswerId: 'Answer id must be a UUID',
  /** Not scored yet, or not the caller's: the same answer for both, so nobody learns of another's answers. */
  notReady: 'No feedback for this answer yet',
  /** A correction of a transcript (issue 19). */
  transcriptEmpty: 'Transcript cannot be empty',
  transcriptTooLong: 'Transcript must be at most 20000 characters',
  onlySpokenAnswers: 'Only a spoken answer has a transcript to correct',
} as const;
