import { stringify } from 'yaml';
import { NAMESPACE, type Manifest } from './common.ts';
import { gatewayIngress, namespace, settingsConfigMap } from './cluster.ts';
import { natsManifests } from './nats.ts';
import { networkPolicies } from './network.ts';
import { mongoManifests, qdrantManifests } from './stores.ts';
import { deployment, podDisruptionBudget, service, workerAutoscaler, workloads, type Workload } from './workloads.ts';

/** The header of every file `make k8s` writes. */
export const GENERATED_HEADER = [
  '# Made by `make k8s` from proto/src/services.ts (infra/src/k8s/). Do not edit: infra/test/k8s.test.ts',
  '# fails when this file and the generator disagree.',
].join('\n');

/** YAML of one or more objects, as `make k8s` writes them (stable key order, no line folding). */
export function yamlText(documents: readonly object[]): string {
  const body = documents.map((doc) => stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false })).join('---\n');
  return `${GENERATED_HEADER}\n${body}`;
}

function workloadManifests(w: Workload): Manifest[] {
  const objects: object[] = [deployment(w), service(w), podDisruptionBudget(w.name, w.component)];
  if (w.component === 'worker') objects.push(workerAutoscaler(w));
  if (w.component === 'gateway') objects.push(gatewayIngress());
  return objects as Manifest[];
}

/** The base: file name → objects, in apply order (namespace and stores first). */
export function baseFiles(): Map<string, Manifest[]> {
  const all = workloads();
  const files = new Map<string, Manifest[]>([
    ['namespace.yaml', [namespace(), settingsConfigMap()] as Manifest[]],
    ['nats.yaml', natsManifests()],
    ['mongo.yaml', mongoManifests()],
    ['qdrant.yaml', qdrantManifests()],
  ]);
  for (const w of all) files.set(`${w.name}.yaml`, workloadManifests(w));
  files.set('network-policies.yaml', networkPolicies(all) as Manifest[]);
  return files;
}

export function baseKustomization(files: readonly string[]): object {
  return { apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', namespace: NAMESPACE, resources: [...files] };
}
