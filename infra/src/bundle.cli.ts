/**
 * Compiles one deployable to JavaScript for its image (issue 25, 1): its entry files (a service's
 * HTTP process and workers, or the gateway) bundled by esbuild into `<outdir>/<entry>.mjs`, npm
 * packages left to the image's production `node_modules`. The image then runs `node` on the bundle:
 * no tsx and no TypeScript at run time.
 *
 *   node --import tsx infra/src/bundle.cli.ts <outdir> <service|gateway>
 */
import { resolve } from 'node:path';
import { bundleEntries, bundleOf } from './service-bundles.ts';
import { REPO_ROOT, entriesOf, type StackServiceName } from './stack.ts';

const [outdir, name] = process.argv.slice(2);
if (!outdir || !name) {
  process.stderr.write('usage: bundle.cli.ts <outdir> <service|gateway>\n');
  process.exit(2);
}
try {
  const entries = entriesOf(name as StackServiceName | 'gateway');
  await bundleEntries(REPO_ROOT, entries, resolve(outdir));
  for (const entry of entries) process.stdout.write(`${resolve(outdir, bundleOf(entry))}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
