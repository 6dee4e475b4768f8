import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Secrets may come as files (Docker/Kubernetes secrets): `NAME_FILE=/path` sets `NAME` to the
 * file's contents unless `NAME` is set itself.
 */
export function resolveFileVariables(env: NodeJS.ProcessEnv, known?: ReadonlySet<string>): NodeJS.ProcessEnv {
  const resolved: NodeJS.ProcessEnv = { ...env };
  for (const [key, path] of Object.entries(env)) {
    if (!key.endsWith('_FILE') || !path) continue;
    const name = key.slice(0, -'_FILE'.length);
    // Only our own settings: other programs' *_FILE variables (TF_CLI_CONFIG_FILE, ...) are none of our business.
    if (known && !known.has(name)) continue;
    if (resolved[name]) continue;
    try {
      resolved[name] = readFileSync(path, 'utf8');
    } catch (error) {
      resolved[name] = undefined;
      process.stderr.write(`${key}: cannot read ${path}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  return resolved;
}

/**
 * Parses the environment with a schema. When anything is wrong it prints every problem, one per
 * line, and exits non-zero: a process never starts half-configured.
 */
export function loadConfig<S extends z.ZodType>(name: string, schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const known = schema instanceof z.ZodObject ? new Set(Object.keys(schema.shape)) : undefined;
  const result = schema.safeParse(resolveFileVariables(env, known));
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  process.stderr.write(`${name}: invalid configuration\n${lines.join('\n')}\n`);
  process.exit(1);
}

/** A port number from the environment. */
export const portSchema = (fallback: number) =>
  z.coerce.number().int().min(0).max(65535).default(fallback).describe('The port this process listens on (0: any free port)');

/** An optional setting; an empty value (compose's `${X:-}`) counts as absent. */
const optionalText = (message: string) => z.preprocess((value) => (value === '' ? undefined : value), z.string(message).trim().min(1, message).optional());

/**
 * How many NATS servers keep a copy of each stream and bucket this process creates: 1 on one
 * machine (a single server refuses more), 3 in the cluster (infra/k8s), so losing one node loses
 * nothing and the other two keep a quorum.
 */
export const jetstreamReplicasSchema = z.coerce
  .number('JETSTREAM_REPLICAS must be a number')
  .int('JETSTREAM_REPLICAS must be a whole number')
  .min(1, 'JETSTREAM_REPLICAS must be from 1 to 5')
  .max(5, 'JETSTREAM_REPLICAS must be from 1 to 5')
  .default(1)
  .describe(
    'How many NATS servers keep each stream, KV bucket and object store this process creates (1 to 5; a single server ' +
      'refuses more than 1; infra/k8s sets 3). An existing stream is changed to it at start',
  );

/**
 * How long a process told to stop (SIGTERM) keeps serving with `/readyz` at 503 before it stops
 * accepting: the time load balancers need to take it out (infra/k8s: 5000). 0 on one machine.
 */
export const shutdownDrainSchema = z.coerce
  .number('SHUTDOWN_DRAIN_MS must be a number of milliseconds')
  .int('SHUTDOWN_DRAIN_MS must be a whole number')
  .min(0, 'SHUTDOWN_DRAIN_MS must be from 0 to 60000')
  .max(60_000, 'SHUTDOWN_DRAIN_MS must be from 0 to 60000')
  .default(0)
  .describe('After SIGTERM, how long the process keeps serving with /readyz at 503 before it stops accepting (0 to 60000; infra/k8s sets 5000)');

/**
 * Once the drain is over, how long closing may take (requests in flight, a speech job finishing, NATS
 * and the database) before the process exits anyway. infra/k8s gives each pod its grace period less
 * the drain and a margin (speech workers 110 s, for a long recording's job).
 */
export const shutdownTimeoutSchema = z.coerce
  .number('SHUTDOWN_TIMEOUT_MS must be a number of milliseconds')
  .int('SHUTDOWN_TIMEOUT_MS must be a whole number')
  .min(1000, 'SHUTDOWN_TIMEOUT_MS must be from 1000 to 600000')
  .max(600_000, 'SHUTDOWN_TIMEOUT_MS must be from 1000 to 600000')
  .default(10_000)
  .describe(
    'After the drain, how long closing may take (requests and speech jobs in flight, NATS, the database) before the process ' +
      'exits anyway (1000 to 600000; infra/k8s sets the grace period less the drain and 5 s)',
  );

/** Settings every service process shares. */
export const baseEnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('`production` under make run; `development` turns on GraphQL introspection and field suggestions at /graphql'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe("pino's log level"),
  HOST: z.string().default('127.0.0.1').describe('The address this process listens on (0.0.0.0 in containers)'),
  DATA_DIR: z.string().default('./data').describe('Where SQLite files, the NATS store and the keys are kept (make run: ./data)'),
  NATS_URL: z
    .string()
    .min(1, 'NATS_URL is required (make run starts a nats-server and sets it)')
    .describe('The NATS server (JetStream on, with the users of infra/nats/accounts.conf); make run starts one and sets it'),
  NATS_USER: optionalText('NATS_USER must be a user name').describe(
    "This process's own NATS user (make run and compose give every process one); unset: connect without credentials",
  ),
  NATS_PASSWORD: optionalText('NATS_PASSWORD must not be empty').describe(
    "That user's password; compose passes it as a secret file (NATS_PASSWORD_FILE); make run makes one per user under DATA_DIR/keys",
  ),
  MONGODB_URL: z
    .string()
    .url('MONGODB_URL must be a mongodb:// URL')
    .optional()
    .describe('Store documents in MongoDB (a database per service, w: majority); unset: a SQLite file per service under DATA_DIR'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .preprocess((value) => (value === '' ? undefined : value), z.url('OTEL_EXPORTER_OTLP_ENDPOINT must be a URL').optional())
    .describe('An OTLP/HTTP collector (http://collector:4318): every process exports its traces there; unset: tracing is off'),
  JETSTREAM_REPLICAS: jetstreamReplicasSchema,
  SHUTDOWN_DRAIN_MS: shutdownDrainSchema,
  SHUTDOWN_TIMEOUT_MS: shutdownTimeoutSchema,
  IDENTITY_PUBLIC_KEY: z
    .string()
    .min(1, 'IDENTITY_PUBLIC_KEY is required (PEM of the gateway identity key)')
    .describe("The gateway's public key (PEM, SPKI) that signs the identities it forwards; make run makes it under DATA_DIR/keys"),
});
export type BaseEnv = z.infer<typeof baseEnvSchema>;

/** The user and password to connect to NATS with, when the environment gives them (both or neither). */
export function natsCredentials(env: Pick<BaseEnv, 'NATS_USER' | 'NATS_PASSWORD'>): { user: string; pass: string } | undefined {
  if (!env.NATS_USER && !env.NATS_PASSWORD) return undefined;
  if (!env.NATS_USER || !env.NATS_PASSWORD) throw new Error('NATS_USER and NATS_PASSWORD go together: set both or neither');
  return { user: env.NATS_USER, pass: env.NATS_PASSWORD };
}

/** Which document store a service uses: MongoDB when MONGODB_URL is set, else a SQLite file. */
export function storageKind(env: Pick<BaseEnv, 'MONGODB_URL'>): 'mongodb' | 'sqlite' {
  return env.MONGODB_URL ? 'mongodb' : 'sqlite';
}
