import { GATEWAY_NATS_RIGHTS, GATEWAY_NATS_USER, SERVICE_NATS_RIGHTS, type NatsRights } from './nats-rights.ts';
import type { ServiceName } from './routes.ts';

/** A process a service runs beside its HTTP front (e.g. speech workers in a NATS queue group). */
export interface WorkerEntry {
  /** The process name, as the orchestrator prints it and the compose service is called: `<service>-<name>`. */
  name: string;
  /** Its entry file under `services/<service>/src/`. */
  entry: string;
  /** The environment variable that says how many `make run` starts (default 1). */
  countEnv?: string;
}

/** One deployed service. Everything else (gateway URLs, the orchestrator, the supergraph, the compose check) reads this. */
export interface ServiceEntry {
  name: ServiceName;
  /** Its port under `make run`; the gateway finds it at `<NAME>_URL`. */
  port: number;
  /** Serves a GraphQL subgraph whose SDL is `proto/graphql/<name>.graphql`. */
  subgraph: boolean;
  workers: readonly WorkerEntry[];
  /** What its NATS user (named like the service; its workers share it) may publish and subscribe to. */
  nats: NatsRights;
}

/**
 * The services of the system, in start order. Adding a service is adding it here, with its NATS rights
 * from `SERVICE_NATS_RIGHTS` (see the README's "Adding a service"); `infra/test/compose.test.ts` fails
 * until docker-compose.yml and infra/nats/accounts.conf (`make nats-conf`) agree.
 */
const NO_WORKERS: readonly WorkerEntry[] = [];

export const SERVICE_REGISTRY = [
  { name: 'auth', port: 4001, subgraph: true, workers: NO_WORKERS, nats: SERVICE_NATS_RIGHTS.auth },
  { name: 'conversations', port: 4002, subgraph: true, workers: NO_WORKERS, nats: SERVICE_NATS_RIGHTS.conversations },
  { name: 'jobs', port: 4003, subgraph: true, workers: NO_WORKERS, nats: SERVICE_NATS_RIGHTS.jobs },
  { name: 'search', port: 4005, subgraph: false, workers: NO_WORKERS, nats: SERVICE_NATS_RIGHTS.search },
  { name: 'feedback', port: 4006, subgraph: true, workers: NO_WORKERS, nats: SERVICE_NATS_RIGHTS.feedback },
  { name: 'profile', port: 4007, subgraph: false, workers: NO_WORKERS, nats: SERVICE_NATS_RIGHTS.profile },
  {
    name: 'speech',
    port: 4004,
    subgraph: false,
    workers: [{ name: 'worker', entry: 'worker.ts', countEnv: 'SPEECH_WORKERS' }],
    nats: SERVICE_NATS_RIGHTS.speech,
  },
] as const satisfies readonly ServiceEntry[];

export type RegisteredService = (typeof SERVICE_REGISTRY)[number];
export type RegisteredServiceName = RegisteredService['name'];

/** The environment variable that gives the gateway a service's URL: `AUTH_URL`, `CONVERSATIONS_URL`, ... */
export type ServiceUrlEnv = `${Uppercase<ServiceName>}_URL`;
export const serviceUrlEnv = <N extends ServiceName>(name: N): `${Uppercase<N>}_URL` => `${name.toUpperCase() as Uppercase<N>}_URL`;

/** The entry file of a service's HTTP process. */
export const serviceEntryFile = (name: ServiceName): string => `services/${name}/src/main.ts`;

/** A NATS user of the deployment and its rights. */
export interface NatsUser {
  user: string;
  rights: NatsRights;
}

/** The NATS users: one per registered service, and the gateway's. The NATS configurations are made from this. */
export const NATS_USERS: readonly NatsUser[] = [
  ...SERVICE_REGISTRY.map((service) => ({ user: service.name, rights: service.nats })),
  { user: GATEWAY_NATS_USER, rights: GATEWAY_NATS_RIGHTS },
];
