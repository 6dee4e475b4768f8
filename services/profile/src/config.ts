import { z } from 'zod';
import { baseEnvSchema, portSchema } from '@story/service-kit';
import { pdfRenderingEnvShape } from '@story/service-kit/pdf/pdf-renderer';

/** An unset variable and an empty one mean the same: not configured. */
const optionalText = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const positiveInt = (fallback: number, name: string) =>
  z.coerce.number(`${name} must be a number`).int(`${name} must be a whole number`).positive(`${name} must be positive`).default(fallback);

/** The environment of the profile service, validated once at start-up. */
export const profileEnvSchema = baseEnvSchema.extend({
  PORT: portSchema(4007),
  OPENAI_API_KEY: optionalText(z.string()).describe(
    'Set: parsing and suggestions may use the OpenAI model (or a compatible server), checked against the text; unset: the offline engines',
  ),
  OPENAI_BASE_URL: optionalText(z.string().url('OPENAI_BASE_URL must be a URL')).describe('Any OpenAI-compatible server (Ollama, vLLM, …) instead of OpenAI'),
  OPENAI_CHAT_MODEL: z.string().min(1).default('gpt-4o-mini').describe('The chat model for résumé parsing and suggestions'),
  RESUME_AI_TIMEOUT_MS: positiveInt(20_000, 'RESUME_AI_TIMEOUT_MS').describe('How long an OpenAI parse may take before the offline parser answers instead'),
  // Résumé files are read on worker threads (issue 36): a hostile file spends its own thread's heap and time, never the event loop.
  RESUME_PARSE_THREADS: positiveInt(2, 'RESUME_PARSE_THREADS').describe('Worker threads reading résumé files at once (each reads one file at a time)'),
  RESUME_PARSE_QUEUE: z.coerce
    .number('RESUME_PARSE_QUEUE must be a number')
    .int('RESUME_PARSE_QUEUE must be a whole number')
    .min(0, 'RESUME_PARSE_QUEUE must not be negative')
    .default(8)
    .describe('Files that may wait for a reading thread; one more is refused with 503 (0: none wait)'),
  // pdfjs keeps caches between files: under 192 MB its collector thrashes (a two-page PDF takes 4 times longer).
  RESUME_PARSE_HEAP_MB: positiveInt(256, 'RESUME_PARSE_HEAP_MB').describe(
    "Each reading thread's JavaScript heap in MB; a file that needs more is refused (422)",
  ),
  RESUME_PARSE_DEADLINE_MS: positiveInt(10_000, 'RESUME_PARSE_DEADLINE_MS').describe(
    'How long reading one file may take before its thread is ended and the file refused (422)',
  ),
  SUGGESTIONS_TIMEOUT_MS: positiveInt(20_000, 'SUGGESTIONS_TIMEOUT_MS').describe(
    'How long the OpenAI suggestions may take before the offline engine answers instead',
  ),
  STORIES_TIMEOUT_MS: positiveInt(3_000, 'STORIES_TIMEOUT_MS').describe("How long the search service may take to find the stories behind a résumé's bullets"),
  PUBLIC_SITE_URL: optionalText(z.string().url('PUBLIC_SITE_URL must be a URL')).describe(
    "The site's address (https://example.com) for a public profile page's canonical link and og:url (make " +
      "run: the gateway's address); set it in production. A request's Host is never copied into a page",
  ),
  PUBLIC_SITE_HOSTS: z
    .string()
    .default('localhost,127.0.0.1')
    .transform((list) =>
      list
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter((host) => host !== ''),
    )
    .refine((hosts) => hosts.length > 0, 'PUBLIC_SITE_HOSTS must name at least one host')
    .describe(
      'Without PUBLIC_SITE_URL: comma-separated host names whose forwarded address (any port) a page may ' +
        'use as its own, for development; any other host gets http://<the first>',
    ),
  OUTBOX_RELAY_INTERVAL_MS: positiveInt(500, 'OUTBOX_RELAY_INTERVAL_MS').describe('How often the outbox relay looks for events it was not told about'),
  // Per-user quotas (DESIGN.md, "Identity and security"; issue 36): far above what a person's job
  // search produces, low enough that a person's data stays cheap to keep and to export. A write past
  // one is refused (409 saying which); nothing is pruned to make room.
  QUOTA_RESUMES_PER_USER: positiveInt(100, 'QUOTA_RESUMES_PER_USER').describe(
    'Résumés kept per user (each upload is one); an upload past it is refused with a 409',
  ),
  QUOTA_VERSIONS_PER_RESUME: positiveInt(500, 'QUOTA_VERSIONS_PER_RESUME').describe(
    'Versions of one résumé (each save or accepted suggestion); a save past it is refused with a 409, and no version is pruned (upload it again to go on)',
  ),
  QUOTA_RESUME_MB_PER_USER: z.coerce
    .number('QUOTA_RESUME_MB_PER_USER must be a number')
    .positive('QUOTA_RESUME_MB_PER_USER must be positive')
    .default(25)
    .describe(
      'Megabytes of résumé content per user, every version of every résumé as stored (a two-page résumé is ' +
        'about 10 KB a version); a write past it is refused with a 409',
    ),
  ...pdfRenderingEnvShape,
});
export type ProfileConfig = z.infer<typeof profileEnvSchema>;

export const SERVICE_NAME = 'profile';
