/**
 * The script of the speech service's scripted speech-to-text engine (tests only, NODE_ENV=test):
 * what it hears in a recording, looked up by the SHA-256 of the recording's bytes as the engine
 * gets them (a file's bytes, or a live recording's chunks in order). Written by
 * `@story/testing/scripted-speech`, read by `services/speech/src/engines/scripted`.
 */
import { z } from 'zod';

/** A recording's bytes' SHA-256, in lower-case hex. */
export const audioSha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'a recording is named by the SHA-256 of its bytes, in lower-case hex');

/** The words heard in each recording of the script, by its bytes' SHA-256 (an empty string: nothing heard). */
export const speechScriptSchema = z.record(audioSha256Schema, z.string());
export type SpeechScript = z.infer<typeof speechScriptSchema>;
