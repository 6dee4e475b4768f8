import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSecurityContext } from 'kubernetes-models/v1/PodSecurityContext';
import type { IProbe } from 'kubernetes-models/v1/Probe';
import type { IResourceRequirements } from 'kubernetes-models/v1/ResourceRequirements';
import type { ISecurityContext } from 'kubernetes-models/v1/SecurityContext';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';

/**
 * Names and shapes shared by every manifest of infra/k8s/ (made by `make k8s` from the service
 * registry, proto/src/services.ts). The objects are typed with kubernetes-models' interfaces, so a
 * misspelt field fails `tsc`, and infra/test/k8s.test.ts validates them against the OpenAPI schemas.
 */
export type IObjectMeta = NonNullable<IConfigMap['metadata']>;

export const NAMESPACE = 'story';
export const PART_OF = 'story';

/** Secrets the base refers to by name; the overlays make them from files the operator provides. */
export const NATS_PASSWORDS_SECRET = 'story-nats-passwords';
export const SIGNING_KEYS_SECRET = 'story-signing-keys';
export const OPENAI_SECRET = 'story-openai';
/** SMTP_URL of the password-reset e-mails (issue 39, 6): it may carry the mail server's password. */
export const MAIL_SECRET = 'story-mail';
/** The mail submission ports a sender reaches outside the cluster: 587 (STARTTLS) and 465 (TLS). */
export const SMTP_SUBMISSION_PORTS = [587, 465] as const;
/** Non-secret settings (engines, models, admin e-mails, Google client id). */
export const SETTINGS_CONFIGMAP = 'story-settings';

export const NATS = { name: 'nats', clientPort: 4222, clusterPort: 6222, monitorPort: 8222, replicas: 3, image: 'nats:2.10-alpine' } as const;
export const MONGO = { name: 'mongo', port: 27017, replicas: 3, replSet: 'rs0', image: 'mongo:7' } as const;
export const QDRANT = { name: 'qdrant', httpPort: 6333, grpcPort: 6334, image: 'qdrant/qdrant:v1.15.0-unprivileged' } as const;
/** The gateway: its public port (the Ingress's backend), and its metrics port, which no Service exposes. */
export const GATEWAY = { name: 'gateway', port: 8080, metricsPort: 9464 } as const;
/** The namespace of the ingress controller: the only source of traffic from outside the namespace. */
export const INGRESS_NAMESPACE = 'ingress-nginx';
/** The namespace Prometheus runs in: it may scrape every process's metrics port, and nothing else. */
export const MONITORING_NAMESPACE = 'monitoring';
export const METRICS_PATH = '/metrics';

export const NATS_URL = `nats://${NATS.name}:${NATS.clientPort}`;
/** Every member, so a client finds the primary whichever member it reaches first. */
export const MONGODB_URL = `mongodb://${Array.from({ length: MONGO.replicas }, (_, i) => `${MONGO.name}-${i}.${MONGO.name}:${MONGO.port}`).join(',')}/?replicaSet=${MONGO.replSet}`;
export const QDRANT_URL = `http://${QDRANT.name}:${QDRANT.httpPort}`;

/** Pod labels NetworkPolicies select on: who may talk to NATS, MongoDB, Qdrant. */
export const CLIENT_LABEL = { nats: 'story.dev/nats-client', mongo: 'story.dev/mongo-client', qdrant: 'story.dev/qdrant-client' } as const;
/** Pods allowed HTTPS to the internet (OpenAI, Google's keys). */
export const INTERNET_LABEL = 'story.dev/internet-egress';

export const NAME_LABEL = 'app.kubernetes.io/name';
export const selectorOf = (name: string): Record<string, string> => ({ [NAME_LABEL]: name });
export const labelsOf = (name: string, component: string): Record<string, string> => ({
  [NAME_LABEL]: name,
  'app.kubernetes.io/component': component,
  'app.kubernetes.io/part-of': PART_OF,
});
export const metadata = (name: string, component: string, extra: Partial<IObjectMeta> = {}): IObjectMeta => ({
  name,
  namespace: NAMESPACE,
  labels: labelsOf(name, component),
  ...extra,
});

/** The image's `node` user (uid 1000), as compose's `user: node`. */
export const NODE_UID = 1000;

export function podSecurity(uid: number = NODE_UID): IPodSecurityContext {
  return { runAsNonRoot: true, runAsUser: uid, runAsGroup: uid, fsGroup: uid, seccompProfile: { type: 'RuntimeDefault' } };
}

/** compose's hardening: read-only root file system, no privilege escalation, no capabilities. */
export function containerSecurity(uid: number = NODE_UID): ISecurityContext {
  return {
    runAsNonRoot: true,
    runAsUser: uid,
    runAsGroup: uid,
    readOnlyRootFilesystem: true,
    allowPrivilegeEscalation: false,
    capabilities: { drop: ['ALL'] },
    seccompProfile: { type: 'RuntimeDefault' },
  };
}

export function httpProbes(port: string | number): Pick<IContainer, 'livenessProbe' | 'readinessProbe' | 'startupProbe'> {
  const get = (path: string, extra: Partial<IProbe>): IProbe => ({ httpGet: { path, port }, timeoutSeconds: 3, ...extra });
  return {
    startupProbe: get('/healthz', { periodSeconds: 2, failureThreshold: 60 }),
    livenessProbe: get('/healthz', { periodSeconds: 10, failureThreshold: 3 }),
    readinessProbe: get('/readyz', { periodSeconds: 5, failureThreshold: 2 }),
  };
}

export function resources(cpuRequest: string, memoryRequest: string, cpuLimit: string, memoryLimit: string): IResourceRequirements {
  return { requests: { cpu: cpuRequest, memory: memoryRequest }, limits: { cpu: cpuLimit, memory: memoryLimit } };
}

/** A manifest: any object with apiVersion and kind (the generator's output, one file may hold several). */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata?: IObjectMeta;
  [field: string]: unknown;
}
