import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import fastifyApollo from '@as-integrations/fastify';
import type { FastifyInstance } from 'fastify';
import type { Agent } from 'undici';
import type { ServiceName } from '@story/proto';
import { SUBGRAPHS, type SubgraphName } from '@story/proto/graphql';
import type { CircuitBreaker, UpstreamTimeouts } from '../proxy/circuit-breaker.ts';
import { callerGoneSignal } from '../proxy/upstream.client.ts';
import type { UpstreamFailureJudge } from '../proxy/upstream-failures.ts';
import type { OperationBudgetService } from '../security/operation-budget.service.ts';
import { loadSession, rateLimitKeyOf, requireSession } from '../session/session.hooks.ts';
import type { SessionService } from '../session/session.service.ts';
import { operationBudgetPlugin } from './operation-budget.plugin.ts';
import { MAX_DOCUMENT_TOKENS, queryLimitsRule, type QueryLimits } from './query-limits.rule.ts';
import { registerResponseSizeCap } from './response-size.hooks.ts';
import { SubgraphDataSource, UnavailableSubgraphDataSource, type GatewayGraphqlContext } from './subgraph.data-source.ts';

export interface GraphqlOptions {
  supergraphSdl: string;
  services: Partial<Record<ServiceName, string>>;
  agent: Agent;
  sessions: SessionService;
  /** Introspection and "Did you mean" suggestions only in development. */
  development: boolean;
  /** Overrides of the default query limits (tests). */
  limits?: Partial<QueryLimits>;
  /** Answers larger than this many bytes are replaced by an error. */
  maxResponseBytes: number;
  budgets: OperationBudgetService;
  timeouts: UpstreamTimeouts;
  breaker: CircuitBreaker;
  failures: UpstreamFailureJudge;
}

/** Codes of errors in what the client sent (not in the server): always answered 400. */
const CLIENT_ERROR_CODES = new Set([
  'INVALID_GRAPHQL',
  'BAD_REQUEST',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'OPERATION_RESOLUTION_FAILURE',
]);

/** An unknown operationName and the like are the client's mistake: 400, not the 500 Apollo Gateway answers. */
function clientErrorStatusPlugin(): ApolloServerPlugin<GatewayGraphqlContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, errors }) {
          if ((response.http.status ?? 200) < 500 || !errors || errors.length === 0) return;
          if (errors.every((error) => CLIENT_ERROR_CODES.has(String(error.extensions.code ?? '')))) response.http.status = 400;
        },
      };
    },
  };
}

const isSubgraphName = (name: string): name is SubgraphName => (SUBGRAPHS as readonly string[]).includes(name);

/**
 * `/graphql`: Apollo Gateway over the supergraph composed at build time, each subgraph served by
 * its service at `<SERVICE>_URL/graphql`. Every GraphQL request needs a valid session (the web app
 * asks `me` only once signed in). Token, alias, depth and cost limits (introspection counted), no
 * batching, no answer over `maxResponseBytes`, no introspection outside development; Apollo's reporting, landing page, persisted queries and cache-control bookkeeping
 * are off because the gateway uses none of them and each costs time on every request.
 */
export async function graphqlRoutes(app: FastifyInstance, options: GraphqlOptions): Promise<void> {
  // Apollo Gateway otherwise probes the AWS/GCP/Azure metadata endpoints at start and exports
  // usage metrics to Apollo's servers; the environment variable is its only switch.
  process.env.APOLLO_TELEMETRY_DISABLED = 'true';
  const gateway = new ApolloGateway({
    supergraphSdl: options.supergraphSdl,
    logger: app.log,
    // Never hand query plans to clients, whatever NODE_ENV says.
    __exposeQueryPlanExperimental: false,
    buildService: ({ name }) => {
      const base = isSubgraphName(name) ? options.services[name] : undefined;
      if (!base) return new UnavailableSubgraphDataSource(name);
      return new SubgraphDataSource(name, `${base}/graphql`, options.agent, options.timeouts, options.breaker, options.failures);
    },
  });
  const apollo = new ApolloServer<GatewayGraphqlContext>({
    gateway,
    nodeEnv: options.development ? 'development' : 'production',
    introspection: options.development,
    hideSchemaDetailsFromClientErrors: !options.development,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    persistedQueries: false,
    cache: 'bounded',
    csrfPrevention: true,
    stopOnTerminationSignals: false,
    parseOptions: { maxTokens: MAX_DOCUMENT_TOKENS },
    validationRules: [queryLimitsRule(options.limits)],
    logger: app.log,
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      ApolloServerPluginSchemaReportingDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      operationBudgetPlugin(options.budgets),
      clientErrorStatusPlugin(),
    ],
  });
  await apollo.start();
  // fastify.close() drives shutdown: in-flight requests have finished when onClose runs. (Apollo's
  // fastify drain plugin would call fastify.close() from apollo.stop() and wait on itself.)
  app.addHook('onClose', async () => {
    await apollo.stop();
  });

  app.addHook('onRequest', async (request) => {
    requireSession(await loadSession(request, options.sessions));
  });
  registerResponseSizeCap(app, options.maxResponseBytes);
  await app.register(fastifyApollo(apollo), {
    path: '/graphql',
    method: ['GET', 'POST'],
    context: async (request, reply) => ({
      identityToken: requireSession(request.gatewaySession ?? { kind: 'none' }),
      requestId: request.id,
      budgetKey: rateLimitKeyOf(request),
      callerGone: callerGoneSignal(reply),
    }),
  });
}
