/**
 * A gateway under test with everything around it real: a nats-server, an `auth.session.check`
 * responder, and small loopback services (createServiceApp + registerIdentity) that record what
 * reached them. Session cookies are signed here with the session key, as auth would sign them.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt, importPKCS8 } from 'jose';
import { SESSION_AUDIENCE, SESSION_ISSUER, SESSION_TOKEN_TYPE, SUBJECTS, serviceUrlEnv, type Identity, type ServiceName } from '@story/proto';
import { subgraphSdl } from '@story/proto/graphql';
import { createServiceApp } from '@story/service-kit/http-app';
import { generateSigningKeyPair, registerIdentity } from '@story/service-kit/identity';
import { contextUser, registerSubgraph } from '@story/service-kit/subgraph';
import { startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { buildGateway, type GatewayDeps } from '../src/app.ts';
import { ANONYMOUS, csrfKeyFrom, csrfTokenFor } from '../src/security/csrf.hooks.ts';
import { gatewayEnvSchema, type GatewayConfig } from '../src/gateway.config.ts';
import { composeSupergraph } from '../src/supergraph/supergraph.ts';

/** What a fake service saw of one request. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  identity: Identity | undefined;
  bodySha256: string;
  bodyLength: number;
}

export interface FakeService {
  name: string;
  url: string;
  app: FastifyInstance;
  received: ReceivedRequest[];
  /** URLs of requests whose caller went away before they were answered (`…/slow/<ms>` ones wait that long). */
  abandoned: string[];
  /** Requests that reached `/graphql`. */
  graphqlRequests: ReceivedRequest[];
  close(): Promise<void>;
}

export interface GatewayWorld {
  nats: NatsServerHandle;
  /** The test's own NATS client (the auth responder lives on it). */
  nc: NatsConnection;
  keys: { session: { privateKey: string; publicKey: string }; identity: { privateKey: string; publicKey: string } };
  /** Session ids auth considers revoked. */
  revokedSessions: Set<string>;
  /** Admin flags auth reports for sessions as of now (absent: auth says nothing about it). */
  currentAdmin: Map<string, boolean>;
  /** How many `auth.session.check` questions auth answered. */
  sessionChecks: { count: number };
  supergraphSdl: string;
  webDist: string;
  /** Stops answering `auth.session.check` (auth is down). */
  stopAuthResponder(): void;
  startAuthResponder(): void;
  startService(name: string, options?: { subgraph?: boolean }): Promise<FakeService>;
  startGateway(env?: Record<string, string | undefined>, deps?: Partial<GatewayDeps>): Promise<RunningGateway>;
  signSession(claims: { userId: number; sessionId: string; isAdmin?: boolean; expiresIn?: string | number }): Promise<string>;
  close(): Promise<void>;
}

export interface RunningGateway {
  url: string;
  app: FastifyInstance;
  config: GatewayConfig;
  close(): Promise<void>;
}

/** A CSRF token in the cookie's format that belongs to no session: refused wherever a token is checked. */
export const TEST_CSRF_TOKEN = `${'x'.repeat(22)}.${'x'.repeat(43)}`;

/** The CSRF key of the world started last (its gateways derive it from the world's identity key). */
let worldCsrfKey: Buffer | undefined;

