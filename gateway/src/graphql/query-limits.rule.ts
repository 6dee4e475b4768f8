import type { DocumentNode, GraphQLField, GraphQLNamedType, OperationDefinitionNode, SelectionSetNode, ValidationContext, ValidationRule } from 'graphql';
import { FEEDBACK_LIST_SIZES, GATEWAY_MESSAGES, MAX_MUTATION_FIELDS } from '@story/proto';
import { graphqlRuntime } from './graphql-runtime.ts';

const {
  GraphQLError,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  visit,
} = graphqlRuntime;

export interface QueryLimits {
  /** Deepest field nesting allowed (`{ me { id } }` is 2). */
  maxDepth: number;
  /** Most fields allowed, each counted once per item of every enclosing list (a list counts as 10 items unless `listSizes` knows better). */
  maxCost: number;
  /** Most aliased fields one document may write (`a: me { id } b: me { id }` has 2). */
  maxAliases: number;
  /**
   * List fields whose length the server fixes (`Type.field` → most items), counted at that size
   * instead of LIST_COST_FACTOR. Only bounds the owning service guarantees belong here (a list of one
   * item per enum value, say): a guessed bound would weaken the estimate.
   */
  listSizes: Readonly<Record<string, number>>;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = { maxDepth: 8, maxCost: 1000, maxAliases: 20, listSizes: FEEDBACK_LIST_SIZES };
/**
 * Most tokens the parser reads before giving up: a flood document is refused while it is read,
 * before validation walks every node of it (hundreds of milliseconds for a few hundred kilobytes).
 */
export const MAX_DOCUMENT_TOKENS = 10_000;
/** How many items a list field is assumed to return when estimating cost. */
export const LIST_COST_FACTOR = 10;

interface Measure {
  depth: number;
  /** Cost of one execution of the selection set; an enclosing list multiplies it. */
  cost: number;
}

/** The definition of a field, the introspection fields of the query root included. */
function fieldOf(parentType: GraphQLNamedType | undefined, name: string): GraphQLField<unknown, unknown> | undefined {
  if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
  if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
  return isObjectType(parentType) || isInterfaceType(parentType) ? parentType.getFields()[name] : undefined;
}

/**
 * The root fields an operation runs, each alias once and fragments expanded: `{ a: processText(...)
 * b: processText(...) }` is two AI calls, not one request.
 */
export function rootFieldNames(operation: OperationDefinitionNode, document: DocumentNode): string[] {
  const fragments = new Map(
    document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [])),
  );
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

/** How many aliased fields a document writes, in operations and fragments alike. */
function aliasCount(document: DocumentNode): number {
  let count = 0;
  visit(document, {
    Field(field) {
      if (field.alias) count += 1;
    },
  });
  return count;
}

/**
 * Measures selection sets of one document. Cost is linear in the list multiplier, so each fragment
 * is measured once and reused: a document spreading fragments into each other cannot make this
 * walk exponential.
 */
class QueryMeasurer {
  private readonly fragments = new Map<string, Measure>();

  constructor(
    private readonly context: ValidationContext,
    private readonly listSizes: Readonly<Record<string, number>>,
  ) {}

  /** How many times a field's selection counts: once, or as many as its list is known or assumed to hold. */
  private itemsOf(parentType: GraphQLNamedType | undefined, field: GraphQLField<unknown, unknown> | undefined): number {
    if (!field || !isListType(getNullableType(field.type))) return 1;
    return (parentType && this.listSizes[`${parentType.name}.${field.name}`]) ?? LIST_COST_FACTOR;
  }

  /**
   * Depth and cost of a selection set. Introspection (`__schema`, `__type` and all under them)
   * counts like any field; only `__typename`, a name the gateway answers itself, is free.
   */
  measure(selectionSet: SelectionSetNode, parentType: GraphQLNamedType | undefined, fragmentsInPath: ReadonlySet<string>): Measure {
    let depth = 0;
    let cost = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === TypeNameMetaFieldDef.name) continue;
        const field = fieldOf(parentType, selection.name.value);
        cost += 1;
        let fieldDepth = 1;
        if (selection.selectionSet) {
          const inner = this.measure(selection.selectionSet, field ? getNamedType(field.type) : undefined, fragmentsInPath);
          fieldDepth += inner.depth;
          cost += inner.cost * this.itemsOf(parentType, field);
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

/**
 * A validation rule for what one document may ask: at most a few mutation fields per operation,
 * no operation nested deeper than `maxDepth` or costing more than `maxCost`, and at most
 * `maxAliases` aliased fields in the whole document.
 */
export function queryLimitsRule(overrides: Partial<QueryLimits> = {}): ValidationRule {
  const limits: QueryLimits = { ...DEFAULT_QUERY_LIMITS, ...overrides };
  return (context) => {
    const measurer = new QueryMeasurer(context, limits.listSizes);
    return {
      // Whole-document limits come first, before graphql's own rules report on every field of a flood.
      Document(document) {
        for (const definition of document.definitions) {
          if (definition.kind !== Kind.OPERATION_DEFINITION || definition.operation !== 'mutation') continue;
          if (rootFieldNames(definition, document).length > MAX_MUTATION_FIELDS) {
            context.reportError(new GraphQLError(GATEWAY_MESSAGES.tooManyMutations, { nodes: [definition], extensions: { code: 'TOO_MANY_MUTATIONS' } }));
          }
        }
        const aliases = aliasCount(document);
        if (aliases > limits.maxAliases) {
          context.reportError(
            new GraphQLError(`Query has too many aliases: ${aliases}, at most ${limits.maxAliases} are allowed.`, {
              nodes: [document],
              extensions: { code: 'TOO_MANY_ALIASES' },
            }),
          );
        }
      },
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
