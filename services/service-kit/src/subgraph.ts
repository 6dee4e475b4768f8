import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema } from '@apollo/subgraph';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/index.js';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { GraphQLError, parse } from 'graphql';
import { HTTP_MESSAGES, type Identity } from '@story/proto';
import type { z } from 'zod';
import { HttpError, parseInput } from './errors.ts';
import { isStoreUnavailable } from './store-outage.ts';

export interface GraphqlContext {
  identity: Identity | undefined;
  log: FastifyBaseLogger;
}

const CODES: Record<number, string> = { 400: 'BAD_USER_INPUT', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT' };

/**
 * `instanceof GraphQLError` is not enough: under vitest, code compiled by Vite gets graphql's ESM
 * build while @apollo/server (loaded by Node) gets the CommonJS one, two different classes.
 */
const isGraphQLError = (value: unknown): value is GraphQLError => value instanceof GraphQLError || (value instanceof Error && value.name === 'GraphQLError');

/** Turns an HttpError thrown by a resolver into a GraphQL error with a code, a store outage into SERVICE_UNAVAILABLE; hides anything else. */
function publicGraphqlError(error: GraphQLError): GraphQLError {
  const original = error.originalError;
  if (original instanceof HttpError) {
    return new GraphQLError(original.message, {
      path: error.path,
      extensions: { code: CODES[original.statusCode] ?? 'BAD_REQUEST', http: { status: original.statusCode } },
    });
  }
  if (original && isStoreUnavailable(original)) {
    return new GraphQLError(HTTP_MESSAGES.temporarilyUnavailable, { path: error.path, extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503 } } });
  }
  if (original && !isGraphQLError(original)) {
    return new GraphQLError(HTTP_MESSAGES.internal, { path: error.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  }
  return error;
}

/** Serves a federation subgraph at `/graphql` of a service; identity comes from the gateway-signed header. */
export async function registerSubgraph(
  app: FastifyInstance,
  typeDefs: string,
  resolvers: GraphQLResolverMap<GraphqlContext>,
  plugins: ApolloServerPlugin<GraphqlContext>[] = [],
): Promise<ApolloServer<GraphqlContext>> {
  const apollo = new ApolloServer<GraphqlContext>({
    // The resolver map type is invariant in its context; ours is always GraphqlContext (set below).
    schema: buildSubgraphSchema({ typeDefs: parse(typeDefs), resolvers: resolvers as GraphQLResolverMap<unknown> }),
    plugins: [fastifyApolloDrainPlugin(app), ApolloServerPluginInlineTraceDisabled(), ...plugins],
    // runService closes the app (which drains Apollo) on SIGTERM; Apollo must not exit first.
    stopOnTerminationSignals: false,
    formatError: (formatted, error) => (isGraphQLError(error) ? publicGraphqlError(error) : formatted),
    includeStacktraceInErrorResponses: false,
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), {
    path: '/graphql',
    context: async (request) => ({ identity: request.identity, log: request.log }),
  });
  return apollo;
}

/** The signed-in caller of a resolver, or an UNAUTHENTICATED error. */
export function contextUser(context: GraphqlContext): Identity {
  if (!context.identity) throw new HttpError(401, HTTP_MESSAGES.authenticationRequired);
  return context.identity;
}

/** GraphQL gives an optional argument (or input field) left out as null; the shared schemas expect it absent. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, field]) => (field === null ? [] : [[key, withoutNulls(field)]])));
}

/**
 * A resolver's arguments parsed with their schema (`proto/src/graphql-args.ts`), as a route's body
 * is: a failure is a 400 (BAD_USER_INPUT) with the schema's message. Nulls are dropped first.
 */
export function parseArgs<S extends z.ZodType>(schema: S, args: unknown): z.output<S> {
  return parseInput(schema, withoutNulls(args));
}
