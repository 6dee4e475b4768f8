/**
 * Test support of the speech service: recordings made with a speech synthesiser (flite's `rms`
 * voice, which pocketsphinx understands well; never the replies' own voice), in every format the
 * service takes, and a stand-in for auth's `auth.user.settings` answer.
 */
import { convertedAudio, lameMp3, spokenWav } from '@story/testing/test-audio';
import { scriptedSpeechEnv, type ScriptedLine, type ScriptedSpeechOptions } from '@story/testing/scripted-speech';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  DEFAULT_PLAN_FEATURES,
  QUEUE_GROUPS,
  SUBJECTS,
  userSettingsRequestSchema,
  voiceSessionResponseSchema,
  type PlanFeatures,
  type ResponseType,
} from '@story/proto';
import { multipartForm, standInSnippetOwners, startServiceForTest, tempDataDir, type ServiceUnderTest } from '@story/testing/service-under-test';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { conversationsService, type ConversationsDeps } from '../../conversations/src/app.ts';
import type { ConversationsConfig } from '../../conversations/src/config.ts';
import { speechService, type SpeechDeps } from '../src/app.ts';
import type { SpeechConfig } from '../src/config.ts';
import { speechWorkerService, type SpeechWorkerDeps } from '../src/worker/worker-app.ts';

export const SPOKEN_ANSWER =
  'I led the migration of our checkout database to a new system. We finished two weeks early and the error rate dropped by eighty percent.';
/** Words pocketsphinx reliably hears in SPOKEN_ANSWER. */
export const HEARD_WORDS = ['database', 'weeks', 'percent'];

export interface Recordings {
  wav: string;
  mp3: string;
  m4a: string;
  aac: string;
  webm: string;
  ogg: string;
  /** About 26 s: SPOKEN_ANSWER three times. */
  longWav: string;
  /** The same as a browser records it (webm/opus). */
  longWebm: string;
}

/** Makes the recordings in `dir`: copies of the ones made once (`@story/testing/test-audio`: flite, then ffmpeg and lame). */
export function makeRecordings(dir: string, text = SPOKEN_ANSWER): Recordings {
  const path = (name: string) => join(dir, name);
  const answer = spokenWav(text);
  const long = spokenWav(`${text} ${text} ${text}`);
  const made: Recordings = {
    wav: answer,
    mp3: lameMp3(answer),
    m4a: convertedAudio(answer, 'm4a', ['-c:a', 'aac', '-b:a', '96k']),
    aac: convertedAudio(answer, 'aac', ['-c:a', 'aac', '-b:a', '96k', '-f', 'adts']),
    webm: convertedAudio(answer, 'webm', ['-c:a', 'libopus', '-b:a', '128k']),
    ogg: convertedAudio(answer, 'ogg', ['-c:a', 'libopus', '-b:a', '64k']),
    longWav: long,
    longWebm: convertedAudio(long, 'webm', ['-c:a', 'libopus', '-b:a', '64k']),
  };
  const names: Recordings = {
    wav: path('answer.wav'),
    mp3: path('answer.mp3'),
    m4a: path('answer.m4a'),
    aac: path('answer.aac'),
    webm: path('answer.webm'),
    ogg: path('answer.ogg'),
    longWav: path('long.wav'),
    longWebm: path('long.webm'),
  };
  for (const kind of Object.keys(names) as (keyof Recordings)[]) copyFileSync(made[kind], names[kind]);
  return names;
}

/** What each recording says (`text` as `makeRecordings` was given it): the script of the scripted speech engine. */
export function recordingsScript(recordings: Recordings, text = SPOKEN_ANSWER): ScriptedLine[] {
  const { longWav, longWebm, ...answers } = recordings;
  return [
    ...Object.values(answers).map((audio) => ({ audio, words: text })),
    ...[longWav, longWebm].map((audio) => ({ audio, words: `${text} ${text} ${text}` })),
  ];
}

/** A file's bytes cut into `parts` pieces, as a recorder's one-second chunks come. */
export function chunksOf(file: string, parts: number): Buffer[] {
  const bytes = readFileSync(file);
  const size = Math.ceil(bytes.length / parts);
  return Array.from({ length: parts }, (_, index) => bytes.subarray(index * size, (index + 1) * size)).filter((chunk) => chunk.length > 0);
}

export interface UserVoiceSettings {
  timeLimit: number;
  responseType: ResponseType;
  /** The plan's minutes a month (default: Starter's 120). */
  monthlyMinutes?: number;
  /** Features switched from Starter's defaults (AI voice replies follow the reply type). */
  features?: Partial<Omit<PlanFeatures, 'voiceReplies'>>;
}

/** Answers `auth.user.settings` as auth would, from a table of users: AI voice replies are the reply type (issue 39). */
export function answerUserSettings(nc: NatsConnection, users: ReadonlyMap<number, UserVoiceSettings>): void {
  nc.subscribe(SUBJECTS.userSettings, {
    queue: QUEUE_GROUPS.auth,
    callback: (_error, msg) => {
      const request = userSettingsRequestSchema.safeParse(msg.json());
      const user = request.success ? users.get(request.data.userId) : undefined;
      const plan = { userType: 'standard', monthlyMinutes: 120 };
      const features = { ...DEFAULT_PLAN_FEATURES.standard, ...user?.features, voiceReplies: user?.responseType === 'text_and_voice' };
      msg.respond(JSON.stringify(user ? { ok: true, ...plan, ...user, features } : { ok: false, message: 'User not found' }));
    },
  });
}

/** The practised snippet of the tests, and whose it is: everyone's but OTHERS_SNIPPET's. */
export const TEST_SNIPPET = 7;
/** A snippet of somebody else: a turn naming it is refused (404), as the jobs service would say. */
export const OTHERS_SNIPPET = 8;

