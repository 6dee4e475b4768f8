import { describe, expect, it } from 'vitest';
import { subgraphSdl } from '@story/proto/graphql';
import { graphqlRuntime } from './graphql-runtime.ts';
import { queryLimitsRule, type QueryLimits } from './query-limits.rule.ts';

// The rule uses the CommonJS graphql that Apollo uses, so the schema here must come from it too.

const schema = graphqlRuntime.buildSchema(`
  type Person { name: String! friends: [Person!]! best: Person pet: Pet }
  type Pet { name: String! }
  type Query { me: Person people: [Person!]! }
  type Mutation { rename(name: String!): Person }
`);

const errorsOf = (query: string, limits: Partial<QueryLimits> = { maxDepth: 8, maxCost: 1000 }) =>
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

  it('counts a list of known length at that length', () => {
    // people (1) + 10 × (name + friends (1) + 2 × name) = 1 + 10 × 4 = 41
    const limits = { maxCost: 40, listSizes: { 'Person.friends': 2 } };
    expect(errorsOf('{ people { name friends { name } } }', limits)).toEqual(['Query is too expensive: an estimated 41 fields, at most 40 are allowed.']);
    expect(errorsOf('{ people { name friends { name } } }', { ...limits, maxCost: 41 })).toEqual([]);
  });

  it("lets the web read an answer's whole feedback, which the ten-item guess priced past the limit", () => {
    // The feedback subgraph's types without federation's directives.
    const sdl = subgraphSdl('feedback')
      .replace(/^extend schema.*$/m, '')
      .replaceAll(/@key\([^)]*\)/g, '');
    const feedbackSchema = graphqlRuntime.buildSchema(sdl);
    const quote = '{ start end text }';
    const query = `query ($id: ID!) { answerFeedback(answerId: $id) {
      answerId question answer source engine kind turns overall next attempt attempts best questionId answeredAt corrected
      star { part present prompt quotes ${quote} earlier { turn question start end text } }
      assessment { dimension score comment requirement quote ${quote} }
      delivery { durationSeconds wordCount wordsPerMinute length comment fillers { word start end atSeconds } pauses { offset afterWord atSeconds seconds } }
      uncertain ${quote}
    } }`;
    const errors = (limits: Partial<QueryLimits>) =>
      graphqlRuntime
        .validate(feedbackSchema, graphqlRuntime.parse(query), [...graphqlRuntime.specifiedRules, queryLimitsRule(limits)])
        .map((error) => error.message);
    expect(errors({ maxCost: 516 })).toEqual(['Query is too expensive: an estimated 517 fields, at most 516 are allowed.']);
    expect(errors({})).toEqual([]);
    expect(errors({ listSizes: {} })).toEqual(['Query is too expensive: an estimated 1067 fields, at most 1000 are allowed.']);
  });

  it('refuses a wide list query over 1000 estimated fields', () => {
    const query = '{ people { friends { friends { name } } } }'; // 1 + 10 × (1 + 10 × (1 + 10)) = 1111
    expect(errorsOf(query)).toEqual(['Query is too expensive: an estimated 1111 fields, at most 1000 are allowed.']);
  });

  it('counts __schema and everything under it in depth, like any other field', () => {
    expect(errorsOf('{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }')).toEqual([
      'Query is too deep: 9 levels of nesting, at most 8 are allowed.',
    ]);
    expect(errorsOf('{ __schema { types { fields { type { ofType { ofType { ofType { name } } } } } } } }')).toEqual([]);
  });

  it('counts __schema and __type fields in cost, their lists ten times', () => {
    // __schema (1) + types (1) + 10 × (name + fields (1) + 10 × name) = 2 + 10 × 12 = 122
    expect(errorsOf('{ __schema { types { name fields { name } } } }', { maxCost: 122 })).toEqual([]);
    expect(errorsOf('{ __schema { types { name fields { name } } } }', { maxCost: 121 })).toEqual([
      'Query is too expensive: an estimated 122 fields, at most 121 are allowed.',
    ]);
    // __type (1) + name + fields (1) + 10 × name = 13
    expect(errorsOf('{ __type(name: "Person") { name fields { name } } }', { maxCost: 12 })).toEqual([
      'Query is too expensive: an estimated 13 fields, at most 12 are allowed.',
    ]);
  });

  it('leaves only __typename free', () => {
    expect(errorsOf('{ me { __typename name } }')).toEqual([]);
    // people (1) + 10 × name: __typename adds nothing.
    expect(errorsOf('{ people { __typename name } }', { maxCost: 11 })).toEqual([]);
    expect(errorsOf(chain(8).replace('{ name }', '{ name __typename }'))).toEqual([]);
  });

  it('refuses a document with more aliases than allowed, those in fragments included', () => {
    const fields = (count: number) => Array.from({ length: count }, (_, index) => `n${index}: name`).join(' ');
    expect(errorsOf(`{ me { ${fields(20)} } }`)).toEqual([]);
    expect(errorsOf(`{ me { ${fields(21)} } }`)).toEqual(['Query has too many aliases: 21, at most 20 are allowed.']);
    expect(errorsOf(`{ me { ...A } best: me { name } } fragment A on Person { ${fields(20)} }`)).toEqual([
      'Query has too many aliases: 21, at most 20 are allowed.',
    ]);
    expect(errorsOf(`{ me { ${fields(6)} } }`, { maxAliases: 5 })).toEqual(['Query has too many aliases: 6, at most 5 are allowed.']);
  });

  it("refuses the penetration test's 3,000 aliased __schema selections", () => {
    const flood = `{ ${Array.from({ length: 3000 }, (_, index) => `a${index}: __schema { types { name kind description fields { name description type { name } } } }`).join(' ')} }`;
    expect(errorsOf(flood)).toEqual([
      'Query has too many aliases: 3000, at most 20 are allowed.',
      // 3000 × (__schema + types + 10 × (name kind description fields + 10 × (name description type name)))
      'Query is too expensive: an estimated 1326000 fields, at most 1000 are allowed.',
    ]);
  });

  it('refuses more mutation fields than a request may change at once, before the alias count', () => {
    const renames = (count: number) => Array.from({ length: count }, (_, index) => `r${index}: rename(name: "Ada") { name }`).join(' ');
    expect(errorsOf(`mutation { ${renames(3)} }`)).toEqual([]);
    expect(errorsOf(`mutation { ${renames(4)} }`)).toEqual(['A request may make at most 3 changes at once.']);
    expect(errorsOf(`mutation { ...M } fragment M on Mutation { ${renames(4)} }`)).toEqual(['A request may make at most 3 changes at once.']);
    expect(errorsOf(`mutation { ${renames(500)} }`)).toEqual([
      'A request may make at most 3 changes at once.',
      'Query has too many aliases: 500, at most 20 are allowed.',
    ]);
  });

  it('stays fast on fragments spread into each other many times', () => {
    const fragments = Array.from(
      { length: 30 },
      (_, index) => `fragment F${index} on Person { name ${index < 29 ? `...F${index + 1} ...F${index + 1}` : ''} }`,
    ).join('\n');
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
