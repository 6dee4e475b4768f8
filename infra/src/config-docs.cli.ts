/**
 * `make docs`: writes docs/configuration.md and .env.example from the processes' zod schemas
 * (infra/src/config-docs/). Refuses while a variable has no `.describe()`: its meaning would be missing.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_DOCS_FILES, makeConfigDocs } from './config-docs/config-docs.ts';
import { REPO_ROOT } from './stack.ts';

const docs = makeConfigDocs();
if (docs.undescribed.length > 0) {
  process.stderr.write(`Give these variables a .describe() in their schema first:\n${docs.undescribed.map((entry) => `  - ${entry}`).join('\n')}\n`);
  process.exit(1);
}
writeFileSync(join(REPO_ROOT, CONFIG_DOCS_FILES.page), docs.page);
writeFileSync(join(REPO_ROOT, CONFIG_DOCS_FILES.envExample), docs.envExample);
process.stdout.write(`wrote ${CONFIG_DOCS_FILES.page} and ${CONFIG_DOCS_FILES.envExample}\n`);
