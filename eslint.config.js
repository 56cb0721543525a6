// Lint configuration: TypeScript rules everywhere, React hooks rules for the browser code,
// and a hard wall that keeps server code out of the browser bundle.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    files: ['src/routes/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}', 'src/entry-client.tsx'],
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
);
