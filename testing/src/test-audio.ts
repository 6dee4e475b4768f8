/**
 * Audio for tests and benches (imported as `@story/testing/test-audio`, never by production code):
 * ffmpeg converts a recording quietly, overwriting the output; and recordings made once, kept under
 * `node_modules/.cache/story-test-audio` by what they are made of (the program, its options, the text
 * or the input's bytes), so every file of every run that asks for the same recording gets the same
 * bytes without making it again.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `input` converted by ffmpeg into `output` with `options` (codec, bitrate, filters) between them. */
export function convertAudio(input: string, output: string, options: readonly string[] = []): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', input, ...options, output]);
}

/** Where made recordings are kept: beside the stack's bundles, so a fresh clone starts empty. */
export const TEST_AUDIO_CACHE = fileURLToPath(new URL('../../node_modules/.cache/story-test-audio/', import.meta.url));

/** Bump to make every recording anew (a change in how they are made that their recipes do not show). */
const RECIPE_VERSION = 1;

/** The SHA-256 of a file's bytes, in lower-case hex (how the scripted speech engine names a recording). */
export function audioSha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/**
 * The recording `recipe` describes, made once: `make(path)` writes it (a path ending in `.<extension>`,
 * since ffmpeg picks its format by the name), then it is linked into `cacheDir` as
 * `<sha-256 of the recipe>.<extension>`. The link never replaces a file: two test files making the same
 * recording at once both end with the one that landed first, and nobody ever reads half a file.
 */
export function cachedRecording(recipe: unknown, extension: string, make: (path: string) => void, cacheDir = TEST_AUDIO_CACHE): string {
  const key = createHash('sha256')
    .update(JSON.stringify({ version: RECIPE_VERSION, recipe, extension }))
    .digest('hex');
  const path = join(cacheDir, `${key}.${extension}`);
  if (existsSync(path)) return path;
  mkdirSync(cacheDir, { recursive: true });
  const making = join(cacheDir, `.making-${process.pid}-${randomUUID()}.${extension}`);
  try {
    make(making);
    try {
      linkSync(making, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  } finally {
    rmSync(making, { force: true });
  }
  return path;
}

/** `text` said by flite's `voice` (`rms`, which pocketsphinx hears well, unless told), as flite writes it (8 kHz mono WAV); made once. */
export function spokenWav(text: string, voice = 'rms', cacheDir = TEST_AUDIO_CACHE): string {
  return cachedRecording({ program: 'flite', voice, text }, 'wav', (path) => execFileSync('flite', ['-voice', voice, '-t', text, '-o', path]), cacheDir);
}

/** `input` converted by ffmpeg with `options` into a file ending in `.<extension>`; made once for the same input bytes and options. */
export function convertedAudio(input: string, extension: string, options: readonly string[] = [], cacheDir = TEST_AUDIO_CACHE): string {
  const recipe = { program: 'ffmpeg', input: audioSha256(input), options };
  return cachedRecording(recipe, extension, (path) => convertAudio(input, path, options), cacheDir);
}

/** `input` encoded as MP3 by lame (its defaults, as Debian's `lame --silent in out`); made once for the same input bytes. */
export function lameMp3(input: string, cacheDir = TEST_AUDIO_CACHE): string {
  return cachedRecording({ program: 'lame', input: audioSha256(input) }, 'mp3', (path) => execFileSync('lame', ['--silent', input, path]), cacheDir);
}
