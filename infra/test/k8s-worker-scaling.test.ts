import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { metricsRegistry } from '@story/service-kit';
import { SERVICE_REGISTRY } from '@story/proto';
import type { Manifest } from '../src/k8s/common.ts';
import { K8S_DIR } from '../src/k8s/files.ts';
import { JOBS_PER_WORKER, SPEECH_QUEUE_SERIES } from '../src/k8s/keda.ts';
import { OVERLAYS } from '../src/k8s/overlays.ts';
import { writeOverlaySecrets } from '../src/k8s/secrets.ts';
import { renderKustomization, validateManifest } from './support/k8s-render.ts';

/**
 * Speech workers scale on their pending work (issue 25, 2): where an overlay chooses KEDA, its
 * ScaledObject is checked against KEDA's CRD schema, reads a series the workers really export, and
 * replaces the base's CPU autoscaler (two autoscalers on one Deployment would fight); elsewhere the
 * base's HorizontalPodAutoscaler stays with the overlay's bounds.
 */
const scratch = mkdtempSync(join(tmpdir(), 'k8s-scaling-'));
cpSync(K8S_DIR, scratch, { recursive: true });
for (const o of OVERLAYS) writeOverlaySecrets(join(scratch, 'overlays', o.name));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const workers = SERVICE_REGISTRY.flatMap((s) => s.workers.map((w) => `${s.name}-${w.name}`));
const of = (objects: readonly Manifest[], kind: string, name: string) => objects.filter((o) => o.kind === kind && o.metadata?.name === name);

describe('speech workers scale on their pending work', () => {
  it('has at least one overlay on KEDA and one on the CPU autoscaler, and workers to scale', () => {
    expect(workers.length).toBeGreaterThan(0);
    expect(OVERLAYS.map((o) => o.workerScaling.kind).sort()).toEqual(expect.arrayContaining(['hpa', 'keda']));
  });

  for (const overlay of OVERLAYS) {
    it(`${overlay.name}: ${overlay.workerScaling.kind === 'keda' ? 'a KEDA ScaledObject on the queue and CPU, and no HPA' : 'the base HPA with its bounds'}`, () => {
      const objects = renderKustomization(join(scratch, 'overlays', overlay.name));
      for (const name of workers) {
        const scaled = of(objects, 'ScaledObject', name);
        const hpas = of(objects, 'HorizontalPodAutoscaler', name);
        expect(of(objects, 'Deployment', name)).toHaveLength(1);
        if (overlay.workerScaling.kind === 'hpa') {
          expect(scaled).toHaveLength(0);
          expect(hpas).toHaveLength(1);
          expect(hpas[0]?.spec).toMatchObject({ minReplicas: overlay.workers.min, maxReplicas: overlay.workers.max });
          continue;
        }
        expect(hpas).toHaveLength(0);
        expect(scaled).toHaveLength(1);
        const object = scaled[0] as Manifest;
        expect(() => validateManifest(object)).not.toThrow();
        const spec = object.spec as {
          scaleTargetRef: { name: string; kind: string };
          minReplicaCount: number;
          maxReplicaCount: number;
          triggers: { type: string; metadata: Record<string, string> }[];
        };
        expect(spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name });
        expect([spec.minReplicaCount, spec.maxReplicaCount]).toEqual([overlay.workers.min, overlay.workers.max]);
        const queue = spec.triggers.find((t) => t.type === 'prometheus');
        expect(queue?.metadata).toMatchObject({ serverAddress: overlay.workerScaling.prometheus, threshold: String(JOBS_PER_WORKER) });
        expect(queue?.metadata.query).toContain(SPEECH_QUEUE_SERIES);
        expect(spec.triggers.find((t) => t.type === 'cpu')?.metadata).toEqual({ value: '70' });
      }
    });
  }

  it('reads a series the workers register', async () => {
    const names = (await metricsRegistry.getMetricsAsJSON()).map((metric) => metric.name);
    expect(names).toContain(SPEECH_QUEUE_SERIES);
  });

  it('refuses a ScaledObject that breaks KEDA’s schema', () => {
    const objects = renderKustomization(join(scratch, 'overlays', OVERLAYS.find((o) => o.workerScaling.kind === 'keda')?.name ?? ''));
    const broken = structuredClone(objects.find((o) => o.kind === 'ScaledObject')) as Manifest;
    (broken.spec as { triggers: { metadata: Record<string, unknown> }[] }).triggers[0]!.metadata.threshold = 2;
    expect(() => validateManifest(broken)).toThrow(/threshold must be string/);
    delete (broken.spec as Record<string, unknown>).scaleTargetRef;
    expect(() => validateManifest(broken)).toThrow(/scaleTargetRef/);
  });
});
