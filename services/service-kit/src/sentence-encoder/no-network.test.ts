import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { NO_NETWORK_MESSAGE, forbidNetwork } from './no-network.mjs';

/** The guard the encoder's thread runs before loading its model (here in this test file's own process). */
describe('forbidNetwork', () => {
  it('refuses fetch, HTTP and TCP, so that no code of the thread can download a model', async () => {
    forbidNetwork();
    await expect(fetch('http://127.0.0.1:9/model.json')).rejects.toThrow(NO_NETWORK_MESSAGE);
    expect(() => http.get('http://127.0.0.1:9/')).toThrow(NO_NETWORK_MESSAGE);
    expect(() => net.connect(9, '127.0.0.1')).toThrow(NO_NETWORK_MESSAGE);
  });
});
