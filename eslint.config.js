import fs from 'node:fs'
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'
import noUntranslatedText from './scripts/eslint-rules/no-untranslated-text.mjs'
import { TRANSLATED_FILES, UNTRANSLATED_NAMES } from './scripts/eslint-rules/translated-files.mjs'

/**
 * Imports a layer may not make (docs/guiding-principles.md). The groups are gitignore patterns, where a
 * leading # starts a comment: our #alias/ imports are escaped so they match.
 */
const escapeAlias = (pattern) => (pattern.startsWith('#') ? `\\${pattern}` : pattern)
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map(([group, message]) => ({ group: group.map(escapeAlias), message })) }],
})

const CLIENT_NEVER_IMPORTS_SERVER = [['#server/*', '**/server/**'], 'The client never imports server code.']
/** Relative imports would slip past the layer rules below, which read the #alias of an import. */
const RELATIVE = [['./*', '../*'], 'Import by the #alias (#client/..., #server/..., #shared/...), not a relative path.']
const FEATURES = fs
  .readdirSync('src/client/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

/**
 * Features never import each other or app/ (app/ composes them), so each can change alone. Test
 * helpers may borrow app/'s providers.
 */
const featureBoundaries = FEATURES.map((feature) => ({
  files: [`src/client/features/${feature}/**`],
  ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
  rules: restrict([
    CLIENT_NEVER_IMPORTS_SERVER,
    [
      FEATURES.filter((other) => other !== feature).flatMap((other) => [`#client/features/${other}/*`, `**/features/${other}/**`]),
      `Features do not import each other: move what ${feature} shares into components/, lib/ or src/shared.`,
    ],
    [['#client/app/*', '**/client/app/**'], 'Features never import app/: app/ composes the features.'],
    RELATIVE,
  ]),
}))

/**
 * The server's layers (docs/architecture.md, "The server's layers"; decision 063). A feature is a
 * folder of src/server that is none of these: db/ (executor, locks, counters, migrations), shared/
 * (the server's pure pieces), http/ (errors, validation, logging, idempotency: the routes' tools),
 * openapi/ (the published contract), pages/ (serves the client). mcp/ is a feature and a door, like
 * routes: its tools read through any feature's repositories and write through its commands.
 */
const SERVER_BELOW = ['db', 'shared', 'http', 'openapi', 'pages']
const SERVER_DOORS = ['mcp']
/**
 * The importer is a door as the MCP tools are (decision 061): it reads other features' rows through
 * their repositories, writes through their commands, and turns a refusal into a line of its report.
 */
const DOOR_FILES = ['src/server/your-data/importer.ts']
const SERVER_FEATURES = fs
  .readdirSync('src/server', { withFileTypes: true })
  .filter((d) => d.isDirectory() && !SERVER_BELOW.includes(d.name))
  .map((d) => d.name)
const SERVER_TESTS = ['**/*.test.ts']
/**
 * A feature reaches another only through its commands (`*.commands.ts`) and its modules that are
 * neither routes nor repositories (pure rules and row mapping, read modules such as
 * blends/summary.ts): another feature's routes are its HTTP face, and its repositories are its own.
 */
const serverFeatureBoundaries = SERVER_FEATURES.map((feature) => ({
  files: [`src/server/${feature}/**`],
  ignores: [...SERVER_TESTS, ...(SERVER_DOORS.includes(feature) ? [] : DOOR_FILES)],
  rules: restrict([
    [['#client/*', '**/client/**'], 'The server never imports client code.'],
    RELATIVE,
    [
      SERVER_FEATURES.filter((other) => other !== feature).map((other) => `#server/${other}/*.routes.ts`),
      `A feature never imports another's routes: call its commands (*.commands.ts), or move what ${feature} shares into src/server/shared.`,
    ],
    ...(SERVER_DOORS.includes(feature)
      ? []
      : [
          [
            SERVER_FEATURES.filter((other) => other !== feature).map((other) => `#server/${other}/*.repo.ts`),
            `A feature never imports another's repository: call its commands (*.commands.ts), which hold the rules of its tables.`,
          ],
        ]),
  ]),
}))
/** The importer reads other features' repositories, as the tools do, but never imports their routes. */
const serverDoorFiles = {
  files: DOOR_FILES,
  ignores: SERVER_TESTS,
  rules: restrict([
    [['#client/*', '**/client/**'], 'The server never imports client code.'],
    RELATIVE,
    [
      SERVER_FEATURES.map((other) => `#server/${other}/*.routes.ts`),
      "A feature never imports another's routes: call its commands (*.commands.ts), or move what it shares into src/server/shared.",
    ],
  ]),
}
const SERVER_FEATURE_IMPORTS = SERVER_FEATURES.map((feature) => `#server/${feature}/*`)

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'data', 'playwright-report', 'test-results', '.tmp', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      ...restrict([
        [['#server/*', '#client/*', '**/server/**', '**/client/**'], 'src/shared imports nothing of ours outside shared.'],
        [['node:*'], 'src/shared is pure: no node:* modules.'],
        RELATIVE,
      ]),
    },
  },
  {
    files: ['src/client/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([CLIENT_NEVER_IMPORTS_SERVER, RELATIVE]),
    },
  },
  ...featureBoundaries,
  {
    // Shared client code is below the features: it never reaches up into one, or into app/.
    files: ['src/client/lib/**', 'src/client/components/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: restrict([
      CLIENT_NEVER_IMPORTS_SERVER,
      [['#client/features/*', '**/features/**'], 'lib/ and components/ serve the features and never import one: move what both need here.'],
      [['#client/app/*', '**/client/app/**'], 'lib/ and components/ never import app/: app/ composes them.'],
      RELATIVE,
    ]),
  },
  {
    // One request path (docs/architecture.md, "The client's request path"): every request the
    // client makes leaves through lib/http.ts (its upload with progress, loaded on demand, through
    // lib/http-progress.ts), so the token, the 401 retry and the errors are written once.
    files: ['src/client/**'],
    ignores: ['src/client/lib/http.ts', 'src/client/lib/http-progress.ts', '**/*.test.{ts,tsx}', 'src/client/testing/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest'].map((name) => ({
          name,
          message:
            'The client sends requests through src/client/lib/http.ts (apiRequest for the API): not with fetch or XMLHttpRequest of its own.',
        })),
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      ...restrict([[['#client/*', '**/client/**'], 'The server never imports client code.'], RELATIVE]),
    },
  },
  ...serverFeatureBoundaries,
  serverDoorFiles,
  {
    // db/ is below every feature: the executor, transactions, locks and counters know no feature.
    files: ['src/server/db/**'],
    ignores: SERVER_TESTS,
    rules: restrict([
      [['#client/*', '**/client/**'], 'The server never imports client code.'],
      RELATIVE,
      [
        [...SERVER_FEATURE_IMPORTS, '#server/http/*', '#server/pages/*', '#server/openapi/*'],
        'db/ is below every feature and http/: it imports only db/, shared/ and env.',
      ],
    ]),
  },
  {
    // The server's shared/ is below all of it: pure pieces any layer may use.
    files: ['src/server/shared/**'],
    ignores: SERVER_TESTS,
    rules: restrict([
      [['#client/*', '**/client/**'], 'The server never imports client code.'],
      RELATIVE,
      [['#server/*', '!#server/shared'], 'src/server/shared imports nothing of the server but shared/.'],
    ]),
  },
  {
    // Commands and repositories know no HTTP: a refusal is an Outcome, a cursor or a clock is shared/'s.
    files: ['src/server/**/*.commands.ts', 'src/server/**/*.repo.ts'],
    rules: {
      // typescript-eslint's twin of no-restricted-imports, so this rule adds to the layer rules above
      // instead of replacing them.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [escapeAlias('#server/http/*')],
              message:
                'A command or repository never imports http/: answer an Outcome (shared/outcome.ts) and let the route or tool map it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Repositories take an executor (a Kysely instance or a transaction) and never open a
    // transaction: the route decides what one transaction holds (docs/architecture.md).
    files: ['src/server/**/*.repo.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'A repository never opens a transaction: take an Executor and let the route open one.',
        },
      ],
    },
  },
  {
    // A route's request and reply types come from its Zod schemas through the type provider
    // (FastifyPluginAsyncZod), never written by hand beside them (docs/architecture.md).
    files: ['src/server/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(get|post|put|patch|delete|route)$/][typeArguments]',
          message: "Let the route's schemas type the request: no type arguments on a route (FastifyPluginAsyncZod infers them).",
        },
        {
          selector: "TSTypeReference[typeName.name='FastifyRequest'][typeArguments]",
          message: "Let the route's schemas type the request: no FastifyRequest<...> by hand.",
        },
        {
          selector: "TSTypeReference[typeName.name='FastifyPluginAsync']",
          message: 'A routes plugin is a FastifyPluginAsyncZod, so its schemas type its requests and answers.',
        },
      ],
    },
  },
  {
    // One select (decision 042): the app's selects are components/ui/select.tsx, the browser's
    // own select styled once; a raw <select> elsewhere would be a second look and a second way.
    files: ['src/client/**/*.tsx'],
    ignores: ['src/client/components/ui/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='select']",
          message: 'Use Select from #client/components/ui/select.tsx (or Combobox to search a list), not a raw <select>.',
        },
      ],
    },
  },
  {
    files: TRANSLATED_FILES,
    plugins: { accord: { rules: { 'no-untranslated-text': noUntranslatedText } } },
    rules: { 'accord/no-untranslated-text': ['error', { allow: UNTRANSLATED_NAMES }] },
  },
  {
    // One validated env module: process.env is read there only.
    files: ['src/**'],
    ignores: ['src/server/env.ts', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration from src/server/env.ts.' }],
    },
  },
)
