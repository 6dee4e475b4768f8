// ESLint flat config for every TypeScript file of the monorepo (`make lint`, run by `make test`).
// Formatting is Prettier's (.prettierrc); nothing here is about layout.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Repository contracts (`*.contract.ts`) sit beside the interface they hold each driver to, but they are
// suites of tests, run only by the storage tests: test code, with the fixtures of testing/ (issue 37, 6).
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.contract.ts', '**/test/**/*.ts', '**/test-support/**/*.ts', 'bench/**/*.ts'];

// README, "Adding a screen": a feature's server calls live in its api/ module (and the shared ones in
// web/src/api/); pages, components, hooks and lib never import the HTTP client nor query or mutate
// through Apollo's client themselves.
const httpClientImport = {
  regex: '(^|/)api/http-client(\\.ts)?$',
  importNames: ['httpClient'],
  message: "Server calls live in the feature's api/ module: call a function or hook from there instead of httpClient.",
};
const serverCallSyntax = [
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.object.name=/^(client|apolloClient)$/][callee.property.name=/^(query|mutate)$/]",
    message: "Server calls live in the feature's api/ module: use its query or mutation hook instead of client.query/client.mutate.",
  },
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.object.type='CallExpression'][callee.object.callee.name='useApolloClient']",
    message: "Server calls live in the feature's api/ module: use its query or mutation hook instead of useApolloClient().",
  },
];

// Features import each other only through the other feature's index.ts. `depth` is how many folders
// below web/src/features/ the importing file sits (1: features/x/page.tsx, 2: features/x/hooks/y.ts):
// from there, `../` repeated `depth` times is web/src/features/, so `<that>/<other>/<anything but index>`
// reaches into another feature's internals.
const featureInternals = (depth) => ({
  regex: `^(\\.\\./){${depth}}[^./][^/]*/(?!index(\\.tsx?)?$).+`,
  message: "Import another feature only through its index.ts (features/<name>/index.ts): its internals aren't its API.",
});

const restrictedImports = (patterns) => ['error', { patterns }];

// Test harness stays out of the product: nothing under a workspace's src/ (tests aside) imports testing/.
const testingImport = { group: ['@story/testing', '@story/testing/*', '**/testing/src/**'], message: 'The test harness (testing/) is for tests only.' };
// A repository contract is a suite of tests (it imports testing/): the product never imports one.
const contractImport = { group: ['**/*.contract.ts', '**/*.contract'], message: 'A repository contract is test code: only tests run it.' };
// Tests and evaluations share their harness from testing/, never from the deployment code in infra/.
const infraImport = {
  group: ['@story/infra', '@story/infra/*', '**/infra/src/**'],
  message: 'Tests and evaluations import their harness from @story/testing, not from infra/ (the deployment code).',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/.test-data/**', 'services/speech/models/**', 'test-results/**'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // `let [head, rest] = …` with only `head` reassigned stays one declaration; a `let` a closure
      // reads before its one assignment stays a `let` (a const would be in its temporal dead zone).
      'prefer-const': ['error', { destructuring: 'all', ignoreReadBeforeAssign: true }],
      // styled-components' DefaultTheme is declared by merging: `interface DefaultTheme extends Theme {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Point 2 of issue 20: where server calls may be made, and how features reach each other.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/api/**', 'web/src/voice/api/**', 'web/src/features/*/**'],
    rules: {
      'no-restricted-imports': restrictedImports([httpClientImport, testingImport]),
      'no-restricted-syntax': ['error', ...serverCallSyntax],
    },
  },
  {
    files: ['web/src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictedImports([httpClientImport, featureInternals(1), testingImport]),
      'no-restricted-syntax': ['error', ...serverCallSyntax],
    },
  },
  {
    files: ['web/src/features/*/*/**/*.{ts,tsx}'],
    ignores: ['web/src/features/*/api/**'],
    rules: {
      'no-restricted-imports': restrictedImports([httpClientImport, featureInternals(2), testingImport]),
      'no-restricted-syntax': ['error', ...serverCallSyntax],
    },
  },
  {
    files: ['web/src/features/*/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictedImports([featureInternals(2), testingImport]),
    },
  },
  // Issue 37, 6: the harness lives in testing/; the product never imports it, tests never import infra/.
  {
    files: ['{proto,services,gateway,infra}/**/src/**/*.{ts,tsx}'],
    ignores: [...TESTS, '**/evaluation/**'],
    rules: { 'no-restricted-imports': restrictedImports([testingImport, contractImport]) },
  },
  {
    files: [...TESTS, '**/evaluation/**/*.ts'],
    ignores: ['infra/**', 'bench/migrate.bench.ts'],
    rules: { 'no-restricted-imports': restrictedImports([infraImport]) },
  },
  // Issue 20's sizes: no source file outside tests over 300 lines, no web function over 80.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: [...TESTS, '**/*.fixtures.ts', '**/evaluation/**'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true }] },
  },
  // Tests: stubs and fakes may be loose; the boundaries above still hold for what they import.
  {
    files: TESTS,
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-empty-function': 'off',
      'jsx-a11y/no-autofocus': 'off',
    },
  },
);
