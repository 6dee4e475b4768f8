import { z } from 'zod';
import { FEEDBACK_ENGINES } from '@story/proto';
import { baseEnvSchema, portSchema } from '@story/service-kit';
import { pdfRenderingEnvShape } from '@story/service-kit/pdf/pdf-renderer';

/** An unset variable and an empty one mean the same: not configured. */
const optionalText = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const positiveInt = (fallback: number, name: string) =>
  z.coerce.number(`${name} must be a number`).int(`${name} must be a whole number`).positive(`${name} must be positive`).default(fallback);

/** The environment of the feedback service, validated once at start-up. */
export const feedbackEnvSchema = baseEnvSchema
  .extend({
    PORT: portSchema(4006),
    FEEDBACK_ENGINE: z
      .enum(FEEDBACK_ENGINES, 'FEEDBACK_ENGINE must be offline or openai')
      .default('offline')
      .describe(
        'What reads the answers and plans mock interviews: offline (the story signals of the offline coach: ' +
          'no account, nothing leaves the machine) or openai (structured output from OPENAI_CHAT_MODEL, needs ' +
          'OPENAI_API_KEY)',
      ),
    OPENAI_API_KEY: optionalText(z.string()).describe('Needed by FEEDBACK_ENGINE=openai'),
    OPENAI_BASE_URL: optionalText(z.string().url('OPENAI_BASE_URL must be a URL')).describe('Any OpenAI-compatible server (Ollama, vLLM, …) instead of OpenAI'),
    OPENAI_CHAT_MODEL: z.string().min(1).default('gpt-4o-mini').describe('The chat model of FEEDBACK_ENGINE=openai'),
    FEEDBACK_TIMEOUT_MS: positiveInt(20_000, 'FEEDBACK_TIMEOUT_MS').describe(
      'How long the openai engine may take for one answer (or one interview plan) before the offline engine answers instead',
    ),
    ...pdfRenderingEnvShape,
  })
  .superRefine((env, context) => {
    if (env.FEEDBACK_ENGINE === 'openai' && !env.OPENAI_API_KEY) {
      context.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: 'OPENAI_API_KEY is required when FEEDBACK_ENGINE is openai' });
    }
  });
export type FeedbackConfig = z.infer<typeof feedbackEnvSchema>;

export const SERVICE_NAME = 'feedback';
