/** Voice: the speech service's answers and the recorder's texts (spec sections 2, 4 and 8; issue 8). */

/** Seconds as a person reads them: "45 seconds", "5 minutes", "2 minutes 30 seconds". */
export function spokenDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes === 0) return plural(rest, 'second');
  return rest === 0 ? plural(minutes, 'minute') : `${plural(minutes, 'minute')} ${plural(rest, 'second')}`;
}

export const SPEECH_MESSAGES = {
  audioMissing: 'Please choose an audio file to upload.',
  malformedUpload: 'The upload could not be read. Please choose the file again.',
  decodeTimedOut: 'This recording took too long to process and was stopped. Please try a shorter recording.',
  recordersBusy: 'Every live recorder is busy right now. Your recording will be sent as a whole when you stop.',
  speechBusy: 'The speech service is busy right now. Please try again in a minute.',
  tooManyJobs: 'You already have two recordings being transcribed. Please wait for one to finish, then try again.',
  oneFileOnly: 'Please upload one audio file at a time.',
  noSpeechHeard: 'No words could be heard in this recording. Please try again and speak close to the microphone.',
  unreadableAudio: 'This audio could not be read. Please record again or upload an MP3, WAV, M4A, or AAC file.',
  sessionNotFound: 'This recording session has ended. Your recording will be sent as a whole instead.',
  sessionBusy: 'Another recording of yours is still being transcribed. Please wait a moment and try again.',
  chunkTooLarge: 'A recording chunk may be at most 512 KB.',
  recordingTooLarge: 'This recording is larger than 25 MB. Please record a shorter answer.',
  workerLost: 'The speech service stopped while working on your recording. Please try again.',
  replyAudioIncomplete: 'The rest of the spoken reply could not be made. The whole reply is written above.',
  // ---- web ----
  countdownStarting: 'Recording starting soon...',
  processingRecording: 'Processing your recording...',
  uploading: 'Uploading your audio file...',
  transcribing: 'Transcribing your audio...',
  processingTranscript: 'Processing the transcript...',
  generating: 'Generating response...',
  restartTitle: 'Are you sure you want to restart?',
  restartBody: 'If you restart, conversations that are not yet transcribed will be lost.',
  restartNo: "No, let's continue",
  restartYes: 'Yes, restart',
  soloVoiceMemo: 'Solo Voice Memo',
  soloVoiceMemoHint: "For single-speaker recordings. We'll remove filler words and correct grammar.",
} as const;

/** A recording over the user's time limit (with the service's small tolerance already allowed). */
export const recordingTooLongMessage = (limitSeconds: number) =>
  `This recording is longer than your limit of ${spokenDuration(limitSeconds)}. Please record or upload a shorter one.`;

/** A chunk that does not follow the one before it. */
export const chunkOutOfOrderMessage = (expected: number, got: number) => `Recording chunk ${got} arrived out of order; chunk ${expected} was expected.`;

/** A finish that came before every chunk did. */
export const chunksMissingMessage = (received: number, sent: number) =>
  `Only ${received} of ${sent} recording chunks arrived. Your recording will be sent as a whole instead.`;

/** Said before the time limit stops the recorder. */
export const timeLimitWarningMessage = (secondsLeft: number) => `${spokenDuration(secondsLeft)} left: recording stops at your time limit.`;
