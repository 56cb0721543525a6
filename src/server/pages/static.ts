// Serves the files of the browser build from dist/: content-hashed assets are immutable.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Every file of the build has an extension: a path without one is a page. */
export const FILE_PATH = /\.[a-z0-9]+$/i;

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

/** Files the build may have compressed copies of (the list of scripts/build/precompress.mjs). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)(\.br|\.gz)?$/;

function cacheControlFor(servedPath: string): string {
  // With preCompressed, the file actually sent may be index.html.br or app-123.js.gz.
  const filePath = servedPath.replace(/\.(br|gz)$/, '');
  // Vite puts content-hashed files in dist/assets: their URL changes whenever they do.
  if (filePath.includes(`${sep}assets${sep}`)) return `public, max-age=${YEAR_SECONDS}, immutable`;
  // Files copied from public/ keep their names, so they may change under the same URL.
  return 'public, max-age=3600';
}

/**
 * The built app's files, sent with `reply.sendFile` by the pages' route (pages/routes.ts), which
 * decides what is a file and what is a page.
 */
export const staticFiles = fp<{ root: string }>(
  async (app: FastifyInstance, { root }) => {
    await app.register(fastifyStatic, {
      root,
      serve: false,
      // Every file of the build has an extension; any other path (`/`, `/entrar`, `/assets`) is a
      // page, never a directory listing or index.
      index: false,
      allowedPath: (pathName) => FILE_PATH.test(pathName),
      // `npm run build` writes a .br and a .gz next to each text file worth compressing
      // (scripts/build/precompress.mjs); they are sent as they are to clients that accept them.
      preCompressed: true,
      // Everything under root is public: server-only build output lives outside it (ssrDirFor).
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader('cache-control', cacheControlFor(filePath));
        // Which copy is sent depends on Accept-Encoding, so caches must key on it (lower case:
        // @fastify/compress then does not add it a second time).
        if (COMPRESSIBLE.test(filePath)) res.setHeader('vary', 'accept-encoding');
      },
    });
  },
  { name: 'static-files' },
);
