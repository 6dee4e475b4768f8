import { describe, expect, it } from 'vitest';
import { graphqlRuntime } from './graphql-runtime.ts';
import { queryLimitsRule } from './query-limits.rule.ts';

// The rule uses the CommonJS graphql that Apollo uses, so the schema here must come from it too.

const schema = graphqlRuntime.buildSchema(`
  type Person { name: String! friends: [Person!]! best: Person pet: Pet }
  type Pet { name: String! }
  type Query { me: Person people: [Person!]! }
`);

const errorsOf = (query: string, limits = { maxDepth: 8, maxCost: 1000 }) =>
  graphqlRuntime.validate(schema, graphqlRuntime.parse(query), [...graphqlRuntime.specifiedRules, queryLimitsRule(limits)]).map((error) => error.message);

/** `{ me { best { best ... { name } } } }` with `levels` fields in the chain. */
const chain = (levels: number) => `{ me ${'{ best '.repeat(levels - 2)}{ name }${' }'.repeat(levels - 2)} }`;

describe('query limits', () => {
  it('counts depth in fields: a chain of 8 passes, 9 is refused', () => {
    expect(errorsOf(chain(8))).toEqual([]);
    expect(errorsOf(chain(9))).toEqual(['Query is too deep: 9 levels of nesting, at most 8 are allowed.']);
  });

  it('follows fragments and inline fragments when measuring depth', () => {
    const query = `
      query { me { ...A } }
      fragment A on Person { best { ... on Person { best { ...B } } } }
      fragment B on Person { best { best { best { best { best { name } } } } } }
    `;
    expect(errorsOf(query)).toEqual(['Query is too deep: 9 levels of nesting, at most 8 are allowed.']);
  });

  it('counts list fields ten times', () => {
    // people (1) + 10 × (name + friends (1) + 10 × name) = 1 + 10 × 12 = 121
    expect(errorsOf('{ people { name friends { name } } }', { maxDepth: 8, maxCost: 121 })).toEqual([]);
    expect(errorsOf('{ people { name friends { name } } }', { maxDepth: 8, maxCost: 120 })).toEqual([
      'Query is too expensive: an estimated 121 fields, at most 120 are allowed.',
    ]);
  });

  it('refuses a wide list query over 1000 estimated fields', () => {
    const query = '{ people { friends { friends { name } } } }'; // 1 + 10 × (1 + 10 × (1 + 10)) = 1111
    expect(errorsOf(query)).toEqual(['Query is too expensive: an estimated 1111 fields, at most 1000 are allowed.']);
  });

  it('does not count introspection fields', () => {
    expect(errorsOf('{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }')).toEqual([]);
    expect(errorsOf('{ me { __typename name } }')).toEqual([]);
  });

  it('stays fast on fragments spread into each other many times', () => {
    const fragments = Array.from({ length: 30 }, (_, index) => `fragment F${index} on Person { name ${index < 29 ? `...F${index + 1} ...F${index + 1}` : ''} }`).join('\n');
    const started = performance.now();
    const errors = errorsOf(`{ me { ...F0 } } ${fragments}`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(errors).toEqual([expect.stringMatching(/^Query is too expensive/)]);
  });

  it("leaves cyclic fragments to graphql's own rule", () => {
    const errors = errorsOf('{ me { ...A } } fragment A on Person { best { ...A } }');
    expect(errors).toContain('Cannot spread fragment "A" within itself.');
  });
});
