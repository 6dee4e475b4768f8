/** The conversation screen (/recording): replies, saves and recordings (spec section 8, "Conversation screen"). */
export const CONVERSATION_MESSAGES = {
  saved: 'Conversation saved successfully',
  saveFailed: 'Failed to save conversation. Please try again.',
  snippetConversationSaved: 'Snippet conversation saved',
  snippetHistoryEmpty: 'conversationHistory must have at least one exchange',
  processTextFailed: 'Failed to process the text',
  processAudioFailed: 'Failed to process the audio file',
  // ---- web ----
  loadFailed: 'Failed to load previous conversations.',
  createThreadFailed: 'Failed to create new conversation thread.',
  startRecordingFailed: 'Failed to start recording. Please ensure microphone permissions are granted.',
  microphoneFailed: 'Failed to access microphone. Please ensure you have granted microphone permissions.',
  timeLimitFailed: 'Failed to fetch recording time limit',
  processRecordingFailed: 'Failed to process the recording',
  processRecordingRetry: 'Failed to process recording. Please try again.',
  stopRecordingFailed: 'Failed to stop recording. Please refresh and try again.',
  playAudioFailed: 'Failed to play audio response',
  recordingEmpty: 'Recording is empty - no audio data captured',
  recordingTooSmall: 'Recording is too small - possible incomplete capture',
  timeLimitReachedTitle: 'Time Limit Reached',
  timeLimitReached: 'Recording stopped due to time limit',
  // ---- web: leaving with unsaved messages, a thread that cannot be continued (issue 11) ----
  leaveTitle: 'Leave without saving?',
  leaveBody: 'This conversation has messages that are not saved yet. If you leave now, they will be lost.',
  leaveWhileRecording: 'You are recording. If you leave now, what you said will be lost.',
  leaveStay: 'Stay and keep talking',
  leaveConfirm: 'Leave without saving',
  cannotContinue: 'This conversation cannot be continued: it was not found, or it could not be loaded.',
  backToConversations: 'Back to your conversations',
  startNewConversation: 'Start a new conversation',
} as const;

/** "Recording failed: {reason}" */
export const recordingFailed = (reason: string) => `Recording failed: ${reason}`;

/**
 * What the Skip Question button of an interview practice sends for the person (issue 38, 6): the
 * interviewer hears a skip, moves to the next question, and grades nothing.
 */
export const SKIP_QUESTION = { label: 'Skip Question', said: 'Skip this question, please.' } as const;
