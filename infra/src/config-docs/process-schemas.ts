/**
 * Which process reads which environment schema: the source of docs/configuration.md and .env.example
 * (`make docs`). The schemas are the ones that validate each process at start-up, so the documented
 * list cannot drift from what the code reads.
 */
import type { z } from 'zod';
import { NATS_USERS } from '@story/proto';
import { baseEnvSchema } from '@story/service-kit/config';
import { pdfRenderingEnvShape } from '@story/service-kit/pdf/pdf-renderer';
import { gatewayEnvSchema } from '../../../gateway/src/gateway.config.ts';
import { authEnvSchema } from '../../../services/auth/src/config.ts';
import { conversationsEnvSchema } from '../../../services/conversations/src/config.ts';
import { feedbackEnvSchema } from '../../../services/feedback/src/config.ts';
import { jobsEnvSchema } from '../../../services/jobs/src/config.ts';
import { profileEnvSchema } from '../../../services/profile/src/config.ts';
import { searchEnvSchema } from '../../../services/search/src/config.ts';
import { speechEnvSchema } from '../../../services/speech/src/config.ts';
import { natsPasswordEnv } from '../nats-auth.ts';

/** A set of variables named by one schema: a process's whole environment, or a part several processes share. */
export interface SchemaSection {
  /** The section's title: a process's name, or what the shared part is for. */
  title: string;
  /** Where the schema is written, relative to the repository. */
  file: string;
  /** One sentence about the section, before its variables. */
  intro: string;
  shape: Readonly<Record<string, z.ZodType>>;
}

/** Parts of the environment that several processes read with the very same schema (compared by identity). */
export const SHARED_SECTIONS: readonly SchemaSection[] = [
  {
    title: 'Every service',
    file: 'services/service-kit/src/config.ts',
    intro: 'Every service and speech worker reads these (`baseEnvSchema`); the gateway reads those its section names.',
    shape: baseEnvSchema.shape,
  },
  {
    title: 'Services that make PDFs',
    file: 'services/service-kit/src/pdf/pdf-renderer.ts',
    intro: 'Conversations, feedback and profile draw PDFs on worker threads (`pdfRenderingEnvShape`); each instance has its own.',
    shape: pdfRenderingEnvShape,
  },
];

/** Every process of the system and its environment schema: the gateway, then the services in registry order. */
export const PROCESS_SECTIONS: readonly SchemaSection[] = [
  {
    title: 'gateway',
    file: 'gateway/src/gateway.config.ts',
    intro: 'The only public port: sessions, CSRF, rate limits, the REST proxy, Apollo Gateway and the web app.',
    shape: gatewayEnvSchema.shape,
  },
  { title: 'auth', file: 'services/auth/src/config.ts', intro: 'Accounts, sessions, plans, password resets, the data export.', shape: authEnvSchema.shape },
  {
    title: 'conversations',
    file: 'services/conversations/src/config.ts',
    intro: 'Threads, messages, the AI coach, practice conversations.',
    shape: conversationsEnvSchema.shape,
  },
  { title: 'jobs', file: 'services/jobs/src/config.ts', intro: 'Job descriptions, their cleaning into markdown, snippets.', shape: jobsEnvSchema.shape },
  { title: 'search', file: 'services/search/src/config.ts', intro: 'Stories found by meaning and by words.', shape: searchEnvSchema.shape },
  {
    title: 'feedback',
    file: 'services/feedback/src/config.ts',
    intro: 'Feedback on answers, attempts, mock interviews.',
    shape: feedbackEnvSchema.shape,
  },
  { title: 'profile', file: 'services/profile/src/config.ts', intro: 'Résumés and the public profile.', shape: profileEnvSchema.shape },
  {
    title: 'speech',
    file: 'services/speech/src/config.ts',
    intro: 'The speech front and its workers read the same schema (one image, two entry files); a worker’s `PORT` is its health port.',
    shape: speechEnvSchema.shape,
  },
];

