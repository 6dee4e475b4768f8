/**
 * Audio for tests and benches (imported as `@story/testing/test-audio`, never by production
 * code): ffmpeg converts a recording quietly, overwriting the output.
 */
import { execFileSync } from 'node:child_process';

/** `input` converted by ffmpeg into `output` with `options` (codec, bitrate, filters) between them. */
export function convertAudio(input: string, output: string, options: readonly string[] = []): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', input, ...options, output]);
}
