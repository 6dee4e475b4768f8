/**
 * Kubernetes manifests from the service registry (README, "Kubernetes"):
 * - `manifests` (`make k8s`) rewrites infra/k8s/base/ and the overlays' kustomization.yaml (and an
 *   overlay's settings.env when it has none); infra/test/k8s.test.ts fails while they are out of date;
 * - `secrets <overlay>` (`make k8s-secrets OVERLAY=production`) writes the files an overlay's
 *   secretGenerator reads, keeping those that exist: a random password per NATS user, the Ed25519
 *   signing keys, and the OpenAI key from OPENAI_API_KEY (empty when unset). They are gitignored.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { K8S_DIR, generatedFiles } from './k8s/files.ts';
import { OVERLAYS, SETTINGS_FILE, settingsEnv } from './k8s/overlays.ts';
import { writeOverlaySecrets } from './k8s/secrets.ts';

function writeManifests(): void {
  const files = generatedFiles();
  const baseDir = join(K8S_DIR, 'base');
  if (existsSync(baseDir)) for (const file of readdirSync(baseDir)) if (!files.has(`base/${file}`)) rmSync(join(baseDir, file));
  for (const [path, text] of files) {
    mkdirSync(dirname(join(K8S_DIR, path)), { recursive: true });
    writeFileSync(join(K8S_DIR, path), text);
  }
  for (const overlay of OVERLAYS) {
    const settings = join(K8S_DIR, 'overlays', overlay.name, SETTINGS_FILE);
    if (!existsSync(settings)) writeFileSync(settings, settingsEnv());
  }
  process.stdout.write(`wrote ${files.size} files under ${K8S_DIR}\n`);
}

const [command, argument] = process.argv.slice(2);
if (command === 'manifests' || command === undefined) writeManifests();
else if (command === 'secrets') {
  const overlay = argument ?? 'production';
  if (!OVERLAYS.some((o) => o.name === overlay)) throw new Error(`no overlay ${overlay}: ${OVERLAYS.map((o) => o.name).join(', ')}`);
  process.stdout.write(`${writeOverlaySecrets(join(K8S_DIR, 'overlays', overlay))}\n`);
} else {
  process.stderr.write('usage: k8s.cli.ts manifests | secrets <overlay>\n');
  process.exit(2);
}
