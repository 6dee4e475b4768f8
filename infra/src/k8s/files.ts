import { join } from 'node:path';
import { REPO_ROOT } from '../stack.ts';
import { baseFiles, baseKustomization, yamlText } from './base.ts';
import { OVERLAYS, overlayFiles, overlayKustomization } from './overlays.ts';

/** Where the manifests live. */
export const K8S_DIR = join(REPO_ROOT, 'infra/k8s');

/** Every file `make k8s` owns, by its path under infra/k8s/, with its text. */
export function generatedFiles(): Map<string, string> {
  const out = new Map<string, string>();
  const base = baseFiles();
  for (const [file, objects] of base) out.set(`base/${file}`, yamlText(objects));
  out.set('base/kustomization.yaml', yamlText([baseKustomization([...base.keys()])]));
  for (const overlay of OVERLAYS) {
    out.set(`overlays/${overlay.name}/kustomization.yaml`, yamlText([overlayKustomization(overlay)]));
    for (const [file, objects] of overlayFiles(overlay)) out.set(`overlays/${overlay.name}/${file}`, yamlText(objects));
  }
  return out;
}
