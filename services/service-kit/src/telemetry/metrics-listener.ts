import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectProcessMetrics, metricsText } from './metrics.ts';

/** An internal listener's address and how to close it. */
export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * A listener for Prometheus only (the gateway's METRICS_PORT): `/metrics` and `/healthz`, nothing
 * else. It keeps the metrics off the public port, which the Ingress routes to in full.
 */
export async function startMetricsListener(options: { host: string; port: number }): Promise<MetricsListener> {
  collectProcessMetrics();
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || (path !== '/metrics' && path !== '/healthz')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not found' }));
      return;
    }
    if (path === '/healthz') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok' }));
      return;
    }
    metricsText().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
