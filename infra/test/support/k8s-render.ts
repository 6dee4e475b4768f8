import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import { parseAllDocuments } from 'yaml';
import type { Manifest } from '../../src/k8s/common.ts';

/**
 * The test's view of infra/k8s/: YAML files parsed, each object validated against the Kubernetes
 * OpenAPI schema of its apiVersion and kind (kubernetes-models 4.5.1: Kubernetes 1.33.0), and an
 * overlay rendered the way `kubectl kustomize` does for the features the overlays use (resources,
 * namespace, images, replicas, JSON 6902 patches, a replacing configMapGenerator, secretGenerators;
 * generated names keep no hash suffix here).
 */
type Model = { validate(): void };
const MODELS: Record<string, new (data: never) => Model> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
  // KEDA's custom resource, checked against its CRD's schema (@kubernetes-models/keda 0.4.2).
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
};

/** Throws when the object breaks its schema, or is of a kind with no schema here. */
export function validateManifest(object: Manifest): void {
  const key = `${object.apiVersion}/${object.kind}`;
  const Model = MODELS[key];
  if (!Model) throw new Error(`${key} ${object.metadata?.name ?? ''}: no schema for this kind`);
  new Model(structuredClone(object) as never).validate();
}

export function readManifests(file: string): Manifest[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'));
  return docs.map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]?.message ?? ''}`);
    return doc.toJSON() as Manifest;
  });
}

interface PatchOp {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}
interface Kustomization {
  namespace?: string;
  resources?: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
  replicas?: { name: string; count: number }[];
  patches?: { target: { kind: string; name: string }; patch: string }[];
  configMapGenerator?: { name: string; behavior?: string; envs?: string[] }[];
  secretGenerator?: { name: string; envs?: string[]; files?: string[] }[];
}

/** RFC 6902 add/replace/remove at a JSON pointer (what the overlays' patches use). */
export function applyPatch(target: unknown, ops: readonly PatchOp[]): void {
  for (const { op, path, value } of ops) {
    const keys = path
      .split('/')
      .slice(1)
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop();
    let node = target as Record<string, unknown>;
    for (const key of keys) {
      node = node[key] as Record<string, unknown>;
      if (node === undefined) throw new Error(`patch ${op} ${path}: no ${key}`);
    }
    if (last === undefined) throw new Error(`patch ${op}: empty path`);
    if (op !== 'add' && !(last in node)) throw new Error(`patch ${op} ${path}: nothing there`);
    if (op === 'remove') {
      if (Array.isArray(node)) node.splice(Number(last), 1);
      else delete node[last];
    } else if (Array.isArray(node) && op === 'add') node.splice(last === '-' ? node.length : Number(last), 0, value);
    else node[last] = structuredClone(value);
  }
}

export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1] !== undefined) out[match[1]] = match[2] ?? '';
  }
  return out;
}

const containersOf = (o: Manifest): { image?: string }[] => {
  const spec = (o.spec as { template?: { spec?: { containers?: { image?: string }[] } } } | undefined)?.template?.spec;
  return spec?.containers ?? [];
};

/** The objects `kubectl apply -k <dir>` would send (generated names without their hash suffix). */
export function renderKustomization(dir: string): Manifest[] {
  const k = readManifests(join(dir, 'kustomization.yaml'))[0] as unknown as Kustomization;
  const objects: Manifest[] = [];
  for (const resource of k.resources ?? []) {
    const path = join(dir, resource);
    objects.push(...(resource.endsWith('.yaml') ? readManifests(path) : renderKustomization(path)));
  }
  for (const generator of k.configMapGenerator ?? []) {
    const data = Object.assign({}, ...(generator.envs ?? []).map((f) => parseEnvFile(readFileSync(join(dir, f), 'utf8')))) as Record<string, string>;
    const existing = objects.find((o) => o.kind === 'ConfigMap' && o.metadata?.name === generator.name);
    if (generator.behavior === 'replace') {
      if (!existing) throw new Error(`configMapGenerator ${generator.name}: nothing to replace`);
      existing.data = data;
    } else objects.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: generator.name }, data });
  }
  for (const generator of k.secretGenerator ?? []) {
    const fromEnvs = (generator.envs ?? []).map((f) => parseEnvFile(readFileSync(join(dir, f), 'utf8')));
    const fromFiles = (generator.files ?? []).map((f) => ({ [basename(f)]: readFileSync(join(dir, f), 'utf8') }));
    const plain = Object.assign({}, ...fromEnvs, ...fromFiles) as Record<string, string>;
    const data = Object.fromEntries(Object.entries(plain).map(([key, value]) => [key, Buffer.from(value).toString('base64')]));
    objects.push({ apiVersion: 'v1', kind: 'Secret', type: 'Opaque', metadata: { name: generator.name }, data });
  }
  for (const o of objects) if (k.namespace && o.kind !== 'Namespace') o.metadata = { ...o.metadata, namespace: k.namespace };
  for (const image of k.images ?? []) {
    for (const c of objects.flatMap(containersOf)) {
      if (c.image?.replace(/:[^/]*$/, '') === image.name) c.image = `${image.newName ?? image.name}${image.newTag ? `:${image.newTag}` : ''}`;
    }
  }
  for (const { name, count } of k.replicas ?? []) {
    const target = objects.find((o) => ['Deployment', 'StatefulSet'].includes(o.kind) && o.metadata?.name === name);
    if (!target) throw new Error(`replicas: no ${name}`);
    (target.spec as { replicas?: number }).replicas = count;
  }
  for (const { target, patch } of k.patches ?? []) {
    const object = objects.find((o) => o.kind === target.kind && o.metadata?.name === target.name);
    if (!object) throw new Error(`patch: no ${target.kind} ${target.name}`);
    const ops = readPatch(patch);
    // A strategic-merge patch `$patch: delete` removes the object (kustomize's way to drop one of the base's).
    if (!Array.isArray(ops) && ops.$patch === 'delete') objects.splice(objects.indexOf(object), 1);
    else if (Array.isArray(ops)) applyPatch(object, ops);
    else throw new Error(`patch ${target.kind} ${target.name}: only JSON 6902 operations and $patch: delete are rendered here`);
  }
  return objects;
}

function readPatch(text: string): PatchOp[] | { $patch?: string } {
  const [doc] = parseAllDocuments(text);
  return (doc?.toJSON() ?? []) as PatchOp[] | { $patch?: string };
}
