import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The subgraphs of the federated graph, in composition order. */
export const SUBGRAPHS = ['auth', 'conversations'] as const;
export type SubgraphName = (typeof SUBGRAPHS)[number];

/** The SDL of one subgraph, read from `proto/graphql/<name>.graphql` (server side only). */
export function subgraphSdl(name: SubgraphName): string {
  return readFileSync(fileURLToPath(new URL(`../graphql/${name}.graphql`, import.meta.url)), 'utf8');
}
