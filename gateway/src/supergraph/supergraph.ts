import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { SUBGRAPHS, subgraphSdl } from '@story/proto/graphql';

/** Where `npm run compose -w @story/gateway` writes the supergraph and where the gateway reads it. */
export const SUPERGRAPH_PATH = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../dist/supergraph.graphql');

const FINGERPRINT_PREFIX = '# subgraphs-sha256: ';

/** A problem with the supergraph that must stop the gateway (or the build) with a clear message. */
export class SupergraphError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SupergraphError';
  }
}

/** A hash of every subgraph's SDL, so that a stale supergraph file is noticed at start. */
export function subgraphsFingerprint(): string {
  const hash = createHash('sha256');
  for (const name of SUBGRAPHS) hash.update(`${name}\n${subgraphSdl(name)}\n`);
  return hash.digest('hex');
}

/**
 * Composes the subgraph SDLs of `proto/graphql` into a supergraph (with a fingerprint line first).
 * Subgraph URLs are placeholders: the gateway maps each subgraph name to `<SERVICE>_URL/graphql`.
 */
export function composeSupergraph(): string {
  const result = composeServices(SUBGRAPHS.map((name) => ({ name, typeDefs: parse(subgraphSdl(name)), url: `http://${name}.subgraph.invalid/graphql` })));
  if (result.errors) {
    throw new SupergraphError(`GraphQL composition failed:\n${result.errors.map((error) => `  - ${error.message}`).join('\n')}`);
  }
  return `${FINGERPRINT_PREFIX}${subgraphsFingerprint()}\n${result.supergraphSdl}`;
}

/** Reads the supergraph composed at build time; refuses a missing or out-of-date file. */
export function loadSupergraph(path: string = SUPERGRAPH_PATH): string {
  if (!existsSync(path)) {
    throw new SupergraphError(`The supergraph ${path} does not exist: run \`npm run compose -w @story/gateway\` (make run does it).`);
  }
  const sdl = readFileSync(path, 'utf8');
  const firstLine = sdl.slice(0, sdl.indexOf('\n'));
  if (firstLine !== `${FINGERPRINT_PREFIX}${subgraphsFingerprint()}`) {
    throw new SupergraphError(`The supergraph ${path} is out of date with proto/graphql: run \`npm run compose -w @story/gateway\` (make run does it).`);
  }
  return sdl;
}
