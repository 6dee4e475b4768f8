/**
 * Test support every service shares (imported as `@story/testing/service-under-test`, never by production
 * code): build a service the way `main.ts` does, on a temporary data folder, with a gateway key to
 * sign identities; and find a MongoDB for the storage contract suites, or say plainly that there is none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import type { NatsConnection } from '@nats-io/transport-node';
import { IDENTITY_HEADER, JOB_MESSAGES, QUEUE_GROUPS, SUBJECTS, snippetOwnerRequestSchema, type Identity } from '@story/proto';
import {
  HttpError,
  closeServiceDeps,
  connectMongo,
  generateSigningKeyPair,
  importPrivateKey,
  signIdentity,
  type ServiceApp,
  type ServiceConfig,
  type ServiceDefinition,
  type ServiceDeps,
} from '@story/service-kit';

/** A port nothing listens on: a service must still serve HTTP with NATS unreachable. */
export const UNREACHABLE_NATS = 'nats://127.0.0.1:1';

/** A temporary folder for a test's data. */
export function tempDataDir(prefix = 'story-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface ServiceUnderTest<Config, Deps> {
  app: ServiceApp;
  config: Config;
  deps: Deps;
  dataDir: string;
  /** Headers of a request the gateway signed for this caller (a user id, or a whole identity). */
  as(who: number | (Partial<Identity> & { userId: number })): Promise<Record<string, string>>;
  /** Headers carrying an identity signed with a key the service does not trust. */
  forged(identity: Identity): Promise<Record<string, string>>;
  /** Closes the app, then NATS and storage, then removes the data folder (unless it was given). */
  close(): Promise<void>;
}

export interface ServiceTestOptions<Deps> {
  /** A running nats-server; default: an unreachable address (the service must serve without NATS). */
  natsUrl?: string;
  env?: Record<string, string>;
  /** Replace any dependency (a scripted chat model, a clock). */
  deps?: Partial<Deps>;
  /** Keep data here instead of a fresh temporary folder (restart tests). */
  dataDir?: string;
  /** With `natsUrl`, wait until NATS is connected and set up (default true; false for a NATS that comes later). */
  waitForNats?: boolean;
  /** The gateway's identity key pair (default: a fresh one). */
  keys?: { privateKey: string; publicKey: string };
}

/**
 * Builds a service exactly as `main.ts` does (its own configuration schema, real SQLite storage, a
 * real NATS link), ready for `app.inject`. With `natsUrl` it waits until the service's NATS
 * responders and relays run.
 */
export async function startServiceForTest<Config extends ServiceConfig, Deps extends ServiceDeps>(
  definition: ServiceDefinition<Config, Deps>,
  options: ServiceTestOptions<Deps> = {},
): Promise<ServiceUnderTest<Config, Deps>> {
  const keys = options.keys ?? generateSigningKeyPair();
  const gatewayKey = await importPrivateKey(keys.privateKey);
  const strangerKey = await importPrivateKey(generateSigningKeyPair().privateKey);
  const dataDir = options.dataDir ?? tempDataDir(`${definition.name}-test-`);
  const config = definition.envSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    NATS_URL: options.natsUrl ?? UNREACHABLE_NATS,
    IDENTITY_PUBLIC_KEY: keys.publicKey,
    ...options.env,
  });
  const deps = await definition.openDeps(config, options.deps);
  const app = await definition.buildApp(config, deps);
  await app.ready();
  if (options.natsUrl && options.waitForNats !== false) await deps.nats.ready();
  const sign = (identity: Partial<Identity> & { userId: number }, key: CryptoKey) =>
    signIdentity({ isAdmin: false, sessionId: `session-${identity.userId}`, ...identity }, key);
  return {
    app,
    config,
    deps,
    dataDir,
    as: async (who) => ({ [IDENTITY_HEADER]: await sign(typeof who === 'number' ? { userId: who } : who, gatewayKey) }),
    forged: async (identity) => ({ [IDENTITY_HEADER]: await sign(identity, strangerKey) }),
    close: async () => {
      await app.close();
      await closeServiceDeps(deps);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A MongoDB for a contract suite: MONGODB_URL, else a container when a runtime is present. */
async function findMongo(): Promise<{ url: string; stop: () => Promise<void> } | { skipped: string }> {
  if (process.env.MONGODB_URL) return { url: process.env.MONGODB_URL, stop: async () => undefined };
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
  } catch (error) {
    return { skipped: `no MONGODB_URL and no container runtime (${error instanceof Error ? error.message : String(error)})` };
  }
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  // A replica set (the container's default), which multi-document transactions need.
  const container = await new MongoDBContainer('mongo:7').start();
  return { url: `${container.getConnectionString()}?directConnection=true`, stop: async () => void (await container.stop()) };
}

/**
 * Runs `suite(url)` when a MongoDB can be had, else registers a skipped suite and prints why, so a
 * run without MongoDB says so plainly instead of passing in silence.
 */
export async function withMongo(label: string, suite: (url: string) => void): Promise<void> {
  const mongo = await findMongo();
  if ('url' in mongo) {
    afterAll(async () => mongo.stop());
    suite(mongo.url);
    return;
  }
  process.stdout.write(`\n[${label}] MongoDB contract suite SKIPPED: ${mongo.skipped}\n\n`);
  describe.skip(`${label} contract: MongoDB (skipped: set MONGODB_URL or start a container runtime)`, () => {
    it('runs the same contract against MongoDB', () => undefined);
  });
}

/** A Qdrant for a contract suite: QDRANT_URL, else a container when a runtime is present; otherwise why not. */
export async function findQdrant(): Promise<{ url: string; stop: () => Promise<void> } | { skipped: string }> {
  if (process.env.QDRANT_URL) return { url: process.env.QDRANT_URL, stop: async () => undefined };
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
  } catch (error) {
    return { skipped: `no QDRANT_URL and no container runtime (${error instanceof Error ? error.message : String(error)})` };
  }
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('qdrant/qdrant:v1.15.0').withExposedPorts(6333).withWaitStrategy(Wait.forHttp('/readyz', 6333)).start();
  return { url: `http://${container.getHost()}:${container.getMappedPort(6333)}`, stop: async () => void (await container.stop()) };
}

