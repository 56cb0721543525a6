// Serves the built browser app from dist/: immutable hashed assets, never-cached index.html.
import { existsSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function hasBuiltApp(dir: string | null | undefined): dir is string {
  return !!dir && existsSync(join(dir, 'index.html'));
}

export function cacheControlFor(servedPath: string): string {
  // With preCompressed, the file actually sent may be index.html.br or app-123.js.gz.
  const filePath = servedPath.replace(/\.(br|gz)$/, '');
  if (basename(filePath) === 'index.html') return 'no-cache';
  // Vite puts content-hashed files in dist/assets: their URL changes whenever they do.
  if (filePath.includes(`${sep}assets${sep}`)) return `public, max-age=${YEAR_SECONDS}, immutable`;
  // Files copied from public/ keep their names, so they may change under the same URL.
  return 'public, max-age=3600';
}

export async function registerStatic(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    // dist/**/*.br and *.gz are written at build time by scripts/start.mjs.
    preCompressed: true,
    // Everything under root is public: server-only build output lives outside it (ssrDirFor).
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader('cache-control', cacheControlFor(filePath));
    },
  });
}
