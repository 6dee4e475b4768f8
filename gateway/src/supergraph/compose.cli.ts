/**
 * Build step: composes proto/graphql/*.graphql into gateway/dist/supergraph.graphql and fails
 * loudly (exit 1, every composition error listed) when the subgraphs do not compose.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { SUBGRAPHS } from '@story/proto/graphql';
import { SUPERGRAPH_PATH, SupergraphError, composeSupergraph } from './supergraph.ts';

try {
  const sdl = composeSupergraph();
  mkdirSync(dirname(SUPERGRAPH_PATH), { recursive: true });
  writeFileSync(SUPERGRAPH_PATH, sdl);
  process.stdout.write(`supergraph of ${SUBGRAPHS.join(', ')} written to ${relative(process.cwd(), SUPERGRAPH_PATH)}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof SupergraphError ? error.message : String(error)}\n`);
  process.exit(1);
}
