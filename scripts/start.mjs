// `npm start`: builds the browser app when dist/ is missing or older than its sources, and the
// server (build/server/server.mjs, compiled JavaScript) when it is missing or older than its
// sources, then runs the server in this very process (so this PID is the server's and signals
// reach it directly). With SKIP_BUILD nothing is built: an up-to-date compiled server is run,
// otherwise the server's TypeScript sources through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { precompress } from './build/precompress.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// STATIC_DIR (optional) builds and serves the app elsewhere, e.g. the benchmark's own copy.
const customDist = process.env.STATIC_DIR?.trim() ? resolve(process.env.STATIC_DIR.trim()) : null;
const dist = customDist ?? join(root, 'dist');
// The server entry that draws the pages, and the browser build's manifest, are built next to the
// static root, never inside it, where browsers could download them (ssrDirFor in
// src/server/pages/renderer.ts).
const builtManifest = join(`${dist}-ssr`, 'client-manifest.json');
const builtRenderer = join(`${dist}-ssr`, 'entry-server.mjs');

/** Everything that goes into the browser bundle and the server entry (server code does not). */
const BUILD_INPUTS = [
  'src',
  'public',
  'vite.config.ts',
  'package.json',
  'tsconfig.json',
  'postcss.config.cjs',
  'scripts/build',
];
const SKIP_DIRS = new Set([join(root, 'src', 'server'), join(root, 'node_modules')]);

/** Everything compiled into the server bundle (packages stay in node_modules). */
const SERVER_INPUTS = ['src/server', 'src/shared', 'package.json', 'scripts/build/server.mjs'];
const serverBundle = join(root, 'build', 'server', 'server.mjs');

function newestMtime(path, skip = SKIP_DIRS) {
  if (!existsSync(path) || skip.has(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    newest = Math.max(newest, newestMtime(join(path, entry), skip));
  }
  return newest;
}

function serverIsStale() {
  // The embedded database's thread is built with the server (src/server/db/pglite-thread.ts).
  if (!existsSync(serverBundle) || !existsSync(join(root, 'build', 'server', 'pglite-worker.mjs')))
    return true;
  const builtAt = statSync(serverBundle).mtimeMs;
  return SERVER_INPUTS.some((input) => newestMtime(join(root, input), new Set()) > builtAt);
}

function buildIsStale() {
  if (!existsSync(builtManifest) || !existsSync(builtRenderer)) return true;
  // A build from before the renderer moved out keeps it in dist/ssr/, where it is public.
  if (existsSync(join(dist, 'ssr'))) return true;
  const builtAt = Math.min(statSync(builtManifest).mtimeMs, statSync(builtRenderer).mtimeMs);
  return BUILD_INPUTS.some((input) => newestMtime(join(root, input)) > builtAt);
}

const skipBuild = ['1', 'true', 'yes'].includes((process.env.SKIP_BUILD ?? '').toLowerCase());
if (!skipBuild && buildIsStale()) {
  if (!existsSync(join(root, 'src', 'entry-client.tsx'))) {
    console.warn(
      'src/entry-client.tsx not found: the web app cannot be built; serving the API only.',
    );
  } else {
    console.log('Building the web app (dist/ is missing or older than its sources)…');
    const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const outDir = customDist ? ['--outDir', customDist, '--emptyOutDir'] : [];
    const build = spawnSync(process.execPath, [vite, 'build', ...outDir], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) {
      console.error('The web app build failed; fix the errors above and run npm start again.');
      process.exit(build.status ?? 1);
    }
    await precompress(dist);
  }
}

let compiled = !serverIsStale();
if (!compiled && !skipBuild) {
  console.log('Compiling the server (build/server/ is missing or older than its sources)…');
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build', 'server.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The server build failed; fix the errors above and run npm start again.');
    process.exit(build.status ?? 1);
  }
  compiled = true;
}

if (compiled) {
  await import(pathToFileURL(serverBundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/server/server.ts');
}
