import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, startGatewayWorld, type GatewayWorld, type RunningGateway } from './gateway.fixture.ts';

let world: GatewayWorld;
let gateway: RunningGateway;
let unbuilt: RunningGateway;

beforeAll(async () => {
  world = await startGatewayWorld();
  gateway = await world.startGateway();
  const emptyDist = join(world.webDist, '..', 'empty-dist');
  mkdirSync(emptyDist, { recursive: true });
  unbuilt = await world.startGateway({ WEB_DIST: emptyDist });
});

afterAll(async () => {
  await world?.close();
});

const INDEX = '<!doctype html><title>Story</title><div id="root"></div>';

describe('web app', () => {
  it('never serves the metrics on the public port: /metrics is 404 there, not the web app and not Prometheus text', async () => {
    for (const path of ['/metrics', '/metrics?format=prometheus']) {
      const response = await fetch(`${gateway.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toMatch(/# TYPE|story_/);
    }
    const beside = await fetch(`${gateway.url}/metrics/`);
    expect(await beside.text()).not.toMatch(/# TYPE|story_/);
  });

  it('serves index.html at / without long caching', async () => {
    const response = await fetch(`${gateway.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX);
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await fetch(`${gateway.url}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log("app");');
  });

  it('sends the precompressed copy the browser accepts (brotli, then gzip), else the plain file', async () => {
    const code = `export const story = ${JSON.stringify('x'.repeat(5000))};`;
    writeFileSync(join(world.webDist, 'assets', 'big-def456.js'), code);
    writeFileSync(join(world.webDist, 'assets', 'big-def456.js.br'), brotliCompressSync(code));
    writeFileSync(join(world.webDist, 'assets', 'big-def456.js.gz'), gzipSync(code));
    const get = (acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; cache: string | undefined; body: Buffer }>((resolve, reject) => {
        const req = request(`${gateway.url}/assets/big-def456.js`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, cache: res.headers['cache-control'], body: Buffer.concat(chunks) }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    const brotli = await get('gzip, deflate, br');
    expect(brotli.encoding).toBe('br');
    expect(brotli.body.length).toBeLessThan(code.length / 10);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(code);
    expect(brotli.vary).toMatch(/accept-encoding/i);
    expect(brotli.cache).toBe('public, max-age=31536000, immutable');
    const gzip = await get('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(code);
    const plain = await get('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(code);
  });

  it('serves other files of the build', async () => {
    const response = await fetch(`${gateway.url}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('answers any other GET with index.html (the client router shows its own 404 screen)', async () => {
    for (const path of ['/welcome', '/interview-practice/conversations/12', '/no/such/page', '/recording?mode=new&type=text']) {
      const response = await fetch(`${gateway.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toBe(INDEX);
    }
  });

  it('answers 404 for a missing hashed asset instead of HTML', async () => {
    const response = await fetch(`${gateway.url}/assets/app-old999.js`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No file /assets/app-old999.js' });
  });

  it('does not serve files outside the build folder', async () => {
    for (const path of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd']) {
      const response = await fetch(`${gateway.url}${path}`);
      const text = await response.text();
      expect(text, path).not.toMatch(/root:/);
    }
  });

  it('keeps API, GraphQL and health paths out of the fallback', async () => {
    expect((await fetch(`${gateway.url}/api/nope`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/graphql`)).status).toBe(401);
    expect(await (await fetch(`${gateway.url}/healthz`)).json()).toEqual({ status: 'ok', service: 'gateway' });
  });

  it('answers 404 {message} for other methods on unknown paths', async () => {
    const response = await fetch(`${gateway.url}/welcome`, { method: 'POST', headers: browserHeaders(undefined) });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No route for POST /welcome' });
  });

  it('answers 503 {message} for pages when the web app is not built', async () => {
    for (const path of ['/', '/welcome']) {
      const response = await fetch(`${unbuilt.url}${path}`);
      expect(response.status, path).toBe(503);
      expect(await response.json()).toEqual({ message: 'The web app is not built; run make run' });
    }
  });

  it('is ready when NATS answers and no service is configured', async () => {
    const response = await fetch(`${gateway.url}/readyz`);
    expect(response.status).toBe(200);
  });
});
