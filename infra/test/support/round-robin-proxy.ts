import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A stand-in for a Kubernetes Service in front of a service's pods: a TCP proxy (kube-proxy works
 * at the connection level, not per request) that gives each new connection to the next backend of
 * its pool, round robin. A connection stays with its backend until either side closes it, so a
 * client's keep-alive connection is pinned to one instance, as it is in a cluster.
 */
export class RoundRobinProxy {
  private readonly pool: number[] = [];
  private next = 0;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(backendPorts: readonly number[]) {
    this.pool.push(...backendPorts);
    this.server = createServer((client) => this.forward(client));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return `http://127.0.0.1:${this.port}`;
  }

  /** An instance becomes an endpoint (its /readyz answered 200). */
  add(port: number): void {
    this.pool.push(port);
  }

  /** An instance stops being an endpoint: new connections go elsewhere; those already open stay. */
  remove(port: number): void {
    const index = this.pool.indexOf(port);
    if (index >= 0) this.pool.splice(index, 1);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private forward(client: Socket): void {
    const port = this.pool[this.next++ % Math.max(this.pool.length, 1)];
    if (port === undefined) {
      client.destroy();
      return;
    }
    const backend = createConnection({ host: '127.0.0.1', port });
    for (const socket of [client, backend]) {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    }
    // A refused or reset backend resets the client's connection, as a dead pod behind a Service does.
    backend.on('error', () => client.destroy());
    client.on('error', () => backend.destroy());
    // An orderly end travels through the pipes (a response is flushed before its connection ends).
    backend.once('close', (hadError) => hadError && client.destroy());
    client.once('close', (hadError) => hadError && backend.destroy());
    client.pipe(backend);
    backend.pipe(client);
  }
}
