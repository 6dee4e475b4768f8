import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's one Prometheus registry and the platform's own series (README, "Metrics"). Every
 * process serves it at `/metrics`: the services and workers on their own port, the gateway on its
 * internal METRICS_PORT only. Labels are bounded: routes are fastify's templates, subjects are
 * patterns, limiters and consumers are names from the code, never ids or raw URLs.
 */
export const metricsRegistry = new Registry();

let defaultsOn = false;
/** Node's own series (event loop lag, heap, GC, CPU) with the `story_` prefix; once per process. */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'story_' });
}

/** Seconds from a few milliseconds to a long AI call. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export const httpRequestDuration = new Histogram({
  name: 'story_http_request_duration_seconds',
  help: 'HTTP requests served, by route template (unmatched routes are "unmatched"; /metrics, /healthz, /readyz are left out) and status.',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const natsRequestDuration = new Histogram({
  name: 'story_nats_request_duration_seconds',
  help: 'NATS requests this process made, by subject pattern (ids replaced by *) and outcome (ok, timeout, no_responders, error).',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const speechJobDuration = new Histogram({
  name: 'story_speech_job_duration_seconds',
  help: 'Speech jobs this worker accepted, from acceptance to result (waiting for a turn included), by engine, kind (transcribe, synthesize, live) and outcome.',
  labelNames: ['engine', 'kind', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [metricsRegistry],
});

export const voiceTurnStageDuration = new Histogram({
  name: 'story_voice_turn_stage_seconds',
  help:
    'Each stage of a spoken turn after Stop, by kind (live: streamed while it was recorded; whole: sent whole) and stage. ' +
    'On the speech worker: chunks-in (the last chunk into the decoder), decode-backlog (the audio still to decode at Stop), ' +
    'sphinx-tail and moonshine-tail (each recogniser finishing), merge. On the speech front: recognised (the worker answering ' +
    "the finish, the stages above and the NATS hops; before it, prepared: the settings, the plan and the vocabulary), counted (the minutes charged and metered), replied (the coach's words), " +
    "first-speech (the first spoken piece), kept (the reply's audio stored).",
  labelNames: ['kind', 'stage'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const consumerRedeliveries = new Counter({
  name: 'story_consumer_redeliveries_total',
  help: 'Events a durable JetStream consumer received again (delivery count above 1): a failed or slow handling, or an instance that died holding them.',
  labelNames: ['consumer'] as const,
  registers: [metricsRegistry],
});

export const rateLimitRefusals = new Counter({
  name: 'story_rate_limit_refusals_total',
  help: 'Requests refused with 429 by a rate limit or throttle, by limiter.',
  labelNames: ['limiter'] as const,
  registers: [metricsRegistry],
});

export const pdfDownloads = new Counter({
  name: 'story_pdf_downloads_total',
  help: 'PDF downloads answered, by kind (thread, practice, mock-report, resume) and outcome: rendered, cached (an unchanged document made before), joined (the same download already being made), or refused: one-at-a-time, busy, deadline, memory, failed.',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const pdfRenderDuration = new Histogram({
  name: 'story_pdf_render_duration_seconds',
  help: 'PDFs made on a rendering thread, from asking to having the bytes (a wait for a free thread included), by kind.',
  labelNames: ['kind'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** The text Prometheus scrapes, and its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

/** One value of a sampled gauge, with the labels it adds to its source's. */
export interface GaugeReading {
  labels?: Record<string, string>;
  value: number;
}

/**
 * A gauge read when scraped, from each live source watched with it (an outbox, a job runner): the
 * value is what is true at the scrape, not what was true at the last event.
 */
export function sampledGauge<Source>(options: {
  name: string;
  help: string;
  labelNames: readonly string[];
  labelsOf: (source: Source) => Record<string, string>;
  sample: (source: Source) => Promise<GaugeReading[]> | GaugeReading[];
}): { watch(source: Source): () => void } {
  const sources = new Set<Source>();
  new Gauge({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      for (const source of sources) {
        try {
          for (const reading of await options.sample(source)) this.inc({ ...options.labelsOf(source), ...reading.labels }, reading.value);
        } catch {
          // A source that cannot answer now (its database closing) is left out of this scrape.
        }
      }
    },
  });
  return {
    watch(source) {
      sources.add(source);
      return () => void sources.delete(source);
    },
  };
}

/** What a speech worker's job queue tells the depth gauge at a scrape. */
export interface SpeechQueueSource {
  /** Jobs accepted and working (or finishing a live recording). */
  readonly runningJobs: number;
  /** Jobs accepted and waiting in this worker's own queue for a turn. */
  readonly waitingJobs: number;
}

/** Reports a speech worker's queue in `story_speech_queue_depth` until the returned function is called. */
export const speechQueueDepth = sampledGauge<SpeechQueueSource>({
  name: 'story_speech_queue_depth',
  help:
    'Speech jobs this worker accepted and has not finished, by state (running, waiting for a turn in its own queue). Jobs travel on a ' +
    'core-NATS queue group, which keeps no backlog: work no worker has accepted is not counted anywhere; sum over workers for the pool.',
  labelNames: ['state'],
  labelsOf: () => ({}),
  sample: (queue) => [
    { labels: { state: 'running' }, value: queue.runningJobs },
    { labels: { state: 'waiting' }, value: queue.waitingJobs },
  ],
});
