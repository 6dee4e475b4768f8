import { createPrivateKey, createPublicKey } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { baseEnvSchema, loadConfig, portSchema } from '@story/service-kit/config';
import { SERVICE_NAMES, serviceUrlEnv, type ServiceName, type ServiceUrlEnv } from '@story/proto';

/** The repository root, so that defaults do not depend on the directory the gateway was started from. */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

const pem = (name: string, kind: 'public' | 'private') =>
  z
    .string(`${name} is required (PEM; make run creates it under data/keys)`)
    .min(1, `${name} is required (PEM; make run creates it under data/keys)`)
    .refine(
      (value) => {
        try {
          const key = kind === 'public' ? createPublicKey(value.replace(/\\n/g, '\n')) : createPrivateKey(value.replace(/\\n/g, '\n'));
          return key.asymmetricKeyType === 'ed25519';
        } catch {
          return false;
        }
      },
      `${name} must be a PEM ${kind === 'public' ? 'SPKI' : 'PKCS#8'} Ed25519 key`,
    );

/** An optional service URL; an empty value counts as absent (the service is not deployed). */
const serviceUrl = (name: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .url({ protocol: /^https?$/, error: `${name} must be an http(s) URL such as http://127.0.0.1:4001` })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  );

/** `<NAME>_URL` for every service of the route table: a service without one is not deployed, and its routes answer 503. */
const serviceUrlShape = Object.fromEntries(
  SERVICE_NAMES.map((name) => [
    serviceUrlEnv(name),
    serviceUrl(serviceUrlEnv(name)).describe(`Where the gateway reaches the ${name} service (make run sets it); unset: not deployed, its routes answer 503`),
  ]),
) as Record<ServiceUrlEnv, ReturnType<typeof serviceUrl>>;

const perMinute = (name: string, fallback: number) =>
  z.coerce.number(`${name} must be a number`).int(`${name} must be a whole number`).min(1, `${name} must be at least 1`).default(fallback);

const milliseconds = (name: string, fallback: number) =>
  z.coerce.number(`${name} must be a number of milliseconds`).int(`${name} must be a whole number`).min(100, `${name} must be at least 100`).default(fallback);

