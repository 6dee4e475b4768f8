import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { NO_NETWORK_MESSAGE } from './no-network.mjs';

/** What the guarded thread saw when it tried each way out. */
type Attempts = Record<'fetch' | 'http' | 'https' | 'net' | 'tls' | 'dns', string>;

/**
 * Runs `forbidNetwork` in a thread of its own, as the encoder does, then tries every way out there.
 * (In a thread: the guard rewrites the thread's `net` and `fetch`, which this test file's process keeps.)
 */
async function attemptsInGuardedThread(): Promise<Attempts> {
  const guard = new URL('./no-network.mjs', import.meta.url).href;
  const source = `
    const { parentPort } = await import('node:worker_threads');
    const { forbidNetwork } = await import(${JSON.stringify(guard)});
    forbidNetwork();
    const seen = async (attempt) => { try { await attempt(); return 'went out'; } catch (error) { return error.message; } };
    const [http, https, net, tls, dns] = await Promise.all(['http', 'https', 'net', 'tls', 'dns'].map((name) => import('node:' + name)));
    parentPort.postMessage({
      fetch: await seen(() => fetch('http://127.0.0.1:9/model.json')),
      http: await seen(() => http.get('http://127.0.0.1:9/')),
      https: await seen(() => https.request('https://127.0.0.1:9/')),
      net: await seen(() => net.connect(9, '127.0.0.1')),
      tls: await seen(() => tls.connect(9, '127.0.0.1')),
      dns: await seen(() => dns.lookup('example.com', () => undefined)),
    });`;
  const worker = new Worker(source, { eval: true, type: 'module' } as never);
  try {
    return await new Promise<Attempts>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

describe('forbidNetwork', () => {
  it('refuses fetch, HTTP(S), TCP, TLS and DNS in its thread, so that no code there can download a model', async () => {
    const attempts = await attemptsInGuardedThread();
    expect(attempts).toEqual({
      fetch: NO_NETWORK_MESSAGE,
      http: NO_NETWORK_MESSAGE,
      https: NO_NETWORK_MESSAGE,
      net: NO_NETWORK_MESSAGE,
      tls: NO_NETWORK_MESSAGE,
      dns: NO_NETWORK_MESSAGE,
    });
  });

  it('leaves the rest of the process its network', async () => {
    await attemptsInGuardedThread();
    const refused = await new Promise<string>((resolve) => http.get('http://127.0.0.1:9/').once('error', (error) => resolve(error.message)));
    expect(refused).not.toContain(NO_NETWORK_MESSAGE);
    expect(refused).toMatch(/ECONNREFUSED/);
  });
});
