import type { ApolloServerPlugin } from '@apollo/server';
import { GRAPHQL_AI_FIELDS } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';
import type { OperationBudgetService } from '../security/operation-budget.service.ts';
import { graphqlRuntime } from './graphql-runtime.ts';
import { rootFieldNames } from './query-limits.rule.ts';
import type { GatewayGraphqlContext } from './subgraph.data-source.ts';

const { GraphQLError } = graphqlRuntime;

/** A GraphQL error that answers with an HTTP status (and headers), as Apollo reads `extensions.http`. */
function httpGraphqlError(error: HttpError, code: string) {
  return new GraphQLError(error.message, { extensions: { code, http: { status: error.statusCode, headers: new Map(Object.entries(error.headers)) } } });
}

/**
 * Charges each mutation field of an operation against the caller's budgets before anything runs:
 * AI fields against the AI budget, every other mutation field against the writes budget, the same
 * budgets the REST routes spend. (An operation with more than a few mutation fields never gets here:
 * the query limits rule refuses it while validating.)
 */
export function operationBudgetPlugin(budgets: OperationBudgetService): ApolloServerPlugin<GatewayGraphqlContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, contextValue }) {
          if (operation?.operation !== 'mutation') return;
          const fields = rootFieldNames(operation, document);
          const ai = fields.filter((name) => GRAPHQL_AI_FIELDS.includes(name)).length;
          try {
            await budgets.spend('ai', contextValue.budgetKey, ai);
            await budgets.spend('writes', contextValue.budgetKey, fields.length - ai);
          } catch (error) {
            if (error instanceof HttpError) throw httpGraphqlError(error, 'TOO_MANY_REQUESTS');
            throw error;
          }
        },
      };
    },
  };
}
