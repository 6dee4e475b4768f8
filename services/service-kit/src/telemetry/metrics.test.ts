import { EVENT_SUBJECTS } from '@story/proto';
import { afterAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../http-app.ts';
import { NatsLink } from '../nats-link.ts';
import { relayOutboxOver } from '../outbox.ts';
import { openSqlite } from '../sqlite.ts';
import { OUTBOX_TABLE_SQL, SqliteOutbox } from '../sqlite-outbox.ts';
import { UNREACHABLE_NATS } from '@story/testing/service-under-test';
import { startMetricsListener } from './metrics-listener.ts';
import { metricsRegistry } from './metrics.ts';
import { subjectPattern } from './nats-metrics.ts';

/** The value of one series of a metric, found by its labels (undefined when it has no such series). */
async function seriesValue(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const metric = metricsRegistry.getSingleMetric(name);
  if (!metric) throw new Error(`${name} is not registered`);
  const { values } = await metric.get();
  const found = values.find((value) => Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted));
  return found?.value;
}

describe('HTTP request metrics', () => {
  const app = createServiceApp({ name: 'kit-metrics-test', logger: false });
  app.get('/things/:id', async () => ({ ok: true }));
  afterAll(() => app.close());

  it('times requests by route template and status, leaves probes out, and serves them at /metrics', async () => {
    for (const url of ['/things/42', '/things/7', '/nowhere/123', '/healthz', '/readyz']) await app.inject({ method: 'GET', url });
    const scrape = await app.inject({ method: 'GET', url: '/metrics' });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = scrape.body;
    expect(text).toContain('story_http_request_duration_seconds_count{service="kit-metrics-test",method="GET",route="/things/:id",status="200"} 2');
    expect(text).toContain('story_http_request_duration_seconds_count{service="kit-metrics-test",method="GET",route="unmatched",status="404"} 1');
    // Never the raw path, and never the probes or the scrape itself.
    expect(text).not.toMatch(/route="\/things\/42"|route="\/nowhere|route="\/healthz"|route="\/readyz"|route="\/metrics"/);
    // Node's own series come along (event loop lag, heap).
    expect(text).toMatch(/^story_nodejs_eventloop_lag_seconds /m);
  });

  it('answers /metrics 404 on an app whose metrics are served elsewhere, and the internal listener serves them', async () => {
    const gatewayLike = createServiceApp({ name: 'kit-public', logger: false, metrics: 'elsewhere' });
    gatewayLike.get('/*', async () => 'the web app');
    const refused = await gatewayLike.inject({ method: 'GET', url: '/metrics' });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('story_');
    await gatewayLike.close();

    const listener = await startMetricsListener({ host: '127.0.0.1', port: 0 });
    try {
      const response = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('# TYPE story_http_request_duration_seconds histogram');
      expect((await fetch(`http://127.0.0.1:${listener.port}/anything-else`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});

describe('NATS subject labels', () => {
  it('replace the ids in a subject with *, and keep fixed subjects whole', () => {
    expect(subjectPattern('speech.session.42.chunk')).toBe('speech.session.*.chunk');
    expect(subjectPattern('speech.job.3f2a9c0d1e2b4a5f9c0d1e2b4a5f9c0d')).toBe('speech.job.*');
    expect(subjectPattern('auth.session.check')).toBe('auth.session.check');
    expect(subjectPattern('profile.resume.thread-link')).toBe('profile.resume.thread-link');
  });
});

describe('outbox gauges', () => {
  it('report the oldest unpublished event getting older while nothing publishes, and forget the outbox once its relay stops', async () => {
    const outbox = new SqliteOutbox(openSqlite(':memory:', [OUTBOX_TABLE_SQL]));
    // A relay whose NATS never answers: events stay in the outbox.
    const relay = relayOutboxOver(new NatsLink({ url: UNREACHABLE_NATS, name: 'kit-lag' }), outbox, 'kit-lag');
    expect(await seriesValue('story_outbox_lag_seconds', { service: 'kit-lag' })).toBe(0);
    outbox.write({ subject: EVENT_SUBJECTS.threadDeleted, payload: { threadId: 1 } });
    outbox.write({ subject: EVENT_SUBJECTS.threadDeleted, payload: { threadId: 2 } });
    const first = (await seriesValue('story_outbox_lag_seconds', { service: 'kit-lag' })) ?? -1;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = (await seriesValue('story_outbox_lag_seconds', { service: 'kit-lag' })) ?? -1;
    expect(first).toBeGreaterThanOrEqual(0);
    expect(later).toBeGreaterThanOrEqual(first + 1);
    expect(await seriesValue('story_outbox_pending', { service: 'kit-lag' })).toBe(2);
    await relay.stop();
    expect(await seriesValue('story_outbox_pending', { service: 'kit-lag' })).toBeUndefined();
  });
});
