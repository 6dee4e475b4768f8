import { z } from 'zod';
import { baseEnvSchema, portSchema } from '@story/service-kit';

/** An unset variable and an empty one mean the same: not configured. */
const optionalText = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const positiveInt = (fallback: number, name: string) =>
  z.coerce.number(`${name} must be a number`).int(`${name} must be a whole number`).positive(`${name} must be positive`).default(fallback);

const flag = (fallback: boolean, name: string) =>
  z
    .enum(['true', 'false'], `${name} must be true or false`)
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true');

export const EMBEDDER_KINDS = ['offline', 'glove', 'openai'] as const;

const searchEnvShape = baseEnvSchema.extend({
  PORT: portSchema(4005),
  SEARCH_EMBEDDER: z
    .enum(EMBEDDER_KINDS, 'SEARCH_EMBEDDER must be offline, glove or openai')
    .default('offline')
    .describe(
      'What makes the story vectors: offline (the sentence encoder shipped in npm, Universal Sentence ' +
        'Encoder Lite, no account, no download), glove (the older GloVe word vectors and hashed n-grams) or ' +
        'openai (needs OPENAI_API_KEY). After a change the service embeds every story again in the background ' +
        '(make reembed does it at once); until then stories are found by their words only',
    ),
  OPENAI_API_KEY: optionalText(z.string()).describe('Needed by SEARCH_EMBEDDER=openai'),
  OPENAI_BASE_URL: optionalText(z.string().url('OPENAI_BASE_URL must be a URL')).describe('Any OpenAI-compatible server for the embeddings'),
  OPENAI_EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small').describe('The embeddings model (asked for 1536 dimensions)'),
  EMBEDDING_TIMEOUT_MS: positiveInt(10_000, 'EMBEDDING_TIMEOUT_MS').describe(
    'How long one embeddings call may take; a query then answers by words alone, an event is tried again later',
  ),
  QDRANT_URL: optionalText(z.string().url('QDRANT_URL must be a URL')).describe(
    'Keep the vectors in Qdrant (the collection and its payload indexes are made at start); unset: the embedded store (SQLite, cached in memory)',
  ),
  QDRANT_API_KEY: optionalText(z.string()).describe("Qdrant's API key"),
  QDRANT_COLLECTION: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'QDRANT_COLLECTION must be letters, digits, _ or -')
    .default('stories')
    .describe('The Qdrant collection of the story vectors'),
  SEARCH_RESULT_LIMIT: positiveInt(10, 'SEARCH_RESULT_LIMIT').describe('Stories one query returns at most'),
  SEARCH_VECTOR_CACHE_MB: positiveInt(1024, 'SEARCH_VECTOR_CACHE_MB').describe(
    "Memory the embedded store may use for users' vectors (least recently searched users are dropped first; 10,000 stories take 77 MB)",
  ),
  SEARCH_INDEXER: flag(true, 'SEARCH_INDEXER').describe('Read the event stream (instances share the durable consumer); false makes a query-only instance'),
});

/** The openai embedder needs its key. */
const requireOpenAiKey = (env: { SEARCH_EMBEDDER: string; OPENAI_API_KEY?: string | undefined }, context: z.RefinementCtx) => {
  if (env.SEARCH_EMBEDDER === 'openai' && !env.OPENAI_API_KEY) {
    context.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: 'OPENAI_API_KEY is required when SEARCH_EMBEDDER is openai' });
  }
};

/** The environment of the search service, validated once at start-up. */
export const searchEnvSchema = searchEnvShape.superRefine(requireOpenAiKey);
export type SearchConfig = z.infer<typeof searchEnvSchema>;

/** What `make reembed` needs: the stores and the embedder, no port, NATS or identity key. */
export const reembedEnvSchema = searchEnvShape
  .pick({
    NODE_ENV: true,
    DATA_DIR: true,
    MONGODB_URL: true,
    SEARCH_EMBEDDER: true,
    OPENAI_API_KEY: true,
    OPENAI_BASE_URL: true,
    OPENAI_EMBEDDING_MODEL: true,
    EMBEDDING_TIMEOUT_MS: true,
    QDRANT_URL: true,
    QDRANT_API_KEY: true,
    QDRANT_COLLECTION: true,
    SEARCH_VECTOR_CACHE_MB: true,
  })
  .superRefine(requireOpenAiKey);
export type ReembedConfig = z.infer<typeof reembedEnvSchema>;

export const SERVICE_NAME = 'search';
