import { createRequire } from 'node:module';

/**
 * The `graphql` module exactly as Apollo loads it (CommonJS). graphql 16 ships both a CommonJS and
 * an ES build without an exports map: Node picks the CommonJS one, but Vite (vitest) picks the ES
 * one, and two copies in one process break graphql's `instanceof` checks ("Cannot use
 * GraphQLObjectType from another module or realm"). Code that touches Apollo's schema objects
 * takes its helpers from here; types still come from a plain `import type`.
 */
export const graphqlRuntime: typeof import('graphql') = createRequire(import.meta.url)('graphql');
