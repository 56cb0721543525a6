// Vite plugin: after the browser build, moves Vite's manifest out of the static root and builds
// the server entry (src/entry-server.tsx, every dependency included) into <outDir>-ssr/, where
// browsers cannot read it. The server draws every page with that module (src/server/pages/renderer.ts).
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import {
  CLIENT_MANIFEST_FILE,
  SERVER_ENTRY_FILE,
  ssrDirFor,
} from '../../src/server/pages/renderer';

const NESTED = 'HAPPYDOG_SSR_BUILD';
export const CLIENT_ENTRY = 'src/entry-client.tsx';
const SERVER_ENTRY = 'src/entry-server.tsx';

export function serverEntryBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'happy-dog:server-entry',
    apply: (_config, env) => env.command === 'build' && !process.env[NESTED],
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const ssrDir = ssrDirFor(outDir);
      rmSync(ssrDir, { recursive: true, force: true });
      mkdirSync(ssrDir, { recursive: true });
      // The manifest lists every file of the build: useful to the server, not to visitors.
      renameSync(join(outDir, '.vite', 'manifest.json'), join(ssrDir, CLIENT_MANIFEST_FILE));
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