/** A variable read by code outside the processes' schemas (the orchestrator, the OpenTelemetry SDK, the tests). */
export interface OutsideVariable {
  name: string;
  readBy: string;
  defaultText: string;
  meaning: string;
}

const natsPasswordNames = NATS_USERS.map((user) => `\`${natsPasswordEnv(user.user)}\``).join(', ');

/** What is read outside the schemas, written here by hand: each entry names the code that reads it. */
export const OUTSIDE_VARIABLES: readonly OutsideVariable[] = [
  {
    name: 'NAME_FILE',
    readBy: 'every process (`resolveFileVariables`)',
    defaultText: 'unset',
    meaning: 'Any variable of a schema above may be given as a file (Docker and Kubernetes secrets): `NATS_PASSWORD_FILE=/run/secrets/x`.',
  },
  {
    name: 'PORT',
    readBy: '`make run` (`infra/src/run.ts`)',
    defaultText: '`8080`',
    meaning: "The gateway's port; `make run` gives every service its registry port itself.",
  },
  {
    name: 'DATA_DIR',
    readBy: '`make run`',
    defaultText: '`./data`',
    meaning: 'Where the installation lives: SQLite files, the NATS store, the keys.',
  },
  {
    name: 'NATS_URL',
    readBy: '`make run`',
    defaultText: 'unset',
    meaning: 'Use this NATS server (JetStream on, with the users of `infra/nats/accounts.conf`) instead of starting one.',
  },
  {
    name: 'NODE_ENV',
    readBy: '`make run`',
    defaultText: '`production`',
    meaning: 'Passed to every process; `NODE_ENV=development make run` turns on GraphQL introspection.',
  },
  {
    name: 'SPEECH_WORKERS',
    readBy: '`make run` (the registry’s `countEnv`)',
    defaultText: '`1`',
    meaning: 'How many speech workers to start (0 to 32); compose: `deploy.replicas` of `speech-worker`.',
  },
  {
    name: '<USER>_NATS_PASSWORD',
    readBy: '`make run`, docker compose',
    defaultText: '`DATA_DIR/keys/nats-credentials.json`',
    meaning:
      `A NATS user's password (${natsPasswordNames}): overrides the generated one under \`make run\`; ` +
      'required by docker compose (`make compose-secrets` writes them into `.env`).',
  },
  {
    name: 'STORY_RUN_FROM_SOURCE',
    readBy: '`make run` and the test stacks (`infra/src/service-bundles.ts`)',
    defaultText: 'unset',
    meaning: 'Set: processes run from their sources under tsx instead of the esbuild bundles.',
  },
  {
    name: 'OTEL_SERVICE_NAME',
    readBy: 'every process (`services/service-kit/src/telemetry/tracing.ts`)',
    defaultText: "the process's name",
    meaning: 'The `service.name` of its spans.',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    readBy: 'every process (the OpenTelemetry SDK)',
    defaultText: 'unset',
    meaning: 'A collector for traces only; set, tracing is on as with `OTEL_EXPORTER_OTLP_ENDPOINT`.',
  },
  {
    name: 'OTEL_BSP_SCHEDULE_DELAY',
    readBy: 'every process (the OpenTelemetry SDK)',
    defaultText: '`5000`',
    meaning: 'How long spans are batched, in milliseconds, before they are sent.',
  },
  {
    name: 'LOG_REQUESTS',
    readBy: 'every service (`services/service-kit/src/http-app.ts`)',
    defaultText: 'unset',
    meaning: '`false` leaves out the log line of each request.',
  },
  {
    name: 'MONGODB_URL, QDRANT_URL',
    readBy: 'the storage contract tests (`testing/src/service-under-test.ts`)',
    defaultText: 'unset',
    meaning: 'Run the MongoDB and Qdrant sides of the contract suites against these servers (else containers, else skipped, and said).',
  },
  {
    name: 'CHROMIUM_PATH',
    readBy: 'the browser tests (`testing/src/chromium.ts`)',
    defaultText: '`/usr/bin/chromium`',
    meaning: 'The Chromium the browser tests drive.',
  },
];
