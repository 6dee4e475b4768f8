import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { writeSpeechScript, type ScriptedLine } from './scripted-speech.ts';

/**
 * The standard stack of a vitest project (`stack`, `browser`): started once per run by
 * `standard-stack.global-setup.ts`, in the background while other kinds of test run, and shared by
 * every file that does not need processes of its own. Files isolate themselves by account (a fresh
 * e-mail address each), so they never see one another's data. A file that changes what every person
 * sees (a plan's settings, a service's configuration, a process killed) starts its own stack with
 * `startTestStack` and says why in one line.
 */
export interface StandardStack {
  gatewayUrl: string;
  natsUrl: string;
  dataDir: string;
  /** Each service's own URL (`auth`, `conversations`, …), for what a test asks a service directly. */
  serviceUrls: Record<string, string>;
  /** Every process, with where its Prometheus metrics are (the gateway's on its internal port). */
  processes: { name: string; url: string; metricsUrl: string }[];
  /** The folder of the scripted speech engine's scripts: each file writes its own (`scriptSpeech`). */
  speechScripts: string;
}

/** Where a running stack answers: all a test needs of it to sign people up and open pages. */
export interface StackAddress {
  gatewayUrl: string;
}

/** What the global setup writes once the stack answers (or could not start). */
export type StandardStackState = ({ ready: true } & StandardStack) | { ready: false; error: string };

/** How many admin addresses the standard stack knows (ADMIN_EMAILS); each file reserves its own. */
export const STANDARD_ADMIN_SLOTS = 200;
const adminEmailAt = (slot: number) => `admin.${String(slot).padStart(3, '0')}.standard@gmail.com`;
/** ADMIN_EMAILS of the standard stack. */
export const STANDARD_ADMIN_EMAILS = Array.from({ length: STANDARD_ADMIN_SLOTS }, (_, slot) => adminEmailAt(slot));

/**
 * The environment every standard stack runs with, over `startTestStack`'s own defaults. Speech runs
 * the scripted engines (real audio measured, the words each file's script says, spoken replies a hum
 * of the right length): the standard stacks test what surrounds recognition. Recognition and speech
 * themselves are tested with the real engines where they are what is tested (the speech service's
 * transcription, live-session and worker tests, the speech-workers stack, the voice browser flows).
 */
export function standardStackEnv(speechScripts: string): Record<string, string> {
  return {
    ADMIN_EMAILS: STANDARD_ADMIN_EMAILS.join(','),
    SPEECH_STT_ENGINE: 'scripted',
    SPEECH_TTS_ENGINE: 'scripted',
    SPEECH_SCRIPTED_TRANSCRIPTS: speechScripts,
  };
}

/** Tells the standard stack's scripted speech what these recordings say (a file of this caller's own in its scripts folder). */
export function scriptSpeech(stack: StandardStack, lines: readonly ScriptedLine[]): void {
  writeSpeechScript(join(stack.speechScripts, `${randomUUID()}.json`), lines);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the project's global setup writes `StandardStackState`. */
    standardStackFile: string;
  }
}

/** How long a file waits for the standard stack that is starting beside the run's earlier kinds. */
const START_WAIT_MS = 240_000;

function readState(file: string): StandardStackState | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StandardStackState;
  } catch {
    return undefined; // being written: read again
  }
}

/**
 * The project's standard stack, once it answers. Waits for the global setup to say it is ready (it
 * writes its state file whole), and fails with the stack's own start-up error when it could not start.
 */
export async function standardStack(): Promise<StandardStack> {
  const file = inject('standardStackFile');
  if (!file) throw new Error('No standard stack in this project: the stack and browser projects start one (vitest.config.ts).');
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    const state = readState(file);
    if (state?.ready) {
      const { gatewayUrl, natsUrl, dataDir, serviceUrls, processes, speechScripts } = state;
      return { gatewayUrl, natsUrl, dataDir, serviceUrls, processes, speechScripts };
    }
    if (state && !state.ready) throw new Error(`The standard stack did not start:\n${state.error}`);
    if (Date.now() > deadline) throw new Error(`The standard stack was not ready within ${START_WAIT_MS / 1000} s (${file})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * An address the standard stack makes an admin at sign-up, reserved for this caller alone: each slot
 * is taken by creating its file exclusively, so two files running at once never get the same one.
 */
export function reserveAdminEmail(stack: StandardStack): string {
  const dir = join(stack.dataDir, 'admin-slots');
  mkdirSync(dir, { recursive: true });
  for (let slot = 0; slot < STANDARD_ADMIN_SLOTS; slot++) {
    try {
      closeSync(openSync(join(dir, String(slot)), 'wx'));
      return adminEmailAt(slot);
    } catch {
      // taken: try the next one
    }
  }
  throw new Error(`All ${STANDARD_ADMIN_SLOTS} admin addresses of the standard stack are taken: raise STANDARD_ADMIN_SLOTS`);
}
