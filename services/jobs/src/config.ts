import { z } from 'zod';
import { baseEnvSchema, portSchema } from '@story/service-kit';

/** An unset variable and an empty one mean the same: not configured. */
const optionalText = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const positiveInt = (fallback: number, name: string) =>
  z.coerce.number(`${name} must be a number`).int(`${name} must be a whole number`).positive(`${name} must be positive`).default(fallback);

/** The environment of the jobs service, validated once at start-up. */
export const jobsEnvSchema = baseEnvSchema.extend({
  PORT: portSchema(4003),
  OPENAI_API_KEY: optionalText(z.string()).describe(
    'Set: pasted job descriptions are cleaned by the OpenAI model (or a compatible server); unset: by the offline formatter',
  ),
  OPENAI_BASE_URL: optionalText(z.string().url('OPENAI_BASE_URL must be a URL')).describe('Any OpenAI-compatible server (Ollama, vLLM, …) instead of OpenAI'),
  OPENAI_CHAT_MODEL: z.string().min(1).default('gpt-4o-mini').describe('The chat model that cleans job descriptions'),
  FORMAT_TIMEOUT_MS: positiveInt(60_000, 'FORMAT_TIMEOUT_MS').describe(
    'How long cleaning one pasted description may take before the person gets "Failed to process job description. Please try again."',
  ),
  OUTBOX_RELAY_INTERVAL_MS: positiveInt(500, 'OUTBOX_RELAY_INTERVAL_MS').describe(
    'How often the outbox relay looks for events it was not told about (a write tells it at once)',
  ),
  // Per-user quotas (DESIGN.md, "Identity and security"): far above what a person's job search produces.
  QUOTA_JOB_DESCRIPTIONS_PER_USER: positiveInt(1000, 'QUOTA_JOB_DESCRIPTIONS_PER_USER').describe(
    'Saved job descriptions per user, archived ones included (ten a week for two years); a save past it is refused with a 409',
  ),
  QUOTA_SNIPPETS_PER_JOB_DESCRIPTION: positiveInt(200, 'QUOTA_SNIPPETS_PER_JOB_DESCRIPTION').describe(
    'Snippets saved from one job description; a save past it is refused with a 409',
  ),
});
export type JobsConfig = z.infer<typeof jobsEnvSchema>;

export const SERVICE_NAME = 'jobs';
