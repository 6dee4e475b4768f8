import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './nats-server.ts';

/** The kernel's range for outgoing connections' ports (Linux), where a connection may take a port at any moment. */
function ephemeralRange(): [number, number] {
  const [low = 32768, high = 60999] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  return [low, high];
}

describe('freePort', () => {
  /**
   * A stack process once failed with EADDRINUSE: its port, found free and let go, was taken before the
   * process listened on it, by one of the many connections the suite opens (they take their ports from
   * the ephemeral range, where the kernel also picks port 0). Ports below that range are never taken so.
   */
  it('finds ports below the kernel’s ephemeral range, each one free to listen on', async () => {
    const [low] = ephemeralRange();
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(1024);
      expect(port).toBeLessThan(low);
    }
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
