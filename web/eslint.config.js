// ESLint flat config: typescript-eslint (strict, type-checked), react-hooks, import boundaries, no raw UI text.
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'node_modules', 'src/types/*.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: {
        project: ['./tsconfig.app.json', './tsconfig.node.json', './tsconfig.e2e.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  reactHooks.configs.flat['recommended-latest'],
  importPlugin.flatConfigs.recommended,
  importPlugin.flatConfigs.typescript,
  {
    settings: {
      // TypeScript's own resolution (the `@/` alias of tsconfig.app.json included), so the boundaries and the cycle
      // check below see every import.
      'import/resolver': {
        typescript: {
          project: ['./tsconfig.app.json', './tsconfig.e2e.json'],
          noWarnOnMultipleProjects: true,
        },
        node: { extensions: ['.ts', '.tsx', '.js', '.json'] },
      },
    },
    rules: {
      // TypeScript resolves modules (package "exports" maps included); the node resolver cannot.
      'import/no-unresolved': 'off',
      'import/named': 'off',
      // TypeScript checks a namespace import's members; the rule re-read every module's exports (11 s of the run).
      'import/namespace': 'off',
      // Import cycles are found by madge (`npm run lint`, .madgerc: type-only imports aside, dynamic ones counted,
      // the `@/` alias resolved): the same verdict in 8 s, where this rule took 82 s, 42 % of the lint.
      'import/no-cycle': 'off',
      'import/no-duplicates': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // Imports flow shared → features → app (DESIGN §5.10).
            {
              target: ['./src/lib', './src/components', './src/types', './src/locales'],
              from: ['./src/features', './src/app'],
              message: 'Shared code must not depend on features or the app shell.',
            },
            {
              target: './src/features',
              from: './src/app',
              message: 'Features must not import the app shell.',
            },
            // The screen designer and its runtime (DESIGN §7) sit between shared code and features: a feature page
            // mounts them, they build on lib/ and components/ only.
            {
              target: ['./src/lib', './src/components', './src/types', './src/locales'],
              from: './src/designer',
              message: 'Shared code must not depend on the designer.',
            },
            {
              target: './src/designer',
              from: ['./src/features', './src/app'],
              message: 'The designer must not import features or the app shell.',
            },
            {
              target: './src/designer/runtime',
              from: './src/designer/editor',
              message: 'The runtime carries no editing code (DESIGN §7).',
            },
            // Dashboards (DESIGN §9: the widget registry, the presentation and the editor) sit beside the designer: a
            // feature page mounts them; they build on lib/, components/ and the screens runtime, never the editor.
            {
              target: ['./src/lib', './src/components', './src/types', './src/locales', './src/designer'],
              from: './src/dashboards',
              message: 'Shared code and the designer must not depend on dashboards.',
            },
            {
              target: './src/dashboards',
              from: ['./src/features', './src/app', './src/designer/editor'],
              message: 'Dashboards must not import features, the app shell or the screen editor.',
            },
            // The chart registry (components/charts/index.ts) brings every chart and its ECharts parts: the designer,
            // whose editor must not load ECharts, takes its trend's builder from components/charts/history.ts and
            // the parts only in its lazy trend host (components/charts/parts/trend.ts).
            {
              target: './src/designer',
              from: './src/components/charts/index.ts',
              message:
                "The designer imports a chart's own modules (components/charts/history, parts/trend), not the registry.",
            },
            // No feature imports another; move shared code up to components/ or lib/.
            ...features.map((name) => ({
              target: `./src/features/${name}`,
              from: './src/features',
              except: [`./${name}`],
              message:
                'A feature must not import another feature; move shared code to src/components or src/lib.',
            })),
          ],
        },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/consistent-type-definitions': 'off',
      // An empty string falls back on purpose (server detail → catalogue text → generic text).
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true } }],
      // The default import of i18next is its documented API.
      'import/no-named-as-default-member': 'off',
      // react-router redirects are thrown Responses.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
      // Off for their cost against what they guard here: the console declares no TypeScript enum (string unions
      // throughout) and a handful of classes, none built from a literal, while the two rules asked the type checker
      // about every assignment of every file: 39 s of the lint's processor time on a fresh clone (15 %).
      '@typescript-eslint/no-unsafe-enum-assignment': 'off',
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
    },
  },
  {
    // ECharts is reached through components/charts only: its host (echart.tsx) and each chart kind's parts
    // (parts/, report/registry.ts), so a chart's parts are named once, beside its builder in the chart registry.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/components/charts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['echarts', 'echarts/*', 'zrender', 'zrender/*'],
              message: "Draw charts with components/charts (EChart, a builder and its kind's parts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { i18next },
    rules: {
      // No UI literal without a translation key (DESIGN §5.11).
      'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'src/test/**'],
    rules: {
      'i18next/no-literal-string': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-empty-function': 'off',
      '@typescript-eslint/class-methods-use-this': 'off',
      // A test's code is not shipped: deprecated APIs and the React Compiler's analysis (the react-hooks rules below
      // but rules-of-hooks and exhaustive-deps, which compile every component and hook of a file) matter in the
      // console's own files, where they stay on. Over the tests they were 30 s of the lint's processor time.
      '@typescript-eslint/no-deprecated': 'off',
      ...Object.fromEntries(
        Object.keys(reactHooks.configs.flat['recommended-latest'].rules)
          .filter((rule) => !['react-hooks/rules-of-hooks', 'react-hooks/exhaustive-deps'].includes(rule))
          .map((rule) => [rule, 'off']),
      ),
    },
  },
  {
    // Browser tests run in Node; only page.evaluate callbacks touch the DOM.
    files: ['e2e/**/*.ts', 'playwright.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
);
