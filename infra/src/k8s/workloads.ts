import { SERVICE_REGISTRY, serviceUrlEnv, type RegisteredService } from '@story/proto';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IEnvVar } from 'kubernetes-models/v1/EnvVar';
import type { IService } from 'kubernetes-models/v1/Service';
import type { IVolume } from 'kubernetes-models/v1/Volume';
import { natsPasswordEnv } from '../nats-auth.ts';
import {
  CLIENT_LABEL,
  GATEWAY,
  INTERNET_LABEL,
  MAIL_SECRET,
  METRICS_PATH,
  MONGODB_URL,
  NATS,
  NATS_PASSWORDS_SECRET,
  NATS_URL,
  OPENAI_SECRET,
  QDRANT_URL,
  SETTINGS_CONFIGMAP,
  SIGNING_KEYS_SECRET,
  containerSecurity,
  httpProbes,
  labelsOf,
  metadata,
  podSecurity,
  selectorOf,
} from './common.ts';
import { GATEWAY_PROFILE, SERVICE_PROFILES, workerProfile, type KeyFile, type WorkloadProfile } from './profiles.ts';

/** Where a process finds its NATS password (its own key of the NATS passwords Secret, as a file). */
export const NATS_PASSWORD_FILE = '/run/secrets/nats/password';
export const KEYS_DIR = '/keys';
/** How long a stopping pod keeps serving with /readyz at 503 (SHUTDOWN_DRAIN_MS): endpoint updates reach kube-proxy and the ingress within a few seconds. */
export const SHUTDOWN_DRAIN_MS = 5000;
/** Seconds Kubernetes waits after SIGTERM before it kills a pod: a worker may be finishing a long recording's job. */
export const gracePeriodSeconds = (w: Pick<Workload, 'component'>): number => (w.component === 'worker' ? 120 : 30);
/** What closing may take after the drain (SHUTDOWN_TIMEOUT_MS): the grace period less the drain and 5 s, so the process exits before it is killed. */
export const shutdownTimeoutMs = (w: Pick<Workload, 'component'>): number => gracePeriodSeconds(w) * 1000 - SHUTDOWN_DRAIN_MS - 5000;

/** One Deployment of ours: a service, a worker or the gateway. */
export interface Workload {
  name: string;
  component: 'service' | 'worker' | 'gateway';
  image: string;
  command: string[];
  port: number;
  /** Where Prometheus scrapes `/metrics`: the process's own port, or the gateway's internal METRICS_PORT. */
  metricsPort: number;
  natsUser: string;
  profile: WorkloadProfile;
  /** Extra fixed environment (the gateway's service URLs). */
  env?: Record<string, string>;
}

export const imageOf = (service: string): string => `story/${service}`;
const nodeCommand = (bundle: string): string[] => ['node', '--enable-source-maps', bundle];

/** Every Deployment of ours, from the registry: its services, their workers, and the gateway. */
export function workloads(): Workload[] {
  const services = SERVICE_REGISTRY.map((service: RegisteredService): Workload => ({
    name: service.name,
    component: 'service',
    image: imageOf(service.name),
    command: nodeCommand(`dist/services/${service.name}/src/main.mjs`),
    port: service.port,
    metricsPort: service.port,
    natsUser: service.name,
    profile: SERVICE_PROFILES[service.name],
  }));
  const workers = SERVICE_REGISTRY.flatMap((service: RegisteredService) =>
    service.workers.map((worker): Workload => ({
      name: `${service.name}-${worker.name}`,
      component: 'worker',
      image: imageOf(service.name),
      command: nodeCommand(`dist/services/${service.name}/src/${worker.entry.replace(/\.ts$/, '.mjs')}`),
      // Its health port, as compose's (the service's port + 10); nothing but the kubelet calls it.
      port: service.port + 10,
      metricsPort: service.port + 10,
      natsUser: service.name,
      profile: workerProfile(service.name),
    })),
  );
  const gateway: Workload = {
    name: GATEWAY.name,
    component: 'gateway',
    image: imageOf(GATEWAY.name),
    command: nodeCommand('dist/gateway/src/main.mjs'),
    port: GATEWAY.port,
    metricsPort: GATEWAY.metricsPort,
    natsUser: GATEWAY.name,
    profile: GATEWAY_PROFILE,
    env: Object.fromEntries(SERVICE_REGISTRY.map((s) => [serviceUrlEnv(s.name), `http://${s.name}:${s.port}`])),
  };
  return [...services, ...workers, gateway];
}

