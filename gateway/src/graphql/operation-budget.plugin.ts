import type { ApolloServerPlugin } from '@apollo/server';
import type { DocumentNode, OperationDefinitionNode, SelectionSetNode } from 'graphql';
import { GATEWAY_MESSAGES, GRAPHQL_AI_FIELDS, MAX_MUTATION_FIELDS } from '@story/proto';
import { HttpError } from '@story/service-kit/errors';
import type { OperationBudgets } from '../security/operation-budgets.ts';
import { graphqlRuntime } from './graphql-runtime.ts';
import type { GatewayGraphqlContext } from './subgraph.data-source.ts';

const { GraphQLError, Kind } = graphqlRuntime;

/**
 * The root fields an operation runs, each alias once and fragments expanded: `{ a: processText(...)
 * b: processText(...) }` is two AI calls, not one request.
 */
export function rootFieldNames(operation: OperationDefinitionNode, document: DocumentNode): string[] {
  const fragments = new Map(document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [])));
  const names: string[] = [];
  const walk = (selectionSet: SelectionSetNode, seen: ReadonlySet<string>): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (!selection.name.value.startsWith('__')) names.push(selection.name.value);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, seen);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (fragment && !seen.has(fragment.name.value)) walk(fragment.selectionSet, new Set([...seen, fragment.name.value]));
      }
    }
  };
  walk(operation.selectionSet, new Set());
  return names;
}

/** A GraphQL error that answers with an HTTP status (and headers), as Apollo reads `extensions.http`. */
function httpGraphqlError(error: HttpError, code: string) {
  return new GraphQLError(error.message, { extensions: { code, http: { status: error.statusCode, headers: new Map(Object.entries(error.headers)) } } });
}

/**
 * Charges each mutation field of an operation against the caller's budgets before anything runs:
 * AI fields against the AI budget, every other mutation field against the writes budget, the same
 * budgets the REST routes spend. An operation with more than a few mutation fields is refused.
 */
export function operationBudgetPlugin(budgets: OperationBudgets): ApolloServerPlugin<GatewayGraphqlContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, contextValue }) {
          if (operation?.operation !== 'mutation') return;
          const fields = rootFieldNames(operation, document);
          if (fields.length > MAX_MUTATION_FIELDS) throw httpGraphqlError(new HttpError(400, GATEWAY_MESSAGES.tooManyMutations), 'BAD_REQUEST');
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
