// ESLint flat config for every TypeScript file of the monorepo (`make lint`, run by `make test`).
// Formatting is Prettier's (.prettierrc); nothing here is about layout.
import { readdirSync } from 'node:fs';
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

// Issue 41, 5: the web app imports the contracts (@story/proto) and, of a service, only the public profile page the
// profile service serves (its preview is the same page); never a service's internals nor @story/language.
const webWorkspaceImport = {
  regex: '^@story/(?!proto(/|$)|profile/profile-page$|testing(/|$))',
  message: 'The web app imports @story/proto, and of the services only @story/profile/profile-page (the public page its preview shows).',
};
// Issue 41, 5: proto/src holds contracts (proto/src/scope.test.ts lists their kinds): zod schemas, texts and the rules
// web and services share. Its code imports zod, graphql, the two builtins that read the SDL, and its own files; never
// another workspace (@story/*), a library that would carry logic, nor a path out of proto/src.
const protoImport = {
  regex: '^(?!zod$|graphql$|node:(fs|url)$|\\.\\.?/(?!\\.\\./))',
  message: 'proto/ holds contracts only (issue 41, 5): it imports zod, graphql and its own files. Logic goes to its service, or to language/.',
};
// language/ is on the ground floor beside proto/: it may use the contracts, never a service, the gateway or infra.
const languageImport = {
  regex: '^@story/(?!proto$)',
  message: 'language/ sits on the ground floor: it imports @story/proto and nothing else of ours (issue 41, 5).',
};
// That page runs in the browser too: it and its styles import the contracts and nothing else.
const profilePageImport = {
  regex: '^(?!@story/proto$|\\./profile-page\\.styles\\.ts$)',
  message: 'The public profile page also runs in the web app: it imports only @story/proto and its styles.',
};

// Test harness stays out of the product: nothing under a workspace's src/ (tests aside) imports testing/.
const testingImport = { group: ['@story/testing', '@story/testing/*', '**/testing/src/**'], message: 'The test harness (testing/) is for tests only.' };
// A repository contract is a suite of tests (it imports testing/): the product never imports one.
const contractImport = { group: ['**/*.contract.ts', '**/*.contract'], message: 'A repository contract is test code: only tests run it.' };
// Tests and evaluations share their harness from testing/, never from the deployment code in infra/.
const infraImport = {
  group: ['@story/infra', '@story/infra/*', '**/infra/src/**'],
  message: 'Tests and evaluations import their harness from @story/testing, not from infra/ (the deployment code).',
};

// Issue 41, 7: the web app's layers, from the bottom (web/README.md, "Layers"):
//   lib/, api/, hooks/, components/, voice/  shared pieces: no auth, chrome, feature or app import
//   auth/                                     the session: may import the shared layers
//   chrome/                                   the page chrome every page composes (headers, shell, frame, footer,
//                                             skip link): may import auth and the shared layers
//   features/<name>/                          the screens: may import all of the above, another feature only
//                                             through its index.ts and only along FEATURE_EDGES
//   app/ (and main.tsx)                       the router and the app's own wiring: may import everything
// Imports are relative, so a pattern names the folder an import climbs to: `(../)+<layer>/`.
const layerImport = (layers, message) => ({ regex: `^(\\.\\./)+(${layers.join('|')})(/|$)`, message });
const sharedUpward = layerImport(
  ['auth', 'chrome', 'features', 'app'],
  'lib/, api/, hooks/, components/ and voice/ are shared layers: they never import auth/, chrome/, features/ or app/ (pass what they need in).',
);
const authUpward = layerImport(['chrome', 'features', 'app'], 'auth/ sits below the chrome, the features and the app: it never imports them.');
const chromeUpward = layerImport(['features', 'app'], 'chrome/ sits below the features and the app: it never imports them.');
const featureToApp = layerImport(['app'], 'A feature never imports app/ (the router composes the features, not the other way round).');