function environment(w: Workload): IEnvVar[] {
  const fixed: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '0.0.0.0',
    PORT: String(w.port),
    ...(w.metricsPort === w.port ? {} : { METRICS_PORT: String(w.metricsPort) }),
    NATS_URL,
    NATS_USER: w.natsUser,
    NATS_PASSWORD_FILE,
    // Streams and buckets on all three NATS nodes: one node lost keeps a quorum of two (staging runs the same cluster).
    JETSTREAM_REPLICAS: String(NATS.replicas),
    // After SIGTERM: /readyz 503 and still serving while the endpoints (kube-proxy, the ingress) drop the pod.
    SHUTDOWN_DRAIN_MS: String(SHUTDOWN_DRAIN_MS),
    SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs(w)),
    ...(w.profile.mongo ? { MONGODB_URL } : {}),
    ...(w.profile.qdrant ? { QDRANT_URL } : {}),
    ...Object.fromEntries(Object.entries(w.profile.keys).map(([file, env]) => [env, `${KEYS_DIR}/${file}`])),
    ...w.profile.env,
    ...w.env,
  };
  const settings = ['LOG_LEVEL', 'OTEL_EXPORTER_OTLP_ENDPOINT', ...w.profile.settings].map((key): IEnvVar => ({
    name: key,
    valueFrom: { configMapKeyRef: { name: SETTINGS_CONFIGMAP, key, optional: true } },
  }));
  const openai: IEnvVar[] = w.profile.openai
    ? [{ name: 'OPENAI_API_KEY', valueFrom: { secretKeyRef: { name: OPENAI_SECRET, key: 'OPENAI_API_KEY', optional: true } } }]
    : [];
  const mail: IEnvVar[] = w.profile.mail ? [{ name: 'SMTP_URL', valueFrom: { secretKeyRef: { name: MAIL_SECRET, key: 'SMTP_URL', optional: true } } }] : [];
  return [...Object.entries(fixed).map(([name, value]) => ({ name, value })), ...settings, ...openai, ...mail];
}

function volumes(w: Workload): IVolume[] {
  const keyItems = (Object.keys(w.profile.keys) as KeyFile[]).map((key) => ({ key, path: key }));
  return [
    { name: 'tmp', emptyDir: w.profile.tmpInMemory ? { medium: 'Memory', sizeLimit: '512Mi' } : { sizeLimit: '256Mi' } },
    // The images declare VOLUME /data; with MongoDB nothing durable is written there.
    { name: 'data', emptyDir: { sizeLimit: '64Mi' } },
    {
      name: 'nats-password',
      secret: { secretName: NATS_PASSWORDS_SECRET, items: [{ key: natsPasswordEnv(w.natsUser), path: 'password' }], defaultMode: 0o440 },
    },
    ...(keyItems.length > 0 ? [{ name: 'keys', secret: { secretName: SIGNING_KEYS_SECRET, items: keyItems, defaultMode: 0o440 } }] : []),
  ];
}

