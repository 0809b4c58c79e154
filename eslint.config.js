import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const features = ['auth', 'profile', 'documents', 'courses', 'fees', 'learning', 'lectures'];
const consoleFeatures = ['auth', 'overview', 'review', 'students', 'enrolments', 'results', 'staff', 'audit'];

/** Settings are read from the environment in one place (apps/api/src/config.ts). */
const settingsReadOnce = [
  {
    selector: "MemberExpression[object.name='process'][property.name='env']",
    message: 'settings are read once, in the config module',
  },
  {
    selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
    message: 'settings are read once, in the config module',
  },
];

/** The web app names a call from the table of calls (packages/shared/src/calls), never by its path. */
const callPrefix =
  '^\\/(auth|public|forgetpassword|studentAuth|studentapi|staffapi|captcha|files|dev|billpayment)(\\/|$)';
const callPaths = [
  {
    selector: `Literal[value=/${callPrefix}/]`,
    message: 'name the call from packages/shared/src/calls (callApi, staffCall, callAt), not by its path',
  },
  {
    selector: `TemplateElement[value.raw=/${callPrefix}/]`,
    message: 'name the call from packages/shared/src/calls (callApi, staffCall, callAt), not by its path',
  },
];

/**
 * zod's method-chain API carries every method (JSON Schema conversion included) into each page that loads a
 * schema; the shared schemas and the browser use its functional API (decision 0056).
 */
const zodInTheBrowser = {
  name: 'zod',
  message:
    "import { z } from '@portal/shared/schemas/zod' (zod/mini: z.optional(x), x.check(z.maxLength(n))): the method-chain API costs every page 12 KB",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/.data/**',
      'e2e/artifacts/**',
      'apps/api/src/db/migrations/**',
      '**/*.mjs',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.config.ts', 'eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': {
        // Each workspace's own tsconfig.json, so that apps/web's `@/` alias resolves (and its boundaries hold).
        typescript: {
          project: [
            'packages/shared/tsconfig.json',
            'apps/api/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        },
        node: true,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      'import-x/no-default-export': 'off',
      // web and api meet only in packages/shared; features stay apart (STYLE.md).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web', from: './apps/api', message: 'web imports only packages/shared' },
            { target: './apps/api', from: './apps/web', message: 'api imports only packages/shared' },
            { target: './packages/shared', from: './apps', message: 'shared imports no app code' },
            // The server's layers (docs/architecture.md): the lower ones import nothing above them.
            {
              target: [
                './apps/api/src/lib',
                './apps/api/src/mail',
                './apps/api/src/storage',
                './apps/api/src/db/schema.ts',
                './apps/api/src/db/client.ts',
                './apps/api/src/db/migrations',
              ],
              from: [
                './apps/api/src/modules',
                './apps/api/src/services',
                './apps/api/src/routes',
                './apps/api/src/plugins',
              ],
              message:
                'lib, mail, storage and the database schema and client import no module, service, route or plugin',
            },
            {
              // A module holds its own handlers; the route helpers are all it takes from routes/.
              target: './apps/api/src/modules',
              from: './apps/api/src/routes',
              except: [
                './answers.ts',
                './call-route.ts',
                './csv-file.ts',
                './csv-import.ts',
                './stored-image.ts',
              ],
              message:
                "a module's handlers use the route helpers (answers, call-route, csv-file, csv-import, stored-image), no other route file",
            },
            // The staff console (src/console) and the student app (src/app, src/features) share only
            // components/ui, lib and shared.
            {
              target: './apps/web/src/console',
              from: './apps/web/src/features',
              message: 'the console imports components/ui, lib and shared, never the student app',
            },
            {
              // The design tokens and base styles are the one exception: both apps look alike.
              target: './apps/web/src/console',
              from: './apps/web/src/app',
              except: ['./styles.css'],
              message: 'the console imports components/ui, lib and shared, never the student app',
            },
            {
              target: [
                './apps/web/src/app',
                './apps/web/src/features',
                './apps/web/src/lib',
                './apps/web/src/components',
                './apps/web/src/main.tsx',
              ],
              from: './apps/web/src/console',
              message: 'the student app never imports the staff console',
            },
            {
              // The web app's lower layer: the design system and lib serve every page and import none.
              target: ['./apps/web/src/lib', './apps/web/src/components'],
              from: ['./apps/web/src/app', './apps/web/src/features'],
              message: 'components/ui and lib import no page, layout or feature (app/, features/)',
            },
            ...consoleFeatures.map((feature) => ({
              target: `./apps/web/src/console/features/${feature}`,
              from: './apps/web/src/console/features',
              except: [`./${feature}`],
              message:
                'a console feature imports console/components, console/lib, components/ui, lib and shared',
            })),
            ...features.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'a feature imports components/ui, lib and shared, never another feature',
            })),
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...settingsReadOnce],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Path strings of calls (issue 23): the tests and their fixtures answer calls by path, the app never.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/fixtures.ts'],
    rules: { 'no-restricted-syntax': ['error', ...settingsReadOnce, ...callPaths] },
  },
  {
    // The app's code names its folders by alias; the build's own files (vite.config.ts, build/) run in Node,
    // where the aliases do not exist.
    files: ['apps/web/{src,test}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [zodInTheBrowser],
          patterns: [
            {
              regex: '^\\.\\./',
              message: 'name where the import goes: @/… (apps/web/src) or @test/… (apps/web/test)',
            },
          ],
        },
      ],
    },
  },
  {
    // The schemas the browser loads (decision 0056).
    files: ['packages/shared/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [zodInTheBrowser] }] },
  },
  {
    // The one place that reads the environment, and scripts/tests that set it up.
    files: [
      'apps/api/src/config.ts',
      'apps/api/src/admin/cli.ts',
      'apps/api/test/**',
      'e2e/**',
      'bench/**',
      '**/*.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'e2e/**', 'bench/**', '*.config.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    // No unit over 80 lines (issue 23): a longer one is split into named parts. Tests, benchmarks and the
    // migrations' generated snapshots are outside the rule.
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/api/scripts/**/*.ts', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false }] },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
