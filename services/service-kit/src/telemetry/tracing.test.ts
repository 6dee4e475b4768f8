import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startOtlpCollector } from '../../../../infra/test/support/otlp-collector.ts';
import { startTracing, stopTracing, tracer } from './tracing.ts';

/**
 * The OTLP exporter as a process runs it: spans batched to OTEL_EXPORTER_OTLP_ENDPOINT and sent on
 * shutdown (SIGTERM's cleanup calls stopTracing), under the process's service name; a collector
 * that never answers does not hold the shutdown.
 */
const saved = { ...process.env };
afterAll(() => {
  process.env = saved;
});

describe('tracing to an OTLP endpoint', () => {
  it('sends the spans still batched when it stops, named by the service or by OTEL_SERVICE_NAME', async () => {
    const collector = await startOtlpCollector();
    try {
      // A batch delay far longer than the test: only the flush at stop can deliver the span.
      process.env.OTEL_BSP_SCHEDULE_DELAY = '600000';
      process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.endpoint;
      expect(await startTracing('kit-unit')).toBe(true);
      tracer().startSpan('batched').end();
      expect(collector.spans).toEqual([]);
      await stopTracing();
      expect(collector.spans.map((span) => [span.service, span.name])).toEqual([['kit-unit', 'batched']]);

      expect(await startTracing('kit-unit', { env: { ...process.env, OTEL_SERVICE_NAME: 'renamed' } })).toBe(true);
      tracer().startSpan('renamed span').end();
      await stopTracing();
      expect(collector.spans.map((span) => span.service)).toEqual(['kit-unit', 'renamed']);
    } finally {
      await collector.stop();
    }
  });

  it('gives up on a collector that never answers within about two seconds', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      expect(await startTracing('kit-unit')).toBe(true);
      tracer().startSpan('never delivered').end();
      const started = Date.now();
      await stopTracing();
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
