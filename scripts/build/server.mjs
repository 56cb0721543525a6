// Compiles the API server (src/server, and the contracts it shares with the app in src/shared)
// into JavaScript, build/server/server.mjs and the embedded database's thread beside it
// (pglite-worker.mjs, see src/server/db/pglite-thread.ts) and the one that dumps a copy of it for
// a backup (pglite-dump-worker.mjs, see src/server/db/pglite-dump.ts), so production starts without compiling
// TypeScript: faster to the first answer and without a compiler's memory in the server process.
// Packages stay outside the bundle and are loaded from node_modules as usual.
//
//   node scripts/build/server.mjs   (run by `npm run build`, and by `npm start` when stale)
import { spawnSync } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const outDir = join(root, 'build', 'server');
// Written beside its place and renamed into it, so a starting server never loads half a build.
const tmpDir = `${outDir}.tmp-${process.pid}`;

await build({
  root,
  configFile: false,
  logLevel: 'warn',
  // Nothing of the browser app's setup (plugins, public files, env) belongs in the server.
  publicDir: false,
  envDir: false,
  build: {
    ssr: true,
    outDir: tmpDir,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: {
      input: {
        server: 'src/server/server.ts',
        'pglite-worker': 'src/server/db/pglite-worker.ts',
        'pglite-dump-worker': 'src/server/db/pglite-dump-worker.ts',
      },
      output: { entryFileNames: '[name].mjs', format: 'es' },
    },
  },
  ssr: { target: 'node' },
});
rmSync(outDir, { recursive: true, force: true });
renameSync(tmpDir, outDir);

// The demo dogs' extra photos, processed once here rather than on a first start.
const photos = spawnSync(process.execPath, [join(root, 'scripts', 'build', 'demo-photos.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (photos.status !== 0) process.exit(photos.status ?? 1);

// The prepared databases a new DATA_DIR starts from: empty, and with the demo data (which needs
// the photos above), so a first start runs neither initdb nor the demo seed.
const images = spawnSync(
  process.execPath,
  [join(root, 'scripts', 'build', 'pglite-image.mjs'), '--demo'],
  { cwd: root, stdio: 'inherit' },
);
if (images.status !== 0) process.exit(images.status ?? 1);
