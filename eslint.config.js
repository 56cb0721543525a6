// Lint configuration: TypeScript rules everywhere, React hooks rules for the browser code,
// a hard wall that keeps server code out of the browser bundle, and one wall around each feature.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** What no browser code may import: the server, and modules that only exist in Node (as below). */
const browserPatterns = [
  {
    group: ['**/server', '**/server/**', '@/server', '@/server/**'],
    message: 'Browser and shared code must not import server code.',
  },
  {
    group: [
      'node:*',
      'fs',
      'path',
      'crypto',
      'pg',
      '@electric-sql/pglite',
      'fastify',
      '@fastify/*',
      '@node-rs/*',
    ],
    message: 'Node-only modules are not allowed in browser or shared code.',
  },
];

/**
 * Each feature stands alone: it imports shared code (components, lib, shared, stores, config)
 * but never another feature, the app that composes features, or the routes. A page made of
 * several features lives in src/app and hands the parts over as props. One block per feature and
 * folder depth, so a relative path that climbs out of the feature is caught too.
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureWalls = features.flatMap((feature) =>
  [0, 1, 2, 3].map((depth) => ({
    files: [`src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...browserPatterns,
            {
              regex: `^@/features/(?!${feature}(/|$))`,
              message: `The ${feature} feature must not import another feature: move what both need to src/components, src/lib or src/shared, or compose the features in src/app.`,
            },
            {
              group: ['@/app', '@/app/**'],
              message: 'Features must not import the app or the routes: the app composes features.',
            },
            {
              regex: `^(\\.\\./){${depth + 1},}`,
              message: `Import from outside the ${feature} feature through '@/…', never a relative path.`,
            },
          ],
        },
      ],
    },
  })),
);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'build',
      'data',
      'coverage',
      'node_modules',
      'test-results',
      'playwright-report',
      'public',
      // Written by the router plugin (vite.config.ts) from the files of src/app/routes/.
      'src/app/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx,mjs}', 'vite.config.ts'],
    rules: {
      // A string replacement expands `$&`, `$\``, `$'` and `$$`: one holding data (a dog's name)
      // can copy the whole page into itself. Only a constant string or a function may replace.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^replace(All)?$/][arguments.length=2]:not([arguments.1.type=/^(Literal|ArrowFunctionExpression|FunctionExpression)$/]):not([arguments.1.type='TemplateLiteral'][arguments.1.expressions.length=0])",
          message:
            "Replace with a constant string or a function replacer: a replacement string expands `$&`, `$`` and `$'` in the data it inserts.",
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // The server entry runs only on the server (it is bundled into <build>-ssr/).
    ignores: ['src/server/**', 'src/entry-server.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser bundle must never include server code (secrets, SQL, node built-ins).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server', '**/server/**', '@/server', '@/server/**'],
              message: 'Browser and shared code must not import server code.',
            },
            {
              group: [
                'node:*',
                'fs',
                'path',
                'crypto',
                'pg',
                '@electric-sql/pglite',
                'fastify',
                '@fastify/*',
                '@node-rs/*',
              ],
              message: 'Node-only modules are not allowed in browser or shared code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Route files, the app shell and the navigation load with every page: the shared zod schemas
    // (and zod itself) must stay out of that code, so only their types may be imported there.
    files: ['src/app/**/*.{ts,tsx}', 'src/entry-client.tsx'],
    // The pages composed in the app and the dog modal's body are lazy chunks of their own.
    ignores: ['src/app/pages/**', 'src/app/dog-modal/dog-*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server', '**/server/**', '@/server', '@/server/**'],
              message: 'Browser and shared code must not import server code.',
            },
            {
              group: [
                'node:*',
                'fs',
                'path',
                'crypto',
                'pg',
                '@electric-sql/pglite',
                'fastify',
                '@fastify/*',
                '@node-rs/*',
              ],
              message: 'Node-only modules are not allowed in browser or shared code.',
            },
            {
              // The site's facts (shared/site.ts) are plain constants, without zod.
              group: ['@/shared/*', '!@/shared/site', 'zod', 'zod/*'],
              allowTypeImports: true,
              message:
                'Code every page loads must not bring zod along: import shared schemas as types only, or from a lazily loaded module.',
            },
          ],
        },
      ],
    },
  },
  ...featureWalls,
);