export function container(w: Workload): IContainer {
  return {
    name: w.name,
    image: w.image,
    imagePullPolicy: 'IfNotPresent',
    command: w.command,
    ports: [
      { name: 'http', containerPort: w.port, protocol: 'TCP' },
      ...(w.metricsPort === w.port ? [] : [{ name: 'metrics', containerPort: w.metricsPort, protocol: 'TCP' as const }]),
    ],
    env: environment(w),
    ...httpProbes('http'),
    resources: w.profile.resources,
    securityContext: containerSecurity(),
    volumeMounts: [
      { name: 'tmp', mountPath: '/tmp' },
      { name: 'data', mountPath: '/data' },
      { name: 'nats-password', mountPath: '/run/secrets/nats', readOnly: true },
      ...(Object.keys(w.profile.keys).length > 0 ? [{ name: 'keys', mountPath: KEYS_DIR, readOnly: true }] : []),
    ],
  };
}

/** Pod labels: its name, and the client labels the NetworkPolicies of NATS, MongoDB and Qdrant admit. */
export function podLabels(w: Workload): Record<string, string> {
  return {
    ...labelsOf(w.name, w.component),
    [CLIENT_LABEL.nats]: 'true',
    ...(w.profile.mongo ? { [CLIENT_LABEL.mongo]: 'true' } : {}),
    ...(w.profile.qdrant ? { [CLIENT_LABEL.qdrant]: 'true' } : {}),
    ...(w.profile.internet ? { [INTERNET_LABEL]: 'true' } : {}),
  };
}

/** Where Prometheus (annotation-based pod discovery) finds the process's metrics. */
export function scrapeAnnotations(w: Workload): Record<string, string> {
  return { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(w.metricsPort), 'prometheus.io/path': METRICS_PATH };
}

export function deployment(w: Workload): IDeployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: metadata(w.name, w.component),
    spec: {
      // A worker's count is its HorizontalPodAutoscaler's: no replicas here for `kubectl apply` to reset.
      ...(w.component === 'worker' ? {} : { replicas: w.profile.replicas }),
      revisionHistoryLimit: 5,
      selector: { matchLabels: selectorOf(w.name) },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: { labels: podLabels(w), annotations: scrapeAnnotations(w) },
        spec: {
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          // The drain delay, then SHUTDOWN_TIMEOUT_MS to finish requests (a worker its speech jobs) and
          // drain NATS (runService), 5 s inside this. No preStop hook: the process itself waits out the
          // drain delay after SIGTERM (the images have no shell to `sleep` in).
          terminationGracePeriodSeconds: gracePeriodSeconds(w),
          securityContext: podSecurity(),
          topologySpreadConstraints: [
            { maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: selectorOf(w.name) } },
          ],
          containers: [container(w)],
          volumes: volumes(w),
        },
      },
    },
  };
}

/** A ClusterIP Service on the registry port (workers have none: nothing calls them over HTTP). */
export function service(w: Workload): IService {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: metadata(w.name, w.component),
    spec: { type: 'ClusterIP', selector: selectorOf(w.name), ports: [{ name: 'http', port: w.port, targetPort: 'http', protocol: 'TCP' }] },
  };
}

export function podDisruptionBudget(name: string, component: string, maxUnavailable = 1): IPodDisruptionBudget {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: metadata(name, component),
    spec: { maxUnavailable, selector: { matchLabels: selectorOf(name) } },
  };
}

/** How fast worker pools grow and shrink, whoever scales them: four pods at once up, one a minute down after five quiet minutes. */
export const WORKER_SCALING_BEHAVIOR = {
  scaleUp: { stabilizationWindowSeconds: 0, policies: [{ type: 'Pods', value: 4, periodSeconds: 30 }] },
  scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] },
};

/**
 * The base's scaler for speech workers: CPU, 70 % of the request (a CPU-bound pool is busy exactly
 * when jobs wait). An overlay may replace it with KEDA on the workers' pending work (keda.ts).
 */
export function workerAutoscaler(w: Workload, maxReplicas = 10): IHorizontalPodAutoscaler {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: metadata(w.name, w.component),
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: w.name },
      minReplicas: w.profile.replicas,
      maxReplicas,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
      behavior: WORKER_SCALING_BEHAVIOR,
    },
  };
}
