import { sampledGauge } from './metrics.ts';

/** What the outbox gauges read from a service's outbox at each scrape. */
export interface OutboxGaugeSource {
  countPendingEvents(): Promise<number>;
  /** When the oldest event not yet published was written (ISO time), if any is pending. */
  oldestPendingAt(): Promise<string | undefined>;
}

interface WatchedOutbox {
  store: OutboxGaugeSource;
  service: string;
}

const outboxLag = sampledGauge<WatchedOutbox>({
  name: 'story_outbox_lag_seconds',
  help: 'Age of the oldest outbox event not yet published to JetStream (0 when none waits): how late other services hear of changes.',
  labelNames: ['service'],
  labelsOf: ({ service }) => ({ service }),
  sample: async ({ store }) => {
    const oldest = await store.oldestPendingAt();
    return [{ value: oldest === undefined ? 0 : Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) }];
  },
});

const outboxPending = sampledGauge<WatchedOutbox>({
  name: 'story_outbox_pending',
  help: 'Outbox events written and not yet published to JetStream.',
  labelNames: ['service'],
  labelsOf: ({ service }) => ({ service }),
  sample: async ({ store }) => [{ value: await store.countPendingEvents() }],
});

/** Reports `service`'s outbox in the lag and pending gauges until the returned function is called. */
export function watchOutbox(store: OutboxGaugeSource, service: string): () => void {
  const source = { store, service };
  const stops = [outboxLag.watch(source), outboxPending.watch(source)];
  return () => {
    for (const stop of stops) stop();
  };
}
