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
  OPENAI_API_KEY: optionalText(z.string()).describe('Set: AI replies and thread titles from OpenAI (or a compatible server); unset: the offline coach'),
  OPENAI_BASE_URL: optionalText(z.string().url('OPENAI_BASE_URL must be a URL')).describe('Any OpenAI-compatible server (Ollama, vLLM, …) instead of OpenAI'),
  OPENAI_CHAT_MODEL: z.string().min(1).default('gpt-4o-mini').describe('The chat model for replies and thread titles'),
  CHAT_TIMEOUT_MS: positiveInt(20_000, 'CHAT_TIMEOUT_MS').describe(
    'How long the chat model may take for a reply, or for the short title a thread gets after its first ' +
      'saved exchange (a late or failed title keeps "New Conversation")',
  ),
  PURGE_INTERVAL_MS: positiveInt(60 * 60 * 1000, 'PURGE_INTERVAL_MS').describe('How often deleted threads past their retention are purged'),
  THREAD_RETENTION_DAYS: positiveInt(30, 'THREAD_RETENTION_DAYS').describe('How long a deleted thread stays recoverable before it is purged'),
  OUTBOX_RELAY_INTERVAL_MS: positiveInt(500, 'OUTBOX_RELAY_INTERVAL_MS').describe(
    'How often the outbox relay looks for events it was not told about (a write tells it at once)',
  ),
  // Per-user quotas (DESIGN.md, "Identity and security"). Each default is far above what a person's
  // practice produces and bounds what one account can make the service store and read back.
  QUOTA_AUDIO_MB_PER_USER: positiveInt(200, 'QUOTA_AUDIO_MB_PER_USER').describe(
    'Megabytes of saved spoken replies per user, deleted threads counted until purged (about 800 replies ' +
      'of 30 s at 64 kbit/s); a save past it is refused with a 409',
  ),
  QUOTA_MESSAGES_PER_THREAD: positiveInt(500, 'QUOTA_MESSAGES_PER_THREAD').describe(
    'Message pairs per thread (ten times a long practice session, and a bound on one thread read); a save past it is refused with a 409',
  ),
  QUOTA_THREADS_PER_USER: positiveInt(2000, 'QUOTA_THREADS_PER_USER').describe(
    'Threads outside the deleted folder per user (one a day for five years); creating or recovering one past it is refused with a 409',
  ),
  ...pdfRenderingEnvShape,
});
export type ConversationsConfig = z.infer<typeof conversationsEnvSchema>;

export const SERVICE_NAME = 'conversations';
