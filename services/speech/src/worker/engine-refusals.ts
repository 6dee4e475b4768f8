import { SPEECH_MESSAGES, recordingTooLongMessage } from '@story/proto';
import { AudioTooLongError, DecodeTimeoutError, UnreadableAudioError } from '../engines/speech-engines.ts';
import { JobRefusal } from './job-runner.ts';

/** What a person is told about an engine's refusal: too long, or not audio at all; anything else stays an internal error. */
export function asRefusal(error: unknown): unknown {
  if (error instanceof AudioTooLongError) return new JobRefusal(422, recordingTooLongMessage(error.limitSeconds));
  if (error instanceof UnreadableAudioError) return new JobRefusal(422, SPEECH_MESSAGES.unreadableAudio);
  if (error instanceof DecodeTimeoutError) return new JobRefusal(422, SPEECH_MESSAGES.decodeTimedOut);
  return error;
}
