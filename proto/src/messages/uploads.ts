/** The upload panel's checks (spec section 5, "Upload"). */
export const UPLOAD_MESSAGES = {
  invalidTypeTitle: 'Invalid file type',
  tooLargeTitle: 'File too large',
} as const;

/** The message of a file that is not MP3, WAV, M4A or AAC. */
export const invalidAudioTypeMessage = (fileName: string) =>
  `The file "${fileName}" is not a supported audio format. Please upload an MP3, WAV, M4A, or AAC file.`;

/** The message of a file over 25 MB, naming its size in MB. */
export const audioTooLargeMessage = (fileName: string, megabytes: string) =>
  `The file "${fileName}" is ${megabytes}MB. Please upload a file smaller than 25MB.`;