/** A multipart body of the spec's `/api/transcribe` form. */
export function transcribeForm(
  file: { name: string; bytes: Buffer; type?: string } | undefined,
  fields: Record<string, string> = {},
): { body: Buffer; contentType: string } {
  return multipartForm(file ? [{ field: 'audio', ...file }] : [], fields);
}

export const VOICE_USER = 1;
export const TEXT_USER = 2;
export const SHORT_LIMIT_USER = 3;
/** A plan of half a minute a month (issue 21): one long recording fits, the next overshoots, the third is refused. */
export const HALF_MINUTE_USER = 4;
/** Text replies: an admin took voice replies and interview practice out of the plan. */
export const LOCKED_USER = 5;
/** Another half-minute month, for the ledger's attacks (issue 36): new audio under a counted recording id. */
export const OLD_ID_USER = 6;
/** A plan an admin gave mock interviews (issue 36). */
export const MOCK_USER = 7;

/** The test users: replies with voice (5 min), text only (5 min), text only with a 10 s limit, and a half-minute month. */
export const TEST_USERS: ReadonlyMap<number, UserVoiceSettings> = new Map([
  [VOICE_USER, { timeLimit: 300, responseType: 'text_and_voice' as const }],
  [TEXT_USER, { timeLimit: 300, responseType: 'text' as const }],
  [SHORT_LIMIT_USER, { timeLimit: 10, responseType: 'text' as const }],
  [HALF_MINUTE_USER, { timeLimit: 300, responseType: 'text' as const, monthlyMinutes: 0.5 }],
  [LOCKED_USER, { timeLimit: 300, responseType: 'text' as const, features: { interviewPractice: false } }],
  [OLD_ID_USER, { timeLimit: 300, responseType: 'text' as const, monthlyMinutes: 0.5 }],
  [MOCK_USER, { timeLimit: 300, responseType: 'text' as const, features: { mockInterviews: true } }],
]);

/** Everything a speech test talks to, real: nats-server, conversations, the speech front and (unless `workers: 0`) one in-process worker. */
export interface SpeechWorld {
  dir: string;
  /** The temporary folder of the front and the worker (it must be empty after every request). */
  tmp: string;
  nats: NatsServerHandle;
  /** The test's own connection; it answers auth's `auth.user.settings` for TEST_USERS. */
  nc: NatsConnection;
  recordings: Recordings;
  conversations: ServiceUnderTest<ConversationsConfig, ConversationsDeps>;
  front: ServiceUnderTest<SpeechConfig, SpeechDeps>;
  worker: ServiceUnderTest<SpeechConfig, SpeechWorkerDeps> | undefined;
  close(): Promise<void>;
}

export interface SpeechWorldOptions {
  env?: Record<string, string>;
  frontEnv?: Record<string, string>;
  workers?: 0 | 1;
  snippetText?: string;
  /**
   * The scripted engines instead of the real ones (`@story/testing/scripted-speech`), for tests of
   * what surrounds recognition: each recording of the world is heard to say its text.
   */
  scripted?: ScriptedSpeechOptions;
}

export async function startSpeechWorld(options: SpeechWorldOptions = {}): Promise<SpeechWorld> {
  const dir = tempDataDir('speech-world-');
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const recordings = makeRecordings(dir);
  const engines = options.scripted ? scriptedSpeechEnv(dir, recordingsScript(recordings), options.scripted) : {};
  const nats = await startNatsServer({ storeDir: join(dir, 'nats') });
  const nc = await connect({ servers: nats.url });
  answerUserSettings(nc, TEST_USERS);
  // Stands in for the jobs service: TEST_SNIPPET belongs to every test user, no other snippet to anyone.
  standInSnippetOwners(nc, (snippetId, userId) => snippetId === TEST_SNIPPET && TEST_USERS.has(userId), {
    snippetText: options.snippetText ?? '- Lead a migration',
    jobDescriptionId: 1,
  });
  const env = { SPEECH_TMP_DIR: tmp, ...engines, ...options.env };
  const [conversations, front, worker] = await Promise.all([
    startServiceForTest(conversationsService, { natsUrl: nats.url, dataDir: join(dir, 'conversations'), deps: { runPurgeJob: false } }),
    startServiceForTest(speechService, { natsUrl: nats.url, dataDir: join(dir, 'front'), env: { ...env, ...options.frontEnv } }),
    options.workers === 0 ? undefined : startServiceForTest(speechWorkerService, { natsUrl: nats.url, dataDir: join(dir, 'worker'), env }),
  ]);
  return {
    dir,
    tmp,
    nats,
    nc,
    recordings,
    conversations,
    front,
    worker,
    close: async () => {
      await Promise.all([front.close(), worker?.close(), conversations.close()]);
      await nc.close();
      await nats.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every file under a folder (the speech processes' work folders are there while they run; files must not be). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The live-recording requests tests send to the speech front as a user: open a recording (its
 * answer, or just its id) and send a chunk. `front` is read at each call: a world is started in beforeAll.
 */
export function liveSessionCalls(front: () => SpeechWorld['front']) {
  const as = (userId: number) => front().as(userId);
  const open = async (userId: number, mimeType = 'audio/webm;codecs=opus') =>
    front().app.inject({ method: 'POST', url: '/api/transcribe/sessions', headers: await as(userId), payload: { mimeType } });
  const openId = async (userId: number) => voiceSessionResponseSchema.parse((await open(userId)).json()).sessionId;
  const sendChunk = async (userId: number, sessionId: string, seq: number, bytes: Buffer) =>
    front().app.inject({
      method: 'POST',
      url: `/api/transcribe/sessions/${sessionId}/chunks?seq=${seq}`,
      headers: { ...(await as(userId)), 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
  return { as, open, openId, sendChunk };
}
