import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { HTTP_MESSAGES, REQUEST_ID_HEADER } from '@story/proto';
import { HttpError } from './errors.ts';
import { registerHttpMetrics, type MetricsExposure } from './telemetry/http-metrics.ts';
import { traceRequests } from './telemetry/http-tracing.ts';
import { STORE_RETRY_AFTER_SECONDS, isStoreUnavailable } from './store-outage.ts';
import { zodSerializerCompiler, zodValidatorCompiler, type ZodTypeProvider } from './zod-routes.ts';

/** A fastify instance whose routes declare zod schemas (see zod-routes.ts). */
export type ServiceApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

export type ReadinessCheck = () => Promise<void> | void;

export interface ServiceAppOptions {
  name: string;
  logLevel?: string;
  /** Largest request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Things that must work for `/readyz` to answer 200 (database, NATS). */
  readiness?: Record<string, ReadinessCheck>;
  logger?: FastifyServerOptions['logger'];
  /** Proxy hops to trust for the client address and host (0: none). */
  trustProxy?: number;
  /** `/metrics` on this port (default), or on an internal listener elsewhere and 404 here (the gateway). */
  metrics?: MetricsExposure;
}

/** The servers of apps told to stop (see `startDraining`). */
const drainingServers = new WeakSet<object>();

/**
 * Marks an app as stopping: `/readyz` answers 503 at once, so load balancers take it out, while it
 * goes on serving; every answer from now on closes its keep-alive connection, so a client's next
 * request opens a new one, which the load balancer sends to another instance.
 */
export function startDraining(app: FastifyInstance): void {
  drainingServers.add(app.server);
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A fastify instance with what every process shares: pino logging with the request id that came
 * from the gateway, routes that declare zod schemas, one error shape (`{ message }`, 5xx details
 * hidden), bodiless JSON requests accepted, `/healthz`, `/readyz` and `/metrics` (Prometheus).
 */
export function createServiceApp(options: ServiceAppOptions): ServiceApp {
  const app = Fastify({
    logger: options.logger ?? { level: options.logLevel ?? 'info', base: { service: options.name } },
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers[REQUEST_ID_HEADER];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    ...(process.env.LOG_REQUESTS === 'false' ? { disableRequestLogging: true } : {}),
    // Trust the nearest `trustProxy` hops (proxy-addr's hop-count rule, written out for fastify's types).
    trustProxy: options.trustProxy && options.trustProxy > 0 ? (_address: string, hop: number) => hop < (options.trustProxy ?? 0) : false,
    // On close, only idle keep-alive connections are cut; a request in flight finishes first.
    forceCloseConnections: 'idle',
  });

  traceRequests(app);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  acceptEmptyJsonBodies(app);

  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (drainingServers.has(app.server)) reply.header('connection', 'close');
  });

  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    const { status, message, headers } = toPublicError(error);
    if (status >= 500) request.log.error({ err: error }, status === 503 ? 'store unavailable' : 'request failed');
    else request.log.info({ status, message }, 'request refused');
    void reply.headers(headers);
    void reply.status(status).send({ message });
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });

  registerHttpMetrics(app, options.name, options.metrics ?? 'here');
  app.get('/healthz', async () => ({ status: 'ok', service: options.name }));
  app.get('/readyz', async (request, reply) => {
    if (drainingServers.has(app.server)) return reply.status(503).send({ status: 'shutting down', service: options.name });
    const failures: string[] = [];
    for (const [name, check] of Object.entries(options.readiness ?? {})) {
      try {
        await check();
      } catch (error) {
        failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // What failed goes to the log, not to whoever asked: readiness is probed from outside too.
    if (failures.length > 0) {
      request.log.warn({ failures }, 'not ready');
      return reply.status(503).send({ status: 'not ready', service: options.name });
    }
    return { status: 'ready', service: options.name };
  });

  return app.withTypeProvider<ZodTypeProvider>();
}

/**
 * Bodiless POSTs (create a thread, recover one, log out) often arrive from a generic client helper
 * with `Content-Type: application/json` and no body; fastify would refuse that with a 400. An empty
 * body is read as no body; anything else goes to fastify's own JSON parser (with its
 * prototype-poisoning guards).
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const defaultParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultParser(request, text, done);
  });
}

/** Maps any thrown error to the status, message and headers the caller may see. */
export function toPublicError(error: unknown): { status: number; message: string; headers: Readonly<Record<string, string>> } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message, headers: error.headers };
  // MongoDB or Qdrant unreachable: an outage to wait out, not a bug.
  if (isStoreUnavailable(error))
    return { status: 503, message: HTTP_MESSAGES.temporarilyUnavailable, headers: { 'retry-after': String(STORE_RETRY_AFTER_SECONDS) } };
  return { ...publicStatusAndMessage(error), headers: {} };
}

function publicStatusAndMessage(error: unknown): { status: number; message: string } {
  const fastifyError = error as Partial<FastifyError>;
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 500) return { status, message: HTTP_MESSAGES.internal };
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: HTTP_MESSAGES.invalidJson };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: HTTP_MESSAGES.bodyTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: HTTP_MESSAGES.unsupportedMediaType };
    default:
      return { status, message: fastifyError.message ?? 'Bad request' };
  }
}
