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
  /** Set: parsing and suggestions may use the OpenAI model (or a compatible server), checked against the text; unset: the offline engines. */
  OPENAI_API_KEY: optionalText(z.string()),
  OPENAI_BASE_URL: optionalText(z.string().url('OPENAI_BASE_URL must be a URL')),
  OPENAI_CHAT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** How long an OpenAI parse may take before the offline parser answers instead. */
  RESUME_AI_TIMEOUT_MS: positiveInt(20_000, 'RESUME_AI_TIMEOUT_MS'),
  // Résumé files are read on worker threads (issue 36): a hostile file spends its own thread's heap and time, never the event loop.
  /** Threads reading résumé files at once (each reads one file at a time). */
  RESUME_PARSE_THREADS: positiveInt(2, 'RESUME_PARSE_THREADS'),
  /** Files that may wait for a thread; one more is refused with 503. 0: none wait. */
  RESUME_PARSE_QUEUE: z.coerce
    .number('RESUME_PARSE_QUEUE must be a number')
    .int('RESUME_PARSE_QUEUE must be a whole number')
    .min(0, 'RESUME_PARSE_QUEUE must not be negative')
    .default(8),
  /**
   * Each reading thread's JavaScript heap in MB; a file that needs more is refused (422). pdfjs keeps
   * caches between files: under 192 MB its collector thrashes (a two-page PDF takes 4 times longer).
   */
  RESUME_PARSE_HEAP_MB: positiveInt(256, 'RESUME_PARSE_HEAP_MB'),
  /** How long reading one file may take, in ms, before its thread is ended and the file refused (422). */
  RESUME_PARSE_DEADLINE_MS: positiveInt(10_000, 'RESUME_PARSE_DEADLINE_MS'),
  /** How long the OpenAI suggestions may take before the offline engine answers instead. */
  SUGGESTIONS_TIMEOUT_MS: positiveInt(20_000, 'SUGGESTIONS_TIMEOUT_MS'),
  /** How long the search service may take to find the stories behind the bullets. */
  STORIES_TIMEOUT_MS: positiveInt(3_000, 'STORIES_TIMEOUT_MS'),
  /** The site's public address (`https://example.com`) for a profile page's canonical link and `og:url`; set it in production. */
  PUBLIC_SITE_URL: optionalText(z.string().url('PUBLIC_SITE_URL must be a URL')),
  /**
   * Without PUBLIC_SITE_URL: the host names (comma-separated) whose forwarded address a page may use
   * as its own, for development on any port; any other host a request names is never copied into a
   * page (issue 36, 7), which then says `http://<the first of these>`.
   */
  PUBLIC_SITE_HOSTS: z
    .string()
    .default('localhost,127.0.0.1')
    .transform((list) =>
      list
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter((host) => host !== ''),
    )
    .refine((hosts) => hosts.length > 0, 'PUBLIC_SITE_HOSTS must name at least one host'),
  /** How often the outbox relay looks for events it was not told about. */
  OUTBOX_RELAY_INTERVAL_MS: positiveInt(500, 'OUTBOX_RELAY_INTERVAL_MS'),
  // Per-user quotas (DESIGN.md, "Identity and security"; issue 36): far above what a person's job
  // search produces, low enough that a person's data stays cheap to keep and to export. A write past
  // one is refused (409 saying which); nothing is pruned to make room.
  /** Résumés kept per user (each upload is one). */
  QUOTA_RESUMES_PER_USER: positiveInt(100, 'QUOTA_RESUMES_PER_USER'),
  /** Versions of one résumé (each save or accepted suggestion is one). */
  QUOTA_VERSIONS_PER_RESUME: positiveInt(500, 'QUOTA_VERSIONS_PER_RESUME'),
  /** Megabytes of résumé content (every version of every résumé, as stored) per user; a two-page résumé is about 10 KB a version. */
  QUOTA_RESUME_MB_PER_USER: z.coerce.number('QUOTA_RESUME_MB_PER_USER must be a number').positive('QUOTA_RESUME_MB_PER_USER must be positive').default(25),
  ...pdfRenderingEnvShape,
});
export type ProfileConfig = z.infer<typeof profileEnvSchema>;

export const SERVICE_NAME = 'profile';
