// Serves the built browser app from dist/: immutable hashed assets, never-cached index.html.
import { existsSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function hasBuiltApp(dir: string | null | undefined): dir is string {
  return !!dir && existsSync(join(dir, 'index.html'));
}

/**
 * Refuses a static root that holds a private directory (the embedded database's files): every
 * file under the root can be downloaded, so private ones must live elsewhere.
 */
export function assertOutsideStaticRoot(root: string, dir: string, name: string): void {
  const rel = relative(resolve(root), resolve(dir));
  const outside = rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
  if (!outside) {
    throw new Error(
      `${name} (${resolve(dir)}) is inside the static directory ${resolve(root)}, whose files are served to anyone: move one of them`,
    );
  }
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
