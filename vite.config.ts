// Vite builds the browser app into dist/; Vitest runs the server and web suites as two projects.
// `vite --mode mock` (npm run dev:mock) serves the app with MSW answering the API in the browser.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { prerenderLanding } from './scripts/build/prerender-plugin';

const src = fileURLToPath(new URL('./src', import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';

/**
 * Serves MSW's service worker from node_modules, only for the dev server in mock mode, so the
 * worker never lands in public/ or dist/.
 */
function mockServiceWorker(): Plugin {
  const file = fileURLToPath(new URL('./node_modules/msw/lib/mockServiceWorker.js', import.meta.url));
  return {
    name: 'happy-dog:mock-service-worker',
    apply: (_config, env) => env.command === 'serve' && env.mode === 'mock',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(readFileSync(file));
      });
    },
  };
}

/**
 * Vite treats a CSS module as free of side effects, so `import './x.module.css'` without using its
 * class names is dropped. The landing page does that on purpose (dog-carousel-styles.ts): parts the
 * server draws before their code loads need their styles in the first view's CSS, not in the
 * lazy chunk's.
 */
function keepCssModuleImports(): Plugin {
  return {
    name: 'happy-dog:keep-css-module-imports',
    enforce: 'post',
    transform(code, id) {
      if (!/\.module\.css($|\?)/.test(id)) return null;
      return { code, map: null, moduleSideEffects: 'no-treeshake' };
    },
  };
}

export default defineConfig({
  plugins: [react(), mockServiceWorker(), prerenderLanding(), keepCssModuleImports()],
  resolve: { alias: { '@': src } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
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
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
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
