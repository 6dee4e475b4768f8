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
  /** How long the OpenAI suggestions may take before the offline engine answers instead. */
  SUGGESTIONS_TIMEOUT_MS: positiveInt(20_000, 'SUGGESTIONS_TIMEOUT_MS'),
  /** How long the search service may take to find the stories behind the bullets. */
  STORIES_TIMEOUT_MS: positiveInt(3_000, 'STORIES_TIMEOUT_MS'),
  /** The site's public address (`https://example.com`) for a profile page's `og:url`; unset: the address the visitor used, as the gateway forwards it. */
  PUBLIC_SITE_URL: optionalText(z.string().url('PUBLIC_SITE_URL must be a URL')),
  /** How often the outbox relay looks for events it was not told about. */
  OUTBOX_RELAY_INTERVAL_MS: positiveInt(500, 'OUTBOX_RELAY_INTERVAL_MS'),
  // Per-user quotas (DESIGN.md, "Identity and security"): far above what a person's job search produces.
  /** Résumés kept per user (each upload is one). */
  QUOTA_RESUMES_PER_USER: positiveInt(100, 'QUOTA_RESUMES_PER_USER'),
  /** Versions of one résumé (each save or accepted suggestion is one). */
  QUOTA_VERSIONS_PER_RESUME: positiveInt(2000, 'QUOTA_VERSIONS_PER_RESUME'),
  ...pdfRenderingEnvShape,
});
export type ProfileConfig = z.infer<typeof profileEnvSchema>;

export const SERVICE_NAME = 'profile';
