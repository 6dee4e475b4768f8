import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SECRET_FILES, natsPasswordKeys } from './overlays.ts';

/**
 * Writes the files an overlay's secretGenerator reads (under `<overlay>/secrets/`, gitignored),
 * keeping those that exist: a random password per NATS user, the session and identity Ed25519 key
 * pairs (as keys-init makes them for compose), and OPENAI_API_KEY and SMTP_URL from the environment (empty when unset).
 */
export function writeOverlaySecrets(overlayDir: string): string {
  mkdirSync(join(overlayDir, 'secrets/signing-keys'), { recursive: true, mode: 0o700 });
  const passwords = join(overlayDir, SECRET_FILES.natsPasswords);
  const existing = existsSync(passwords) ? readFileSync(passwords, 'utf8') : '';
  const missing = natsPasswordKeys().filter((key) => !new RegExp(`^${key}=`, 'm').test(existing));
  const added = missing.map((key) => `${key}=${randomBytes(24).toString('hex')}\n`).join('');
  writeFileSync(passwords, `${existing}${existing && !existing.endsWith('\n') ? '\n' : ''}${added}`, { mode: 0o600 });
  for (const name of ['session', 'identity']) {
    const privatePath = join(overlayDir, `secrets/signing-keys/${name}.key.pem`);
    if (existsSync(privatePath)) continue;
    const pair = generateKeyPairSync('ed25519', { privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    writeFileSync(privatePath, pair.privateKey, { mode: 0o600 });
    writeFileSync(join(overlayDir, `secrets/signing-keys/${name}.pub.pem`), pair.publicKey, { mode: 0o644 });
  }
  const openai = join(overlayDir, SECRET_FILES.openai);
  if (!existsSync(openai)) writeFileSync(openai, `OPENAI_API_KEY=${process.env.OPENAI_API_KEY ?? ''}\n`, { mode: 0o600 });
  // Without SMTP_URL the auth service writes reset links to its log: set it before people depend on them.
  const mail = join(overlayDir, SECRET_FILES.mail);
  if (!existsSync(mail)) writeFileSync(mail, `SMTP_URL=${process.env.SMTP_URL ?? ''}\n`, { mode: 0o600 });
  return `secrets in ${join(overlayDir, 'secrets')}${missing.length > 0 ? ` (new NATS passwords: ${missing.join(', ')})` : ''}`;
}
