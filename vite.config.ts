// Vite builds the browser app into dist/ and the server entry into dist-ssr/ (ssr-plugin.ts);
// Vitest runs the server and web suites as two projects. The config imports nothing from vitest
// (a development package) so that a production install can build.
/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { CLIENT_ENTRY, serverEntryBuild } from './scripts/build/ssr-plugin';

const src = fileURLToPath(new URL('./src', import.meta.url));
const routerFiles = {
  routesDirectory: './src/app/routes',
  generatedRouteTree: './src/app/routeTree.gen.ts',
};

export default defineConfig({
  plugins: [
    // Writes src/app/routeTree.gen.ts from the files of src/app/routes/ and splits each route's
    // loader and screen (one chunk: a page needs both), error and not-found pages into chunks the
    // route loads when it matches; the first chunk keeps only what every route needs to match
    // (paths, search validation, heads).
    tanstackRouter({
      target: 'react',
      ...routerFiles,
      autoCodeSplitting: true,
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
        // The landing page is most visitors' first view: its screen comes with the first chunk,
        // so the page hydrates without waiting for (and restyling after) a chunk of its own.
        splitBehavior: ({ routeId }) =>
          routeId === '/' || routeId === '/home'
            ? [['errorComponent'], ['notFoundComponent']]
            : undefined,
      },
    }),
    react(),
    serverEntryBuild(routerFiles),
  ],
  resolve: { alias: { '@': src } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the site supports preloads modules natively.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')),
    },
    // The server links the entry script, its chunks and the stylesheet from Vite's manifest.
    manifest: true,
    rolldownOptions: {
      input: CLIENT_ENTRY,
      output: {
        codeSplitting: {
          // Everything the first view imports statically goes into one chunk: left alone, Rolldown
          // scatters modules that lazy chunks share with it into many small files, each compressed
          // on its own (rolldown/rolldown#10731), which costs the first view several KB.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['test/web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/support/web-setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
