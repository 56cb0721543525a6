// Vite plugin: after the browser build, moves Vite's manifest out of the static root and builds
// the server entry (src/entry-server.tsx, every dependency included) into <outDir>-ssr/, where
// browsers cannot read it. The server draws every page with that module (src/server/pages/renderer.ts).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Generator, getConfig, rootPathId } from '@tanstack/router-generator';
import type { Plugin, ResolvedConfig } from 'vite';
import {
  CLIENT_MANIFEST_FILE,
  ROUTE_FILES_FILE,
  ROUTE_STYLES_FILE,
  routeStylesheetLists,
  SERVER_ENTRY_FILE,
  ssrDirFor,
  type ViteChunk,
} from '../../src/server/pages/renderer';

/** The router plugin's options (vite.config.ts): where the route files and their tree live. */
export type RouterFilesOptions = { routesDirectory: string; generatedRouteTree: string };

/** Each route's id and its file, relative to the project root as Vite's manifest names it. */
async function routeFiles(root: string, options: RouterFilesOptions) {
  const generator = new Generator({
    config: getConfig({ ...options, target: 'react' }, root),
    root,
  });
  await generator.run();
  const files: Record<string, string> = {};
  for (const [file, { routeId }] of generator.getRoutesByFileMap()) {
    // The router knows its root route as __root__.
    files[routeId === `/${rootPathId}` ? '__root__' : routeId] = relative(root, file)
      .split('\\')
      .join('/');
  }
  return files;
}

/**
 * Joins each route's stylesheets (routeStylesheetLists) into one file of the build's assets,
 * named by its content, and returns which file each route links. Routes with the same list share
 * the file. The parts stay in the build: the browser still loads them with a screen's code when it
 * arrives by navigation within the site.
 */
function joinRouteStyles(
  outDir: string,
  vite: Record<string, ViteChunk>,
  files: Record<string, string>,
): Record<string, string> {
  const joined: Record<string, string> = {};
  for (const [routeId, sheets] of Object.entries(routeStylesheetLists(vite, files))) {
    const css = sheets
      .map((sheet) => readFileSync(join(outDir, sheet), 'utf8').replace(/^@charset "[^"]*";/, ''))
      .join('\n');
    const hash = createHash('sha256').update(css).digest('base64url').slice(0, 10);
    const file = `assets/route-${hash}.css`;
    writeFileSync(join(outDir, file), css);
    joined[routeId] = `/${file}`;
  }
  return joined;
}

const NESTED = 'HAPPYDOG_SSR_BUILD';
export const CLIENT_ENTRY = 'src/entry-client.tsx';
const SERVER_ENTRY = 'src/entry-server.tsx';

export function serverEntryBuild(routerFiles: RouterFilesOptions): Plugin {
  let config: ResolvedConfig;
  let failed = false;
  return {
    name: 'happy-dog:server-entry',
    apply: (_config, env) => env.command === 'build' && !process.env[NESTED],
    configResolved(resolved) {
      config = resolved;
    },
    // A failed browser build has nothing to move: its own error is the one to see.
    buildEnd(error) {
      failed = error !== undefined;
    },
    renderError() {
      failed = true;
    },
    async closeBundle() {
      if (config.build.ssr || failed) return;
      const outDir = resolve(config.root, config.build.outDir);
      const ssrDir = ssrDirFor(outDir);
      rmSync(ssrDir, { recursive: true, force: true });
      mkdirSync(ssrDir, { recursive: true });
      // The manifest lists every file of the build: useful to the server, not to visitors.
      renameSync(join(outDir, '.vite', 'manifest.json'), join(ssrDir, CLIENT_MANIFEST_FILE));
      // The server builds each route's assets from the manifest with it (renderer.ts).
      const files = await routeFiles(config.root, routerFiles);
      writeFileSync(join(ssrDir, ROUTE_FILES_FILE), JSON.stringify(files, null, 2));
      const vite = JSON.parse(readFileSync(join(ssrDir, CLIENT_MANIFEST_FILE), 'utf8')) as Record<
        string,
        ViteChunk
      >;
      writeFileSync(
        join(ssrDir, ROUTE_STYLES_FILE),
        JSON.stringify(joinRouteStyles(outDir, vite, files), null, 2),
      );
      rmSync(join(outDir, '.vite'), { recursive: true, force: true });
      const { build } = await import('vite');
      process.env[NESTED] = '1';
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          // One file with everything in it: it is imported from wherever the build lives.
          ssr: { noExternal: true, target: 'node' },
          build: {
            ssr: SERVER_ENTRY,
            outDir: ssrDir,
            emptyOutDir: false,
            copyPublicDir: false,
            sourcemap: false,
            minify: true,
            manifest: false,
            rolldownOptions: {
              input: SERVER_ENTRY,
              output: { entryFileNames: SERVER_ENTRY_FILE, codeSplitting: false },
            },
          },
        });
      } finally {
        delete process.env[NESTED];
      }
    },
  };
}
