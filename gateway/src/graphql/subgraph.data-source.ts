import { RemoteGraphQLDataSource, type GraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { Agent } from 'undici';
import { IDENTITY_HEADER, REQUEST_ID_HEADER, serviceTimeoutMessage, serviceUnavailableMessage } from '@story/proto';
import type { CircuitBreaker, UpstreamTimeouts } from '../proxy/circuit-breaker.ts';
import { isConnectionLost } from '../proxy/connection-lost.ts';
import { isUpstreamTimeout, type UpstreamFailureJudge } from '../proxy/upstream-failures.ts';
import { graphqlRuntime } from './graphql-runtime.ts';

const { GraphQLError } = graphqlRuntime;

/** What every GraphQL request carries from the HTTP layer to the subgraph calls. */
export interface GatewayGraphqlContext {
  /** The gateway-signed identity of the caller. */
  identityToken: string;
  requestId: string;
  /** Who the operation's budgets are charged to (`user:<id>`). */
  budgetKey: string;
  /** Aborts when the caller goes away: the subgraph calls still on their way are ended too. */
  callerGone: AbortSignal;
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
    private readonly failures: UpstreamFailureJudge,
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
    const incoming = 'incomingRequestContext' in options ? options.context : undefined;
    if (incoming) {
      headers[IDENTITY_HEADER] = incoming.identityToken;
      headers[REQUEST_ID_HEADER] = incoming.requestId;
    }
    const body = JSON.stringify({ query: request.query, variables: request.variables, operationName: request.operationName });
    const call = this.breaker.begin(this.subgraph);
    if (!call) throw new GraphQLError(serviceUnavailableMessage(this.subgraph), { extensions: { code: 'SERVICE_UNAVAILABLE' } });
    // Mutations may be AI work (processText); queries are reads, waited for as long as a person would.
    const mutation = /^\s*mutation\b/.test(request.query);
    const timeout = mutation ? this.timeouts.aiMs : this.timeouts.readMs;
    const signal = incoming?.callerGone;
    let statusCode: number;
    let text: string;
    try {
      const send = () =>
        this.agent.request({ origin: this.origin, path: this.path, method: 'POST', headers, body, headersTimeout: timeout, bodyTimeout: timeout, signal });
      // A query whose connection was refused or cut before any answer (an instance stopping) is asked once more; a mutation never.
      const response = await send().catch((error: unknown) => (!mutation && !signal?.aborted && isConnectionLost(error) ? send() : Promise.reject(error)));
      statusCode = response.statusCode;
      text = await response.body.text();
      call.succeeded();
    } catch (error) {
      // A caller gone is no verdict on the service; the judge gives every other failure its verdict.
      if (signal?.aborted) call.released();
      else await this.failures.judge(call, this.subgraph, error, { caller: incoming?.budgetKey ?? 'gateway', expensive: mutation });
      throw new GraphQLError(isUpstreamTimeout(error) ? serviceTimeoutMessage(this.subgraph) : serviceUnavailableMessage(this.subgraph), {
        extensions: { code: 'SERVICE_UNAVAILABLE' },
        originalError: error instanceof Error ? error : undefined,
      });
    } finally {
      // Whatever else happened (the caller gone, an error thrown on the way), the call gives its place back.
      call.released();
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