/** Starts NATS, the auth responder and a web build folder; services and gateways on demand. */
export async function startGatewayWorld(): Promise<GatewayWorld> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-test-'));
  const nats = await startNatsServer({ storeDir: join(dataDir, 'nats') });
  const nc = await connect({ servers: nats.url });
  const keys = { session: generateSigningKeyPair(), identity: generateSigningKeyPair() };
  worldCsrfKey = csrfKeyFrom(keys.identity.privateKey);
  const sessionKey = await importPKCS8(keys.session.privateKey, 'EdDSA');
  const revokedSessions = new Set<string>();
  const currentAdmin = new Map<string, boolean>();
  const sessionChecks = { count: 0 };

  const webDist = join(dataDir, 'web-dist');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Story</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("app");');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  let responder: Subscription | undefined;
  const startAuthResponder = () => {
    responder = nc.subscribe(SUBJECTS.sessionCheck, {
      callback: (_error, msg) => {
        sessionChecks.count += 1;
        const { sessionId } = msg.json<{ sessionId: string }>();
        const valid = !revokedSessions.has(sessionId);
        const isAdmin = currentAdmin.get(sessionId);
        msg.respond(JSON.stringify(valid && isAdmin !== undefined ? { valid, isAdmin } : { valid }));
      },
    });
  };
  startAuthResponder();
  await nc.flush();

  const services: FakeService[] = [];
  const gateways: RunningGateway[] = [];
  const supergraphSdl = composeSupergraph();

  const startService = async (name: string, options: { subgraph?: boolean } = {}): Promise<FakeService> => {
    const app = createServiceApp({ name, logger: false, bodyLimit: 64 * 1024 * 1024 });
    await registerIdentity(app, keys.identity.publicKey);
    const received: ReceivedRequest[] = [];
    const abandoned: string[] = [];
    const graphqlRequests: ReceivedRequest[] = [];
    const record = (
      request: { method: string; url: string; headers: ReceivedRequest['headers']; identity: Identity | undefined },
      body: Buffer,
    ): ReceivedRequest => ({
      method: request.method,
      url: request.url,
      headers: { ...request.headers },
      identity: request.identity,
      bodySha256: createHash('sha256').update(body).digest('hex'),
      bodyLength: body.length,
    });
    await app.register(async (api) => {
      // The fake keeps bodies raw so the test can compare checksums with what the client sent.
      api.removeAllContentTypeParsers();
      api.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 * 1024 }, (_request, body, done) => done(null, body));
      // A page a service renders for anyone (the public profile's `/p/{slug}`): HTML naming what it saw.
      api.get('/p/*', async (request, reply) => {
        const entry = record(request, Buffer.alloc(0));
        received.push(entry);
        if (request.url === '/p/missing') return reply.status(404).type('text/html').send('<!doctype html><title>Profile not found</title>');
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html><title>${name} page</title>`);
      });
      api.all('/api/*', async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const entry = record(request, body);
        received.push(entry);
        const status = /\/status\/(\d{3})$/.exec(request.url.split('?')[0] ?? '');
        if (status) return reply.status(Number(status[1])).send({ message: `answered ${status[1]}` });
        const slow = /\/slow\/(\d+)$/.exec(request.url.split('?')[0] ?? '');
        if (slow) {
          const gone = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), Number(slow[1]));
            reply.raw.once('close', () => {
              clearTimeout(timer);
              resolve(!reply.raw.writableFinished);
            });
          });
          if (gone) abandoned.push(request.url);
        }
        if (request.url.startsWith('/api/users/login')) reply.header('set-cookie', 'session=from-auth; Path=/; HttpOnly');
        return {
          service: name,
          method: entry.method,
          url: entry.url,
          identity: entry.identity ?? null,
          bodySha256: entry.bodySha256,
          bodyLength: entry.bodyLength,
        };
      });
    });
    if (options.subgraph) {
      app.addHook('onRequest', async (request) => {
        if (request.url.startsWith('/graphql')) graphqlRequests.push(record(request, Buffer.alloc(0)));
      });
      await registerSubgraph(app, subgraphSdl('auth'), {
        Query: {
          me: (_parent: unknown, _args: unknown, context: Parameters<typeof contextUser>[0]) => {
            const identity = contextUser(context);
            return {
              id: String(identity.userId),
              email: `user${identity.userId}@gmail.com`,
              firstName: 'Ada',
              lastName: 'Lovelace',
              isAdmin: identity.isAdmin,
              userType: 'standard',
              createdAt: '2024-01-01T00:00:00.000Z',
            };
          },
          users: () => [],
        },
      });
    }
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const service: FakeService = { name, url: `http://127.0.0.1:${port}`, app, received, abandoned, graphqlRequests, close: () => app.close() };
    services.push(service);
    return service;
  };

  const startGateway = async (env: Record<string, string | undefined> = {}, deps: Partial<GatewayDeps> = {}): Promise<RunningGateway> => {
    const config = gatewayEnvSchema.parse({
      NATS_URL: nats.url,
      SESSION_PUBLIC_KEY: keys.session.publicKey,
      IDENTITY_PRIVATE_KEY: keys.identity.privateKey,
      WEB_DIST: webDist,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...env,
    });
    const gatewayNats = await connect({ servers: nats.url });
    const app = await buildGateway(config, { nats: gatewayNats, supergraphSdl, logger: false, ...deps });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const running: RunningGateway = {
      url: `http://127.0.0.1:${port}`,
      app,
      config,
      close: async () => {
        await app.close();
        await gatewayNats.close();
      },
    };
    gateways.push(running);
    return running;
  };

  const signSession: GatewayWorld['signSession'] = ({ userId, sessionId, isAdmin = false, expiresIn = '1h' }) =>
    new SignJWT({ sid: sessionId, adm: isAdmin })
      .setProtectedHeader({ alg: 'EdDSA', typ: SESSION_TOKEN_TYPE })
      .setSubject(String(userId))
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(sessionKey);

  return {
    nats,
    nc,
    keys,
    revokedSessions,
    currentAdmin,
    sessionChecks,
    supergraphSdl,
    webDist,
    stopAuthResponder: () => {
      responder?.unsubscribe();
      responder = undefined;
    },
    startAuthResponder,
    startService,
    startGateway,
    signSession,
    close: async () => {
      for (const gateway of gateways) await gateway.close().catch(() => undefined);
      for (const service of services) await service.close().catch(() => undefined);
      await nc.close();
      await nats.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second Ed25519 private key (PEM), for forged tokens. */
export function otherEd25519PrivateKey(): string {
  return generateKeyPairSync('ed25519', { privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } })
    .privateKey;
}

/** A CSRF token the world's gateways accept for this session cookie (or for no session). */
export function csrfTokenOf(session: string | undefined): string {
  if (!worldCsrfKey) throw new Error('start a gateway world first');
  let sid: unknown;
  try {
    sid = session ? decodeJwt(session).sid : undefined;
  } catch {
    // Not a JWT at all (a malformed-cookie test): the gateway binds such a request to no session.
  }
  return csrfTokenFor(worldCsrfKey, typeof sid === 'string' ? sid : ANONYMOUS);
}

/** Cookie and CSRF headers of a signed-in browser (or a signed-out one without a session). */
export function browserHeaders(session: string | undefined, extra: Record<string, string> = {}): Record<string, string> {
  const token = csrfTokenOf(session);
  const cookies = [`csrf_token=${token}`];
  if (session) cookies.push(`session=${session}`);
  return { cookie: cookies.join('; '), 'x-csrf-token': token, ...extra };
}

/** A world with fake services, one gateway pointed at them, and a signed-in session: what most gateway test files start from. */
export interface GatewayBed<N extends ServiceName> {
  world: GatewayWorld;
  gateway: RunningGateway;
  services: Record<N, FakeService>;
  session: string;
}

/**
 * Starts a world, the named fake services (those after `subgraph:` serve a subgraph), a gateway with
 * each service's `<NAME>_URL` plus `env`, and signs a session.
 */
export async function startGatewayBed<N extends ServiceName>(options: {
  services: readonly (N | { name: N; subgraph: boolean })[];
  env?: Record<string, string>;
  session: { userId: number; sessionId: string; isAdmin?: boolean };
}): Promise<GatewayBed<N>> {
  const world = await startGatewayWorld();
  const services = new Map<N, FakeService>();
  const urls: Record<string, string> = {};
  for (const entry of options.services) {
    const name: N = typeof entry === 'object' ? entry.name : entry;
    const service = await world.startService(name, { subgraph: typeof entry === 'object' && entry.subgraph });
    services.set(name, service);
    urls[serviceUrlEnv(name)] = service.url;
  }
  const gateway = await world.startGateway({ ...urls, ...options.env });
  const byName = Object.fromEntries(services) as Record<N, FakeService>;
  return { world, gateway, services: byName, session: await world.signSession(options.session) };
}
