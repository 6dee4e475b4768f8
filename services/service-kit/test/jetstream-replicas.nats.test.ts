import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM } from '@story/proto';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startNatsServer, type NatsServerHandle } from '@story/testing/nats';
import { baseEnvSchema } from '../src/config.ts';
import { connectNats, ensureEventsStream, streamReplicas } from '../src/nats.ts';
import { openSharedBucket } from '../src/shared-counters.ts';

/**
 * JETSTREAM_REPLICAS (issue 25, "Bad days"): the streams and buckets a service makes are kept on
 * that many NATS servers. A single server refuses more than one, and says so; a cluster of three
 * (the shape of infra/k8s) keeps the events stream, and takes new events, with one node gone.
 */
const dir = mkdtempSync(join(tmpdir(), 'kit-replicas-'));
const servers: NatsServerHandle[] = [];
const connections: NatsConnection[] = [];

afterAll(async () => {
  await Promise.all(connections.map((nc) => nc.close().catch(() => undefined)));
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(dir, { recursive: true, force: true });
});

async function connected(url: string, replicas: number): Promise<NatsConnection> {
  const nc = await connectNats(url, 'replicas-test', { replicas });
  connections.push(nc);
  return nc;
}

/** Three nats-servers routed to each other with JetStream, as the cluster manifest runs them. */
async function startCluster(): Promise<NatsServerHandle[]> {
  const clusterPorts = await Promise.all([freePort(), freePort(), freePort()]);
  const routes = clusterPorts.map((port) => `nats://127.0.0.1:${port}`).join(',');
  const nodes = await Promise.all(
    clusterPorts.map((clusterPort, index) =>
      startNatsServer({
        storeDir: join(dir, `node-${index}`),
        extraArgs: ['--server_name', `node-${index}`, '--cluster_name', 'story', '--cluster', `nats://127.0.0.1:${clusterPort}`, '--routes', routes],
      }),
    ),
  );
  servers.push(...nodes);
  return nodes;
}

describe('JETSTREAM_REPLICAS', () => {
  it('is 1 unless set, and only 1 to 5', () => {
    const base = { NATS_URL: 'nats://x', IDENTITY_PUBLIC_KEY: 'key' };
    expect(baseEnvSchema.parse(base).JETSTREAM_REPLICAS).toBe(1);
    expect(baseEnvSchema.parse({ ...base, JETSTREAM_REPLICAS: '3' }).JETSTREAM_REPLICAS).toBe(3);
    for (const bad of ['0', '6', '2.5', 'three']) {
      const result = baseEnvSchema.safeParse({ ...base, JETSTREAM_REPLICAS: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/JETSTREAM_REPLICAS must be/);
    }
  });

  it('on one server: three replicas are refused with a message naming the stream, one is what the stream gets', async () => {
    const single = await startNatsServer({ storeDir: join(dir, 'single') });
    servers.push(single);
    const three = await connected(single.url, 3);
    await expect(ensureEventsStream(three)).rejects.toThrow(
      `cannot create the JetStream stream ${EVENTS_STREAM} with 3 replica(s): replicas > 1 not supported in non-clustered mode`,
    );
    const one = await connected(single.url, 1);
    expect(streamReplicas(one)).toBe(1);
    await ensureEventsStream(one);
    expect((await (await jetstreamManager(one)).streams.info(EVENTS_STREAM)).config.num_replicas).toBe(1);
  });

  it('in a cluster of three: a one-replica stream becomes three, buckets get three, and a node lost loses no event', { timeout: 60_000 }, async () => {
    const nodes = await startCluster();
    const urls = nodes.map((node) => node.url).join(',');
    // A stream made on one machine's settings, then the cluster's setting.
    const before = await connected(urls, 1);
    // The cluster elects its JetStream leader in its first second or so: until then set-up fails (and a service's set-up step retries).
    await expect
      .poll(
        () =>
          ensureEventsStream(before).then(
            () => true,
            () => false,
          ),
        { timeout: 20_000, interval: 300 },
      )
      .toBe(true);
    expect((await (await jetstreamManager(before)).streams.info(EVENTS_STREAM)).config.num_replicas).toBe(1);
    const nc = await connected(urls, 3);
    await ensureEventsStream(nc);
    const jsm = await jetstreamManager(nc);
    await expect.poll(async () => (await jsm.streams.info(EVENTS_STREAM)).cluster?.replicas?.length, { timeout: 20_000, interval: 300 }).toBe(2);
    expect((await jsm.streams.info(EVENTS_STREAM)).config.num_replicas).toBe(3);
    await openSharedBucket(nc, 'replicated_budgets', 60_000);
    expect((await jsm.streams.info('KV_replicated_budgets')).config.num_replicas).toBe(3);

    const js = jetstream(nc, { timeout: 2000 });
    for (let i = 0; i < 5; i++) await js.publish('events.test.before', JSON.stringify({ i }), { msgID: `before-${i}` });
    // The stream's leader dies; the two others elect a new one and go on.
    const leaderName = (await jsm.streams.info(EVENTS_STREAM)).cluster?.leader;
    const leader = nodes[Number(leaderName?.replace('node-', ''))];
    leader?.process.kill('SIGKILL');
    await expect
      .poll(
        () =>
          js.publish('events.test.after', JSON.stringify({ i: 5 }), { msgID: 'after' }).then(
            () => true,
            () => false,
          ),
        { timeout: 20_000, interval: 300 },
      )
      .toBe(true);
    const info = await jsm.streams.info(EVENTS_STREAM);
    expect(info.cluster?.leader).not.toBe(leaderName);
    // Every event from before the loss, and the one after it, once (the message id dedupes a publish repeated after a timeout).
    expect(info.state.messages).toBe(6);
  });
});
