import { tmpdir } from 'node:os';
import { z } from 'zod';
import { baseEnvSchema, portSchema } from '@story/service-kit';
import { DEFAULT_FESTIVAL_VOICE } from './engines/festival/festival-voice.ts';
import { DEFAULT_WORD_MODEL_DIR } from './engines/moonshine/word-model-files.ts';
import { DEFAULT_CAREER_MODEL } from './engines/pocketsphinx/language-model/language-model-paths.ts';
import { DEBIAN_MODEL_DIR } from './engines/pocketsphinx/pocketsphinx-recognizer.ts';

/** An unset variable and an empty one mean the same: not configured. */
const optionalText = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const positiveInt = (fallback: number, name: string) =>
  z.coerce.number(`${name} must be a number`).int(`${name} must be a whole number`).positive(`${name} must be positive`).default(fallback);

/** `scripted`: the tests' engine (engines/scripted), refused outside NODE_ENV=test. */
const engineSchema = (name: string) => optionalText(z.enum(['offline', 'openai', 'scripted'], { error: `${name} must be offline or openai` }));

/** What the scripted engine hears in a recording with voice that its script does not name. */
export const DEFAULT_SCRIPTED_TRANSCRIPT = 'I led the migration of our checkout database to a new system and we finished two weeks early.';

/**
 * The environment of the speech service's HTTP front and of its workers (one image, two entry
 * files), validated once at start-up. A worker's PORT is its health port.
 */