// The only feature-to-feature imports (each through the other feature's index.ts); every other pair is an
// error. An edge is added here with the reason, never both ways (checked below). Shared pieces go down a
// layer (components/, hooks/, lib/, api/, voice/) instead of a new edge.
const FEATURE_EDGES = {
  account: ['plans'], // the account page shows "Your plan" (PlanSummary)
  landing: ['account'], // the farewell after a deleted account, shown where signing out lands
  'interview-practice': ['feedback'], // a snippet's practice answers with their feedback
  'mock-interview': ['feedback', 'interview-practice', 'resume'], // the report's feedback; the start form's saved jobs and résumé
  recording: ['feedback', 'threads'], // answers with their feedback; conversations saved into threads
  welcome: ['plans', 'threads'], // "Your plan" and the saved conversations
};
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
for (const [from, targets] of Object.entries(FEATURE_EDGES)) {
  for (const to of targets) {
    if (!FEATURES.includes(from) || !FEATURES.includes(to)) throw new Error(`FEATURE_EDGES: no feature ${FEATURES.includes(from) ? to : from}`);
    if (FEATURE_EDGES[to]?.includes(from)) throw new Error(`FEATURE_EDGES: ${from} and ${to} import each other`);
  }
}
/** The features `feature` may not import, as a pattern for a file `depth` folders below web/src/features/. */
const otherFeatures = (feature, depth) => {
  const allowed = new Set([feature, ...(FEATURE_EDGES[feature] ?? [])]);
  const forbidden = FEATURES.filter((name) => !allowed.has(name));
  return {
    regex: `^(\\.\\./){${depth}}(${forbidden.join('|')})(/|$)`,
    message: `${FEATURE_EDGES[feature] ? `${feature} may import only ${FEATURE_EDGES[feature].join(', ')}` : `${feature} imports no other feature`} (FEATURE_EDGES in eslint.config.js): move what both need to a shared layer.`,
  };
};
/** Per feature: its pages (depth 1), its components, hooks and lib (depth 2), its api/ (depth 2, may call the server). */
const featureBlocks = FEATURES.flatMap((feature) => [
  {
    files: [`web/src/features/${feature}/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrictedImports([
        httpClientImport,
        featureInternals(1),
        otherFeatures(feature, 1),
        featureToApp,
        testingImport,
        webWorkspaceImport,
      ]),
      'no-restricted-syntax': ['error', ...serverCallSyntax],
    },
  },
  {
    files: [`web/src/features/${feature}/*/**/*.{ts,tsx}`],
    ignores: [`web/src/features/${feature}/api/**`],
    rules: {
      'no-restricted-imports': restrictedImports([
        httpClientImport,
        featureInternals(2),
        otherFeatures(feature, 2),
        featureToApp,
        testingImport,
        webWorkspaceImport,
      ]),
      'no-restricted-syntax': ['error', ...serverCallSyntax],
    },
  },
  {
    files: [`web/src/features/${feature}/api/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': restrictedImports([featureInternals(2), otherFeatures(feature, 2), featureToApp, testingImport, webWorkspaceImport]) },
  },
]);

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
  // Point 2 of issue 20: where server calls may be made (a feature's api/, web/src/api/, web/src/voice/api/), and
  // issue 41, 7: the layers above and how features reach each other.
  // Everything else (main.tsx, app/, a new folder); the blocks below replace this for their folders.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/api/**', 'web/src/voice/api/**', 'web/src/features/*/**'],
    rules: {
      'no-restricted-imports': restrictedImports([httpClientImport, testingImport, webWorkspaceImport]),
      'no-restricted-syntax': ['error', ...serverCallSyntax],
    },
  },
  {
    files: ['web/src/{lib,hooks,components,voice}/**/*.{ts,tsx}'],
    ignores: ['web/src/voice/api/**'],
    rules: {
      'no-restricted-imports': restrictedImports([httpClientImport, sharedUpward, testingImport, webWorkspaceImport]),
      'no-restricted-syntax': ['error', ...serverCallSyntax],
    },
  },
  {
    files: ['web/src/api/**/*.{ts,tsx}', 'web/src/voice/api/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictedImports([sharedUpward, testingImport, webWorkspaceImport]) },
  },
  {
    files: ['web/src/auth/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictedImports([httpClientImport, authUpward, testingImport, webWorkspaceImport]),
      'no-restricted-syntax': ['error', ...serverCallSyntax],
    },
  },
  {
    files: ['web/src/chrome/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictedImports([httpClientImport, chromeUpward, testingImport, webWorkspaceImport]),
      'no-restricted-syntax': ['error', ...serverCallSyntax],
    },
  },
  ...featureBlocks,
  // Issue 37, 6: the harness lives in testing/; the product never imports it, tests never import infra/.
  {
    files: ['{proto,language,services,gateway,infra}/**/src/**/*.{ts,tsx}'],
    ignores: [...TESTS, '**/evaluation/**'],
    rules: { 'no-restricted-imports': restrictedImports([testingImport, contractImport]) },
  },
  {
    files: ['proto/src/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrictedImports([protoImport, testingImport, contractImport]) },
  },
  {
    files: ['language/src/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrictedImports([languageImport, testingImport, contractImport]) },
  },
  {
    files: ['services/profile/src/public-profile/profile-page.ts', 'services/profile/src/public-profile/profile-page.styles.ts'],
    rules: { 'no-restricted-imports': restrictedImports([profilePageImport]) },
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
