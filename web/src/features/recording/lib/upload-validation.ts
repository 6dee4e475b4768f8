import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, audioTooLargeMessage, invalidAudioTypeMessage } from '@story/proto';

/** MIME types the upload accepts (spec section 5). */
export const ACCEPTED_AUDIO_MIME_TYPES = ['audio/mp3', 'audio/wav', 'audio/m4a', 'audio/aac', 'audio/mpeg', 'audio/mp4', 'audio/x-m4a'] as const;
/** File name endings accepted when the browser reports no or another MIME type. */
export const ACCEPTED_AUDIO_EXTENSIONS = ['.mp3', '.wav', '.m4a', '.aac'] as const;
/** The file chooser's `accept` list. */
export const AUDIO_ACCEPT = [...ACCEPTED_AUDIO_MIME_TYPES, 'audio/x-wav', 'audio/wave', ...ACCEPTED_AUDIO_EXTENSIONS].join(',');

export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

/** A rejected file, as an "Error"-style toast: title and message. */
export interface UploadRejection {
  title: string;
  description: string;
}

const BYTES_PER_MB = 1024 * 1024;

function isAcceptedAudio(file: FileFacts): boolean {
  const type = file.type.toLowerCase();
  if ((ACCEPTED_AUDIO_MIME_TYPES as readonly string[]).includes(type)) return true;
  const name = file.name.toLowerCase();
  return ACCEPTED_AUDIO_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/** Checks a chosen audio file: type first, then size (at most 25 MB); null when it is fine. */
export function validateAudioFile(file: FileFacts): UploadRejection | null {
  if (!isAcceptedAudio(file)) {
    return { title: UPLOAD_MESSAGES.invalidTypeTitle, description: invalidAudioTypeMessage(file.name) };
  }
  if (file.size > UPLOAD_MAX_BYTES) {
    const megabytes = (file.size / BYTES_PER_MB).toFixed(2);
    return { title: UPLOAD_MESSAGES.tooLargeTitle, description: audioTooLargeMessage(file.name, megabytes) };
  }
  return null;
}