/** The gateway's environment. */
export const gatewayEnvSchema = z.object({
  NODE_ENV: baseEnvSchema.shape.NODE_ENV,
  LOG_LEVEL: baseEnvSchema.shape.LOG_LEVEL,
  HOST: z.string().min(1).default('127.0.0.1').describe('The address the gateway listens on (0.0.0.0 in containers)'),
  PORT: portSchema(8080).describe("The gateway's public port: the web app, /api and /graphql (make run reads it too)"),
  METRICS_PORT: portSchema(9464).describe(
    "The gateway's internal Prometheus listener (/metrics and /healthz only; the public port answers /metrics with 404; 0: any free port)",
  ),
  NATS_URL: baseEnvSchema.shape.NATS_URL,
  NATS_USER: baseEnvSchema.shape.NATS_USER,
  NATS_PASSWORD: baseEnvSchema.shape.NATS_PASSWORD,
  OTEL_EXPORTER_OTLP_ENDPOINT: baseEnvSchema.shape.OTEL_EXPORTER_OTLP_ENDPOINT,
  JETSTREAM_REPLICAS: baseEnvSchema.shape.JETSTREAM_REPLICAS,
  SHUTDOWN_DRAIN_MS: baseEnvSchema.shape.SHUTDOWN_DRAIN_MS,
  SHUTDOWN_TIMEOUT_MS: baseEnvSchema.shape.SHUTDOWN_TIMEOUT_MS,
  SESSION_PUBLIC_KEY: pem('SESSION_PUBLIC_KEY', 'public').describe("The public half of auth's session-signing key (PEM, SPKI, Ed25519)"),
  IDENTITY_PRIVATE_KEY: pem('IDENTITY_PRIVATE_KEY', 'private').describe(
    'The key that signs the identity forwarded to services (PEM, PKCS#8, Ed25519); make run makes it under DATA_DIR/keys',
  ),
  ...serviceUrlShape,
  WEB_DIST: z
    .string()
    .min(1)
    .optional()
    .transform((value) => (value ? resolve(value) : resolve(REPO_ROOT, 'web/dist')))
    .describe('The built web app the gateway serves (SPA fallback)'),
  RATE_LIMIT_AUTH_PER_MINUTE: perMinute('RATE_LIMIT_AUTH_PER_MINUTE', 20).describe(
    'Per IP: check-email, register, login, google-auth, password change and reset. Every budget is shared by all gateways ' +
      'through NATS KV and refills steadily; past it, 429 with Retry-After',
  ),
  RATE_LIMIT_AI_PER_MINUTE: perMinute('RATE_LIMIT_AI_PER_MINUTE', 60).describe('Per user, AI work: each REST AI call and each AI field of a GraphQL document'),
  RATE_LIMIT_CHUNKS_PER_MINUTE: perMinute('RATE_LIMIT_CHUNKS_PER_MINUTE', 120).describe(
    "Per user, a live recording's own requests (chunks, finish, cancel): a recorder sends one chunk a second, so a minute " +
      'of chunks sent at once still passes and a flood of resent chunks gets 429',
  ),
  RATE_LIMIT_PDF_PER_MINUTE: perMinute('RATE_LIMIT_PDF_PER_MINUTE', 10).describe(
    "Per user, PDF downloads (a thread, a practice, a mock interview's report, a résumé): each is rendered when asked for",
  ),
  UPSTREAM_READ_TIMEOUT_MS: milliseconds('UPSTREAM_READ_TIMEOUT_MS', 5_000).describe(
    "How long the gateway waits for a service's answer to a read (then 503 with a clear message)",
  ),
  UPSTREAM_WRITE_TIMEOUT_MS: milliseconds('UPSTREAM_WRITE_TIMEOUT_MS', 15_000).describe("How long the gateway waits for a service's answer to a change"),
  UPSTREAM_AI_TIMEOUT_MS: milliseconds('UPSTREAM_AI_TIMEOUT_MS', 120_000).describe(
    'How long the gateway waits for AI work (replies, transcription, search) and for a streamed body (the data export)',
  ),
  CIRCUIT_BREAKER_FAILURES: z.coerce
    .number('CIRCUIT_BREAKER_FAILURES must be a number')
    .int()
    .min(1)
    .default(5)
    .describe(
      'Failed calls in a row after which the gateway stops calling a service for CIRCUIT_BREAKER_OPEN_MS (503 at once). ' +
        "A refused or cut connection counts every time; a timed-out read every time if the service's /healthz does not " +
        'answer either, else once per person; a timed-out PDF, AI call or export does not count',
    ),
  CIRCUIT_BREAKER_OPEN_MS: milliseconds('CIRCUIT_BREAKER_OPEN_MS', 10_000).describe(
    'How long the breaker stays open; then one call tries again, and that trial always ends (answered, failed, dropped by ' +
      'its caller, or at the latest after as long again)',
  ),
  RATE_LIMIT_WRITES_PER_MINUTE: perMinute('RATE_LIMIT_WRITES_PER_MINUTE', 120).describe(
    'Per user, changes (saves, renames, deletes, ...): each REST call and each GraphQL mutation field; a GraphQL document runs at most 3 mutation fields',
  ),
  GRAPHQL_MAX_RESPONSE_BYTES: z.coerce
    .number('GRAPHQL_MAX_RESPONSE_BYTES must be a number of bytes')
    .int('GRAPHQL_MAX_RESPONSE_BYTES must be a whole number of bytes')
    .min(1024, 'GRAPHQL_MAX_RESPONSE_BYTES must be at least 1024 bytes')
    .default(2 * 1024 * 1024)
    .describe(
      'The largest GraphQL answer sent; a larger one is replaced by a 400 error (documents are also limited: 10,000 tokens, ' +
        '20 aliases, depth 8, an estimated 1,000 fields with introspection counted)',
    ),
  COOKIE_SECURE: z
    .enum(['true', 'false', '1', '0', ''], { error: 'COOKIE_SECURE must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1')
    .describe('Set true behind HTTPS: Secure cookies and HSTS'),
  // With 0 the client address and Host come from the connection itself.
  TRUST_PROXY: z.coerce
    .number('TRUST_PROXY must be a number of proxy hops')
    .int('TRUST_PROXY must be a whole number')
    .min(0)
    .max(10)
    .default(0)
    .describe(
      'Reverse proxies (TLS terminators, load balancers) in front of the gateway; behind one set 1, so that rate limits ' +
        'see the real client (X-Forwarded-For) and the Origin check the real host (X-Forwarded-Host)',
    ),
});
export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

/** The URL of each deployed service, keyed by the service names of the route table. */
export function serviceUrls(config: GatewayConfig): Partial<Record<ServiceName, string>> {
  const urls: Partial<Record<ServiceName, string>> = {};
  for (const name of SERVICE_NAMES) {
    const url = config[serviceUrlEnv(name)];
    if (url) urls[name] = url;
  }
  return urls;
}

/** Reads the environment; prints every problem and exits 1 when it is wrong. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig('gateway', gatewayEnvSchema, env);
}
