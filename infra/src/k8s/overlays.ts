import { stringify } from 'yaml';
import { NATS_USERS } from '@story/proto';
import { natsPasswordEnv } from '../nats-auth.ts';
import { MAIL_SECRET, NAMESPACE, NATS_PASSWORDS_SECRET, OPENAI_SECRET, SETTINGS_CONFIGMAP, SIGNING_KEYS_SECRET, resources } from './common.ts';
import { workerScaledObject, type KedaScaling } from './keda.ts';
import { KEY_FILES, SETTINGS_DEFAULTS } from './profiles.ts';
import { workloads, type Workload } from './workloads.ts';

/** A JSON 6902 operation of an overlay patch. */
export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}

export interface OverlayOptions {
  name: string;
  /** Where the images are pushed, and their tag. */
  registry: string;
  tag: string;
  host: string;
  tlsSecret: string;
  /** Replicas of each Deployment that has a fixed count. */
  replicas: number;
  /** Speech workers: the autoscaler's bounds. */
  workers: { min: number; max: number };
  /** How the workers scale: the base's HorizontalPodAutoscaler on CPU, or KEDA on their pending work (and CPU). */
  workerScaling: { kind: 'hpa' } | KedaScaling;
}

export const OVERLAYS: readonly OverlayOptions[] = [
  {
    name: 'production',
    registry: 'registry.example.com/story',
    tag: '0.1.0',
    host: 'story.example.com',
    tlsSecret: 'story-tls',
    replicas: 3,
    workers: { min: 4, max: 20 },
    workerScaling: { kind: 'keda', prometheus: 'http://prometheus-server.monitoring.svc' },
  },
  {
    name: 'staging',
    registry: 'registry.example.com/story',
    tag: 'main',
    host: 'staging.story.example.com',
    tlsSecret: 'story-staging-tls',
    replicas: 1,
    workers: { min: 1, max: 4 },
    workerScaling: { kind: 'hpa' },
  },
];

/** Files the operator provides beside an overlay's kustomization.yaml (gitignored: `secrets/`). */
export const SECRET_FILES = {
  natsPasswords: 'secrets/nats-passwords.env',
  signingKeys: KEY_FILES.map((file) => `secrets/signing-keys/${file}`),
  openai: 'secrets/openai.env',
  mail: 'secrets/mail.env',
} as const;
export const SETTINGS_FILE = 'settings.env';

/** The file of an overlay that scales `w` with KEDA: its ScaledObject. */
export const scaledObjectFile = (w: Workload) => `${w.name}-scaledobject.yaml`;

/** The overlay's own objects, by file name (the KEDA ScaledObjects when it scales workers with KEDA). */
export function overlayFiles(o: OverlayOptions): Map<string, object[]> {
  const files = new Map<string, object[]>();
  if (o.workerScaling.kind !== 'keda') return files;
  for (const w of workloads().filter((w) => w.component === 'worker'))
    files.set(scaledObjectFile(w), [workerScaledObject(w, o.workers, o.workerScaling, NAMESPACE)]);
  return files;
}

/** Bounds for the base's autoscaler, or (KEDA) the strategic-merge patch that deletes it: two autoscalers on one Deployment would fight. */
function workerScalerPatch(o: OverlayOptions, w: Workload): { target: { kind: string; name: string }; patch: unknown } {
  const target = { kind: 'HorizontalPodAutoscaler', name: w.name };
  if (o.workerScaling.kind === 'keda')
    return { target, patch: { $patch: 'delete', apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: w.name } } };
  return {
    target,
    patch: [
      { op: 'replace', path: '/spec/minReplicas', value: o.workers.min },
      { op: 'replace', path: '/spec/maxReplicas', value: o.workers.max },
    ],
  };
}

export function overlayKustomization(o: OverlayOptions): object {
  const all = workloads();
  const images = [...new Set(all.map((w) => w.image))].map((name) => ({ name, newName: `${o.registry}/${name.replace(/^story\//, '')}`, newTag: o.tag }));
  const fixed = all.filter((w) => w.component !== 'worker');
  const ingress: PatchOperation[] = [
    { op: 'replace', path: '/spec/tls/0/hosts/0', value: o.host },
    { op: 'replace', path: '/spec/tls/0/secretName', value: o.tlsSecret },
    { op: 'replace', path: '/spec/rules/0/host', value: o.host },
  ];
  const patches = [
    { target: { kind: 'Ingress', name: 'gateway' }, patch: ingress },
    ...all
      .filter((w) => w.component === 'worker')
      .flatMap((w) => [
        workerScalerPatch(o, w),
        ...(o.name === 'production'
          ? [
              {
                target: { kind: 'Deployment', name: w.name },
                patch: [{ op: 'replace', path: '/spec/template/spec/containers/0/resources', value: resources('1500m', '1Gi', '2', '2Gi') }],
              },
            ]
          : []),
      ]),
  ];
  return {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    namespace: NAMESPACE,
    resources: ['../../base', ...overlayFiles(o).keys()],
    images,
    replicas: fixed.map((w) => ({ name: w.name, count: o.replicas })),
    patches: patches.map((p) => ({ target: p.target, patch: stringify(p.patch, { lineWidth: 0 }) })),
    configMapGenerator: [{ name: SETTINGS_CONFIGMAP, namespace: NAMESPACE, behavior: 'replace', envs: [SETTINGS_FILE] }],
    secretGenerator: [
      { name: NATS_PASSWORDS_SECRET, envs: [SECRET_FILES.natsPasswords] },
      { name: SIGNING_KEYS_SECRET, files: [...SECRET_FILES.signingKeys] },
      { name: OPENAI_SECRET, envs: [SECRET_FILES.openai] },
      { name: MAIL_SECRET, envs: [SECRET_FILES.mail] },
    ],
  };
}

/** The overlay's settings file (compose's defaults), which the operator edits. */
export function settingsEnv(): string {
  return `${Object.entries(SETTINGS_DEFAULTS)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')}\n`;
}

/** The keys the NATS passwords file must have: one per NATS user. */
export const natsPasswordKeys = (): string[] => NATS_USERS.map((u) => natsPasswordEnv(u.user));
