import { RemoteGraphQLDataSource, type GraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { Agent } from 'undici';
import { IDENTITY_HEADER, REQUEST_ID_HEADER, serviceTimeoutMessage, serviceUnavailableMessage } from '@story/proto';
import type { CircuitBreaker, UpstreamTimeouts } from '../proxy/circuit-breaker.ts';
import { isConnectionLost } from '../proxy/connection-lost.ts';
import { graphqlRuntime } from './graphql-runtime.ts';

const { GraphQLError } = graphqlRuntime;

/** What every GraphQL request carries from the HTTP layer to the subgraph calls. */
export interface GatewayGraphqlContext {
  /** The gateway-signed identity of the caller. */
  identityToken: string;
  requestId: string;
  /** Who the operation's budgets are charged to (`user:<id>`). */
  budgetKey: string;
}

type GatewayGraphQLResponse = Awaited<ReturnType<GraphQLDataSource['process']>>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Sends subgraph operations over the gateway's undici keep-alive pools instead of Apollo's default
 * make-fetch-happen/node-fetch stack (most of Apollo Gateway's out-of-the-box overhead), forwarding
 * the signed identity and the request id. Persisted queries and cache-control merging, which the
 * base class also does, are not used here.
 */
export class SubgraphDataSource extends RemoteGraphQLDataSource<GatewayGraphqlContext> {
  private readonly origin: string;
  private readonly path: string;

  constructor(
    private readonly subgraph: string,
    url: string,
    private readonly agent: Agent,
    private readonly timeouts: UpstreamTimeouts,
    private readonly breaker: CircuitBreaker,
  ) {
    super({ url });
    const parsed = new URL(url);
    this.origin = parsed.origin;
    this.path = `${parsed.pathname}${parsed.search}`;
  }

  /** Posts one operation to the subgraph and returns its GraphQL response. */
  override async process(options: GraphQLDataSourceProcessOptions<GatewayGraphqlContext>): Promise<GatewayGraphQLResponse> {
    const { request } = options;
    if (!request.query) throw new Error('Missing query');
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    // Only operations of an incoming request have a caller (the other kinds are health checks).
    if ('incomingRequestContext' in options) {
      headers[IDENTITY_HEADER] = options.context.identityToken;
      headers[REQUEST_ID_HEADER] = options.context.requestId;
    }
    const body = JSON.stringify({ query: request.query, variables: request.variables, operationName: request.operationName });
    if (!this.breaker.allow(this.subgraph)) throw new GraphQLError(serviceUnavailableMessage(this.subgraph), { extensions: { code: 'SERVICE_UNAVAILABLE' } });
    // Mutations may be AI work (processText); queries are reads, waited for as long as a person would.
    const mutation = /^\s*mutation\b/.test(request.query);
    const timeout = mutation ? this.timeouts.aiMs : this.timeouts.readMs;
    let statusCode: number;
    let text: string;
    try {
      const send = () =>
        this.agent.request({ origin: this.origin, path: this.path, method: 'POST', headers, body, headersTimeout: timeout, bodyTimeout: timeout });
      // A query whose connection was refused or cut before any answer (an instance stopping) is asked once more; a mutation never.
      const response = await send().catch((error: unknown) => (!mutation && isConnectionLost(error) ? send() : Promise.reject(error)));
      statusCode = response.statusCode;
      text = await response.body.text();
      this.breaker.succeeded(this.subgraph);
    } catch (error) {
      this.breaker.failed(this.subgraph);
      const timedOut = error instanceof Error && /Timeout/.test((error as { code?: string }).code ?? '');
      throw new GraphQLError(timedOut ? serviceTimeoutMessage(this.subgraph) : serviceUnavailableMessage(this.subgraph), {
        extensions: { code: 'SERVICE_UNAVAILABLE' },
        originalError: error instanceof Error ? error : undefined,
      });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    // A subgraph answers GraphQL errors as JSON, also with 4xx statuses; anything else is a broken service.
    if (!isObject(parsed) || (!('data' in parsed) && !('errors' in parsed))) {
      throw new GraphQLError(`The ${this.subgraph} service answered ${statusCode} without a GraphQL response`, {
        extensions: { code: statusCode === 401 ? 'UNAUTHENTICATED' : statusCode === 403 ? 'FORBIDDEN' : 'BAD_GATEWAY' },
      });
    }
    return parsed as GatewayGraphQLResponse;
  }
}

/** The data source of a subgraph whose service is not deployed: every call fails with a clear error. */
export class UnavailableSubgraphDataSource implements GraphQLDataSource<GatewayGraphqlContext> {
  constructor(private readonly subgraph: string) {}

  /** Always fails. */
  async process(): Promise<GatewayGraphQLResponse> {
    throw new GraphQLError(serviceUnavailableMessage(this.subgraph), { extensions: { code: 'SERVICE_UNAVAILABLE' } });
  }
}
