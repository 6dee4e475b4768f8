/**
 * The gateway process: the system's only public port. Reads and validates the environment, loads
 * the supergraph composed at build time, connects to NATS and serves until SIGTERM/SIGINT.
 */
import { natsCredentials } from '@story/service-kit/config';
import { connectNats } from '@story/service-kit/nats';
import { runService } from '@story/service-kit/service-runner';
import { startMetricsListener } from '@story/service-kit/telemetry/metrics-listener';
import { startTracing } from '@story/service-kit/telemetry/tracing';
import { buildGateway } from './app.ts';
import { loadGatewayConfig } from './gateway.config.ts';
import { SupergraphError, loadSupergraph } from './supergraph/supergraph.ts';

const config = loadGatewayConfig();
await startTracing('gateway');

let supergraphSdl: string;
try {
  supergraphSdl = loadSupergraph();
} catch (error) {
  process.stderr.write(`gateway: ${error instanceof SupergraphError ? error.message : String(error)}\n`);
  process.exit(1);
}

const nats = await connectNats(config.NATS_URL, 'gateway', { credentials: natsCredentials(config), replicas: config.JETSTREAM_REPLICAS });
const app = await buildGateway(config, { nats, supergraphSdl });
// Prometheus scrapes this port from inside the cluster; the Ingress and the gateway's Service never expose it.
const metrics = await startMetricsListener({ host: config.HOST, port: config.METRICS_PORT });
await runService(app, {
  host: config.HOST,
  port: config.PORT,
  drainMs: config.SHUTDOWN_DRAIN_MS,
  closeTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  cleanup: async () => {
    await metrics.close();
    // NATS may be gone already (stopped with everything else): then there is nothing left to drain.
    await nats.drain().catch(() => nats.close());
  },
});