export const speechEnvSchema = baseEnvSchema
  .extend({
    PORT: portSchema(4004),
    /** Unset: OpenAI when OPENAI_API_KEY is set, else offline (ffmpeg + pocketsphinx). */
    SPEECH_STT_ENGINE: engineSchema('SPEECH_STT_ENGINE'),
    /** Unset: OpenAI when OPENAI_API_KEY is set, else offline (festival + lame). */
    SPEECH_TTS_ENGINE: engineSchema('SPEECH_TTS_ENGINE'),
    /** Tests only, the scripted speech-to-text: a JSON file of the words heard in each recording, by the SHA-256 of its bytes (proto's speech-script.ts), or a folder of such files. */
    SPEECH_SCRIPTED_TRANSCRIPTS: optionalText(z.string()),
    /** Tests only: what the scripted speech-to-text hears in a recording with voice that its script does not name. */
    SPEECH_SCRIPTED_DEFAULT_TRANSCRIPT: z.string().min(1).default(DEFAULT_SCRIPTED_TRANSCRIPT),
    /** Tests only: seconds of work per second of audio for the scripted speech-to-text, so that queued work lasts (0: as fast as ffmpeg decodes). */
    SPEECH_SCRIPTED_SECONDS_PER_AUDIO_SECOND: z.coerce
      .number('SPEECH_SCRIPTED_SECONDS_PER_AUDIO_SECOND must be a number')
      .min(0, 'SPEECH_SCRIPTED_SECONDS_PER_AUDIO_SECOND must be from 0 to 10')
      .max(10, 'SPEECH_SCRIPTED_SECONDS_PER_AUDIO_SECOND must be from 0 to 10')
      .default(0),
    OPENAI_API_KEY: optionalText(z.string()),
    OPENAI_BASE_URL: optionalText(z.string().url('OPENAI_BASE_URL must be a URL')),
    OPENAI_TRANSCRIBE_MODEL: z.string().min(1).default('gpt-4o-mini-transcribe'),
    OPENAI_SPEECH_MODEL: z.string().min(1).default('gpt-4o-mini-tts'),
    OPENAI_SPEECH_VOICE: z.string().min(1).default('alloy'),
    POCKETSPHINX_MODEL_DIR: z.string().min(1).default(DEBIAN_MODEL_DIR),
    /** The recogniser's language model: the career model `make deps` builds; Debian's generic one when the file is missing. */
    POCKETSPHINX_LANGUAGE_MODEL: z.string().min(1).default(DEFAULT_CAREER_MODEL.languageModel),
    /** Its pronunciation dictionary (the CMU dictionary and the career words it lacks); Debian's when missing. */
    POCKETSPHINX_DICTIONARY: z.string().min(1).default(DEFAULT_CAREER_MODEL.dictionary),
    /** The offline recogniser's word model (Moonshine Tiny, which `make deps` fetches): `moonshine` hears the words and pocketsphinx times them; `none`: pocketsphinx alone. */
    SPEECH_WORD_MODEL: z.enum(['moonshine', 'none'], { message: 'SPEECH_WORD_MODEL must be moonshine or none' }).default('moonshine'),
    /** Where the word model's files are; pocketsphinx alone (said once) when they are missing. */
    SPEECH_WORD_MODEL_DIR: z.string().min(1).default(DEFAULT_WORD_MODEL_DIR),
    FESTIVAL_VOICE: z
      .string()
      .regex(/^[a-z0-9_]+$/, 'FESTIVAL_VOICE must be a festival voice name such as cmu_us_slt_arctic_hts')
      .default(DEFAULT_FESTIVAL_VOICE),
    /** Where uploads and replies are written for a moment (always removed). */
    SPEECH_TMP_DIR: z.string().min(1).default(tmpdir()),
    /** Seconds a recording may run past the user's limit (the recorder stops a moment late). */
    SPEECH_TIME_LIMIT_TOLERANCE_SECONDS: z.coerce.number().min(0).max(60).default(3),
    /** Seconds past the longest recording a decode may run (wall clock) before its processes are killed. */
    SPEECH_DECODE_MARGIN_SECONDS: z.coerce.number().min(1).max(600).default(30),
    /** Jobs (a whole file to transcribe, a reply to speak) a worker runs at once; more wait in its queue. */
    SPEECH_WORKER_CONCURRENCY: positiveInt(1, 'SPEECH_WORKER_CONCURRENCY'),
    /** Jobs that may wait on one worker for their turn; past it the worker refuses at once as busy, and the front tries another. */
    SPEECH_WORKER_MAX_WAITING: positiveInt(16, 'SPEECH_WORKER_MAX_WAITING'),
    /** How long a job may wait for its turn on a worker before the person is told the service is busy. */
    SPEECH_JOB_START_WITHIN_MS: positiveInt(45_000, 'SPEECH_JOB_START_WITHIN_MS'),
    /** Voice turns (uploads, recordings' finishes) one person may have in flight at once, across every front. */
    SPEECH_TURNS_PER_PERSON: positiveInt(2, 'SPEECH_TURNS_PER_PERSON'),
    /** Seconds of audio one person may have transcribed per hour (charged by each recording's length). */
    SPEECH_AUDIO_SECONDS_PER_HOUR: positiveInt(3600, 'SPEECH_AUDIO_SECONDS_PER_HOUR'),
    /** A live recording is closed this long after its time limit, whatever it still sends. */
    SPEECH_SESSION_MARGIN_SECONDS: positiveInt(30, 'SPEECH_SESSION_MARGIN_SECONDS'),
    /** Live recordings a worker transcribes at once. */
    SPEECH_WORKER_MAX_SESSIONS: positiveInt(4, 'SPEECH_WORKER_MAX_SESSIONS'),
    /** A live recording that sends nothing for this long is dropped. */
    SPEECH_SESSION_IDLE_SECONDS: positiveInt(30, 'SPEECH_SESSION_IDLE_SECONDS'),
    /** How often a worker says it is still working on a job. */
    SPEECH_JOB_HEARTBEAT_MS: positiveInt(1000, 'SPEECH_JOB_HEARTBEAT_MS'),
    /** The front counts a worker as gone after this long without a word from it, and gives the job to another. */
    SPEECH_JOB_STALL_MS: positiveInt(5000, 'SPEECH_JOB_STALL_MS'),
    /** Workers a job is tried on before the front gives up with a clear error. */
    SPEECH_JOB_ATTEMPTS: positiveInt(3, 'SPEECH_JOB_ATTEMPTS'),
    /** Audio up to this size travels inside a NATS message; larger goes through the object store. */
    SPEECH_INLINE_AUDIO_BYTES: positiveInt(256 * 1024, 'SPEECH_INLINE_AUDIO_BYTES'),
    /** Audio left in the object store (a front that died mid-job) expires after this long. */
    SPEECH_AUDIO_TTL_SECONDS: positiveInt(3600, 'SPEECH_AUDIO_TTL_SECONDS'),
    /** How often the front's outbox relay looks for ledger events it was not told about (issue 21). */
    OUTBOX_RELAY_INTERVAL_MS: positiveInt(500, 'OUTBOX_RELAY_INTERVAL_MS'),
    /** How long the front waits for the coach's reply over NATS. */
    SPEECH_CHAT_TIMEOUT_MS: positiveInt(30_000, 'SPEECH_CHAT_TIMEOUT_MS'),
    /** The longest any one engine program may run for a job. */
    SPEECH_ENGINE_TIMEOUT_MS: positiveInt(600_000, 'SPEECH_ENGINE_TIMEOUT_MS'),
  })
  .refine((env) => (env.SPEECH_STT_ENGINE !== 'openai' && env.SPEECH_TTS_ENGINE !== 'openai') || Boolean(env.OPENAI_API_KEY), {
    message: 'OPENAI_API_KEY is required when SPEECH_STT_ENGINE or SPEECH_TTS_ENGINE is openai',
    path: ['OPENAI_API_KEY'],
  })
  // The scripted engines hear nothing and say nothing: a person must never meet them.
  .refine((env) => env.NODE_ENV === 'test' || env.SPEECH_STT_ENGINE !== 'scripted', {
    message: "SPEECH_STT_ENGINE=scripted is the tests' engine: it runs only with NODE_ENV=test (use offline or openai)",
    path: ['SPEECH_STT_ENGINE'],
  })
  .refine((env) => env.NODE_ENV === 'test' || env.SPEECH_TTS_ENGINE !== 'scripted', {
    message: "SPEECH_TTS_ENGINE=scripted is the tests' engine: it runs only with NODE_ENV=test (use offline or openai)",
    path: ['SPEECH_TTS_ENGINE'],
  });
export type SpeechConfig = z.infer<typeof speechEnvSchema>;
/** The engines a configuration may pick for each direction. */
export type SpeechEngineName = NonNullable<SpeechConfig['SPEECH_STT_ENGINE']>;

/** The engines a configuration picks: as set, else OpenAI when OPENAI_API_KEY is set, else offline. */
export function engineChoice(config: Pick<SpeechConfig, 'SPEECH_STT_ENGINE' | 'SPEECH_TTS_ENGINE' | 'OPENAI_API_KEY'>): {
  stt: SpeechEngineName;
  tts: SpeechEngineName;
} {
  const fallback = config.OPENAI_API_KEY ? 'openai' : 'offline';
  return { stt: config.SPEECH_STT_ENGINE ?? fallback, tts: config.SPEECH_TTS_ENGINE ?? fallback };
}

export const SERVICE_NAME = 'speech';
export const WORKER_NAME = 'speech-worker';
