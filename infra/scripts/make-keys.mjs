// Makes the session and identity Ed25519 key pairs under the given folder, keeping existing ones.
import { generateKeyPairSync } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? './keys';
mkdirSync(dir, { recursive: true });
for (const name of ['session', 'identity']) {
  const privatePath = join(dir, `${name}.key.pem`);
  if (existsSync(privatePath)) continue;
  const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  writeFileSync(privatePath, privateKey, { mode: 0o600 });
  writeFileSync(join(dir, `${name}.pub.pem`), publicKey, { mode: 0o644 });
  // The services run as the image's `node` user (uid 1000); only they may read the private keys.
  if (process.getuid?.() === 0) for (const file of [privatePath, join(dir, `${name}.pub.pem`)]) chownSync(file, 1000, 1000);
  console.log(`made ${name} key pair in ${dir}`);
}
