import type { GraphQLNamedType, SelectionSetNode, ValidationContext, ValidationRule } from 'graphql';
import { graphqlRuntime } from './graphql-runtime.ts';

const { GraphQLError, Kind, getNamedType, getNullableType, isInterfaceType, isListType, isObjectType } = graphqlRuntime;

export interface QueryLimits {
  /** Deepest field nesting allowed (`{ me { id } }` is 2). */
  maxDepth: number;
  /** Most fields allowed, each counted once per item of every enclosing list (a list counts as 10 items). */
  maxCost: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = { maxDepth: 8, maxCost: 1000 };
/** How many items a list field is assumed to return when estimating cost. */
export const LIST_COST_FACTOR = 10;

interface Measure {
  depth: number;
  /** Cost of one execution of the selection set; an enclosing list multiplies it. */
  cost: number;
}

/**
 * Measures selection sets of one document. Cost is linear in the list multiplier, so each fragment
 * is measured once and reused: a document spreading fragments into each other cannot make this
 * walk exponential.
 */
class QueryMeasurer {
  private readonly fragments = new Map<string, Measure>();

  constructor(private readonly context: ValidationContext) {}

  /** Depth and cost of a selection set; introspection fields (`__schema`, `__typename`) are not counted. */
  measure(selectionSet: SelectionSetNode, parentType: GraphQLNamedType | undefined, fragmentsInPath: ReadonlySet<string>): Measure {
    let depth = 0;
    let cost = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) continue;
        const field = isObjectType(parentType) || isInterfaceType(parentType) ? parentType.getFields()[selection.name.value] : undefined;
        cost += 1;
        let fieldDepth = 1;
        if (selection.selectionSet) {
          const isList = field ? isListType(getNullableType(field.type)) : false;
          const inner = this.measure(selection.selectionSet, field ? getNamedType(field.type) : undefined, fragmentsInPath);
          fieldDepth += inner.depth;
          cost += inner.cost * (isList ? LIST_COST_FACTOR : 1);
        }
        depth = Math.max(depth, fieldDepth);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? this.context.getSchema().getType(selection.typeCondition.name.value) : parentType;
        const inner = this.measure(selection.selectionSet, type ?? undefined, fragmentsInPath);
        depth = Math.max(depth, inner.depth);
        cost += inner.cost;
      } else {
        const inner = this.measureFragment(selection.name.value, fragmentsInPath);
        depth = Math.max(depth, inner.depth);
        cost += inner.cost;
      }
    }
    return { depth, cost };
  }

  private measureFragment(name: string, fragmentsInPath: ReadonlySet<string>): Measure {
    const known = this.fragments.get(name);
    if (known) return known;
    // A fragment cycle is reported by graphql's own NoFragmentCyclesRule; here it just stops.
    const fragment = this.context.getFragment(name);
    if (!fragment || fragmentsInPath.has(name)) return { depth: 0, cost: 0 };
    const type = this.context.getSchema().getType(fragment.typeCondition.name.value);
    const measured = this.measure(fragment.selectionSet, type ?? undefined, new Set([...fragmentsInPath, name]));
    this.fragments.set(name, measured);
    return measured;
  }
}

/** A validation rule that rejects operations nested deeper than `maxDepth` or costing more than `maxCost`. */
export function queryLimitsRule(limits: QueryLimits = DEFAULT_QUERY_LIMITS): ValidationRule {
  return (context) => {
    const measurer = new QueryMeasurer(context);
    return {
      OperationDefinition(operation) {
        const rootType = context.getSchema().getRootType(operation.operation) ?? undefined;
        const { depth, cost } = measurer.measure(operation.selectionSet, rootType, new Set());
        if (depth > limits.maxDepth) {
          context.reportError(
            new GraphQLError(`Query is too deep: ${depth} levels of nesting, at most ${limits.maxDepth} are allowed.`, {
              nodes: [operation],
              extensions: { code: 'QUERY_TOO_DEEP' },
            }),
          );
        }
        if (cost > limits.maxCost) {
          context.reportError(
            new GraphQLError(`Query is too expensive: an estimated ${cost} fields, at most ${limits.maxCost} are allowed.`, {
              nodes: [operation],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        }
      },
    };
  };
}
