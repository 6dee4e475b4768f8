import { jetstream } from '@nats-io/jetstream';
import { EVENT_SUBJECTS } from '@story/proto';
import { describe, expect, it } from 'vitest';
import { natsWithEventsStream } from './support/events-nats.ts';
import { DurableEventConsumer } from '../src/durable-consumer.ts';
import { NatsLink, silentLog } from '../src/nats-link.ts';
import { relayOutboxOver } from '../src/outbox.ts';
import { openSqlite } from '../src/sqlite.ts';
import { OUTBOX_TABLE_SQL, SqliteOutbox } from '../src/sqlite-outbox.ts';
import { metricsRegistry } from '../src/telemetry/metrics.ts';
import { timedRequest } from '../src/telemetry/nats-metrics.ts';

/** The value of the series of `name` with these labels (for a histogram, pass its `_count` name). */
async function seriesValue(name: string, labels: Record<string, string>): Promise<number> {
  const metric = metricsRegistry.getSingleMetric(name.replace(/_count$/, ''));
  if (!metric) throw new Error(`${name} is not registered`);
  const { values } = await metric.get();
  const found = values.find(
    (value) =>
      ((value as { metricName?: string }).metricName ?? name) === name && Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted),
  );
  return found?.value ?? 0;
}

describe('metrics of NATS work on a real nats-server', () => {
  const events = natsWithEventsStream('kit-metrics');

  it('counts an event delivered again after its handling failed, under the consumer name', { timeout: 20_000 }, async () => {
    const before = await seriesValue('story_consumer_redeliveries_total', { consumer: 'kit-metrics-retry' });
    let attempts = 0;
    const consumer = new DurableEventConsumer({
      durable: 'kit-metrics-retry',
      log: silentLog,
      handle: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('database away');
        return 'handled';
      },
    });
    await jetstream(events.nc).publish('events.test.metrics', JSON.stringify({ id: 'once' }));
    await consumer.start(events.nc);
    try {
      await expect.poll(() => attempts, { timeout: 15_000, interval: 100 }).toBe(2);
      await expect.poll(() => seriesValue('story_consumer_redeliveries_total', { consumer: 'kit-metrics-retry' })).toBe(before + 1);
    } finally {
      await consumer.stop();
    }
  });

  it('times NATS requests by subject pattern and outcome', async () => {
    const responder = events.nc.subscribe('kit.metrics.*.echo', { callback: (_error, msg) => void msg.respond(msg.data) });
    try {
      const okBefore = await seriesValue('story_nats_request_duration_seconds_count', { subject: 'kit.metrics.*.echo', outcome: 'ok' });
      await timedRequest(events.nc, 'kit.metrics.17.echo', 'hi', { timeout: 2000 });
      await timedRequest(events.nc, 'kit.metrics.18.echo', 'hi', { timeout: 2000 });
      expect(await seriesValue('story_nats_request_duration_seconds_count', { subject: 'kit.metrics.*.echo', outcome: 'ok' })).toBe(okBefore + 2);
      await expect(timedRequest(events.nc, 'kit.nobody.listens', 'hi', { timeout: 2000 })).rejects.toThrow();
      expect(await seriesValue('story_nats_request_duration_seconds_count', { subject: 'kit.nobody.listens', outcome: 'no_responders' })).toBe(1);
    } finally {
      responder.unsubscribe();
    }
  });

  it('reports the outbox lag back at 0 once its relay has published what waited', { timeout: 20_000 }, async () => {
    const outbox = new SqliteOutbox(openSqlite(':memory:', [OUTBOX_TABLE_SQL]));
    outbox.write({ subject: EVENT_SUBJECTS.threadDeleted, payload: { threadId: 1, userId: 1 } });
    const link = new NatsLink({ url: events.url, name: 'kit-relay' });
    const relay = relayOutboxOver(link, outbox, 'kit-relay', 50);
    expect(await seriesValue('story_outbox_pending', { service: 'kit-relay' })).toBe(1);
    link.start(silentLog);
    try {
      await expect.poll(() => seriesValue('story_outbox_pending', { service: 'kit-relay' }), { timeout: 10_000 }).toBe(0);
      expect(await seriesValue('story_outbox_lag_seconds', { service: 'kit-relay' })).toBe(0);
    } finally {
      await relay.stop();
      await link.close();
    }
  });
});
