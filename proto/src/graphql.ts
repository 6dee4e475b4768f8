import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SERVICE_REGISTRY, type RegisteredService } from './services.ts';

type SubgraphService = Extract<RegisteredService, { subgraph: true }>;
export type SubgraphName = SubgraphService['name'];

/** The subgraphs of the federated graph (the registry's services with `subgraph: true`), in composition order. */
export const SUBGRAPHS: readonly SubgraphName[] = SERVICE_REGISTRY.filter((service): service is SubgraphService => service.subgraph).map(
  (service) => service.name,
);

/** The SDL of one subgraph, read from `proto/graphql/<name>.graphql` (server side only). */
export function subgraphSdl(name: SubgraphName): string {
  return readFileSync(fileURLToPath(new URL(`../graphql/${name}.graphql`, import.meta.url)), 'utf8');
}