/** Drops a throwaway database a contract suite made. */
export async function dropMongoDatabase(url: string, dbName: string): Promise<void> {
  const connection = await connectMongo(url, dbName);
  await connection.dropDatabase();
  await connection.close();
}

/** How a call failed, as the caller would see it: an HttpError's status and message, else the error itself (or undefined when it did not fail). */
export async function failureOf(promise: Promise<unknown>): Promise<{ status: number; message: string } | unknown> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return error instanceof HttpError ? { status: error.statusCode, message: error.message } : error;
}
export {
  ChatLoopback,
  OpenAiLoopback,
  chatCompletion,
  jsonBodyOf,
  openAiError,
  type ChatCall,
  type ChatCallBody,
  type LoopbackAnswer,
  type LoopbackCall,
} from './openai-loopback.ts';

/** A GraphQL answer as a test reads it. */
export interface GraphqlResponse<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** Sends a GraphQL operation to a service's subgraph as the caller whose signed headers are given. */
export async function subgraphQuery<T>(
  app: ServiceApp,
  headers: Record<string, string>,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphqlResponse<T>> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { ...headers, 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    payload: { query, variables },
  });
  return response.json<GraphqlResponse<T>>();
}

/**
 * Answers `jobs.snippet.owner` on `nc` as the jobs service would, for the snippets `owns` says a user
 * owns (with the given requirements text and description); "Snippet not found" for any other.
 */
export function standInSnippetOwners(
  nc: NatsConnection,
  owns: (snippetId: number, userId: number) => boolean,
  snippet: { snippetText: string; jobDescriptionId: number } = { snippetText: '- Lead teams', jobDescriptionId: 3 },
): void {
  nc.subscribe(SUBJECTS.snippetOwner, {
    queue: QUEUE_GROUPS.jobs,
    callback: (_error, message) => {
      const request = snippetOwnerRequestSchema.safeParse(message.json());
      const owned = request.success && owns(request.data.snippetId, request.data.userId);
      message.respond(JSON.stringify(owned ? { ok: true, ...snippet } : { ok: false, message: JOB_MESSAGES.snippetNotFound }));
    },
  });
}

/** A file part of a multipart form. */
export interface FormFile {
  field: string;
  name: string;
  bytes: Buffer | Uint8Array;
  type?: string;
}

/** A multipart/form-data body with these files and text fields, as a browser sends one. */
export function multipartForm(files: readonly FormFile[], fields: Record<string, string> = {}): { body: Buffer; contentType: string } {
  const boundary = `----story${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export { StandInPlans } from './stand-in-plans.ts';
