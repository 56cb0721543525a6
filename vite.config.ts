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

export default defineConfig({
  plugins: [react(), mockServiceWorker(), prerenderLanding()],
  resolve: { alias: { '@': src } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
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
