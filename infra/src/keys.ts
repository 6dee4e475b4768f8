import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSigningKeyPair } from '@story/service-kit/identity';

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

/** The two Ed25519 key pairs of a deployment, made once under `<dataDir>/keys` and kept (mode 600). */
export function ensureKeys(dataDir: string): { session: KeyPair; identity: KeyPair } {
  const dir = join(dataDir, 'keys');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const load = (name: string): KeyPair => {
    const privatePath = join(dir, `${name}.key.pem`);
    const publicPath = join(dir, `${name}.pub.pem`);
    if (existsSync(privatePath) && existsSync(publicPath)) {
      return { privateKey: readFileSync(privatePath, 'utf8'), publicKey: readFileSync(publicPath, 'utf8') };
    }
    const pair = generateSigningKeyPair();
    writeFileSync(privatePath, pair.privateKey, { mode: 0o600 });
    writeFileSync(publicPath, pair.publicKey, { mode: 0o644 });
    return pair;
  };
  return { session: load('session'), identity: load('identity') };
}
