/**
 * Bundles every process of the stack into the cache the launcher reads (`make build`), so that
 * `make run`, the tests' stacks and the benches start from a build made once, before any of them.
 *
 *   node --import tsx infra/src/stack-bundles.cli.ts
 */
import { ensureBundles } from './service-bundles.ts';
import { REPO_ROOT, STACK_ENTRIES } from './stack.ts';

const dir = await ensureBundles(REPO_ROOT, STACK_ENTRIES);
process.stdout.write(`stack bundles in ${dir}\n`);
