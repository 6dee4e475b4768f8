import { z } from 'zod';
import { baseEnvSchema, portSchema } from '@story/service-kit';
import { pdfRenderingEnvShape } from '@story/service-kit/pdf/pdf-renderer';

/** An unset variable and an empty one mean the same: not configured. */
const optionalText = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const positiveInt = (fallback: number, name: string) =>
  z.coerce.number(`${name} must be a number`).int(`${name} must be a whole number`).positive(`${name} must be positive`).default(fallback);

/** The environment of the conversations service, validated once at start-up. */
export const conversationsEnvSchema = baseEnvSchema.extend({
  PORT: portSchema(4002),
  OPENAI_API_KEY: optionalText(z.string()),
  OPENAI_BASE_URL: optionalText(z.string().url('OPENAI_BASE_URL must be a URL')),
  OPENAI_CHAT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  CHAT_TIMEOUT_MS: positiveInt(20_000, 'CHAT_TIMEOUT_MS'),
  PURGE_INTERVAL_MS: positiveInt(60 * 60 * 1000, 'PURGE_INTERVAL_MS'),
  THREAD_RETENTION_DAYS: positiveInt(30, 'THREAD_RETENTION_DAYS'),
  /** How often the outbox relay looks for events it was not told about (a write tells it at once). */
  OUTBOX_RELAY_INTERVAL_MS: positiveInt(500, 'OUTBOX_RELAY_INTERVAL_MS'),
  // Per-user quotas (DESIGN.md, "Identity and security"). Each default is far above what a person's
  // practice produces and bounds what one account can make the service store and read back.
  /** Spoken replies kept per user, deleted threads included until purged: about 800 replies of 30 s at 64 kbit/s. */
  QUOTA_AUDIO_MB_PER_USER: positiveInt(200, 'QUOTA_AUDIO_MB_PER_USER'),
  /** Message pairs per thread: ten times a long practice session, and a bound on one thread read. */
  QUOTA_MESSAGES_PER_THREAD: positiveInt(500, 'QUOTA_MESSAGES_PER_THREAD'),
  /** Threads not in the deleted folder, per user: one a day for five years, and a bound on the thread list. */
  QUOTA_THREADS_PER_USER: positiveInt(2000, 'QUOTA_THREADS_PER_USER'),
  ...pdfRenderingEnvShape,
});
export type ConversationsConfig = z.infer<typeof conversationsEnvSchema>;

export const SERVICE_NAME = 'conversations';
