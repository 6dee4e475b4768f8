import type { IScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import { metadata } from './common.ts';
import { WORKER_SCALING_BEHAVIOR, type Workload } from './workloads.ts';

/** The series the speech workers export for their queue (service-kit's telemetry/metrics.ts). */
export const SPEECH_QUEUE_SERIES = 'story_speech_queue_depth';

/** Jobs one worker should have at most, running and waiting (it runs one at a time): above it, KEDA adds workers. */
export const JOBS_PER_WORKER = 2;

export interface KedaScaling {
  kind: 'keda';
  /** Prometheus's address as KEDA reaches it (the prometheus-community chart's `prometheus-server`). */
  prometheus: string;
}

/** The speech workers' pending work as Prometheus sums it over the namespace's workers. */
export const speechQueueQuery = (namespace: string) => `sum(${SPEECH_QUEUE_SERIES}{namespace="${namespace}"})`;

/**
 * Speech workers scaled by KEDA on their pending work: the jobs the workers have accepted, running
 * and waiting in their own queues (`story_speech_queue_depth`, scraped by Prometheus), over
 * JOBS_PER_WORKER per worker; CPU (70 % of the request) as a second trigger, so that while
 * Prometheus cannot be read the autoscaler still adds workers on CPU (it never scales down on a
 * metric it cannot read). No `fallback`: KEDA's fallback does not cover a CPU trigger.
 * Speech jobs are core-NATS request/reply in the queue group `speech`, which keeps no backlog of its
 * own: a worker accepts up to SPEECH_WORKER_MAX_WAITING jobs and refuses the rest as busy, so what the
 * workers hold is the pool's pending work.
 */
export function workerScaledObject(w: Workload, bounds: { min: number; max: number }, scaling: KedaScaling, namespace: string): IScaledObject {
  return {
    apiVersion: 'keda.sh/v1alpha1',
    kind: 'ScaledObject',
    metadata: metadata(w.name, w.component),
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: w.name },
      minReplicaCount: bounds.min,
      maxReplicaCount: bounds.max,
      pollingInterval: 15,
      cooldownPeriod: 300,
      advanced: { horizontalPodAutoscalerConfig: { behavior: WORKER_SCALING_BEHAVIOR } },
      triggers: [
        {
          type: 'prometheus',
          name: 'speech-queue',
          metricType: 'AverageValue',
          metadata: { serverAddress: scaling.prometheus, query: speechQueueQuery(namespace), threshold: String(JOBS_PER_WORKER) },
        },
        { type: 'cpu', name: 'cpu', metricType: 'Utilization', metadata: { value: '70' } },
      ],
    },
  };
}
