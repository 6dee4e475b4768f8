import { z } from 'zod';
import { FEEDBACK_MESSAGES } from './messages/feedback.ts';

const idNumber = z
  .number('Id must be a number')
  .int('Id must be a whole number')
  .positive('Id must be a positive number')
  .max(Number.MAX_SAFE_INTEGER, 'Id is too large');

/**
 * A numeric id in a JSON body: a JSON number that is a positive safe integer. Nothing is coerced:
 * `"6"`, `[6]`, `true` and `6.0e0` written as a string are refused, not read as 6.
 */
export const idSchema = idNumber;

/**
 * An id written as text (a path segment, a GraphQL ID): decimal digits only, no sign, no leading
 * zero, no spaces, no exponent or hex (`/1e3`, `/0x10`, `" 6 "` are refused), then a safe integer.
 */
export const idTextSchema = z
  .string('Id must be a number')
  .regex(/^[1-9][0-9]{0,15}$/, 'Id must be a number')
  .transform(Number)
  .pipe(idNumber);

/** Path parameters of `/:id` style routes. */
export const idParamsSchema = z.object({ id: idTextSchema });
export const threadIdParamsSchema = z.object({ threadId: idTextSchema });
export const snippetIdParamsSchema = z.object({ snippetId: idTextSchema });
export const jobDescriptionIdParamsSchema = z.object({ jobDescriptionId: idTextSchema });

export const isoDateSchema = z.string().datetime({ offset: true });

/** Canonical UUID text (lower case, version 4): the one spelling of an answer id. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The id the conversations service gives each answer it replies to (returned with the reply); feedback is found by it. */
export const answerIdSchema = z.string(FEEDBACK_MESSAGES.invalidAnswerId).regex(UUID_PATTERN, FEEDBACK_MESSAGES.invalidAnswerId);

/** A kept spoken reply's id (object store `speech_replies`): a lower-case UUID, nothing else. */
export const REPLY_AUDIO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The object of a kept reply: its owner is part of the name, so an id never reads another user's audio. */
export const replyAudioObjectName = (userId: number, audioId: string) => `reply-${userId}-${audioId}`;
