// Vite plugin: after the browser build, bundles the landing page's server renderer
// (prerender-entry.tsx, every dependency included) into <outDir>-ssr/landing.mjs, outside the
// static root that browsers can read, and renders it once without data into
// <outDir>/landing.html. The server answers / and /home by rendering with the visitor's data
// through that module (src/server/http/landing.ts), or with landing.html when it cannot; every
// other route keeps the plain index.html.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, ResolvedConfig } from 'vite';

import {
  LANDING_FILE,
  ROOT_ELEMENT,
  SSR_FILE,
  replaceFirstLiteral,
  ssrDirFor,
  withoutInlineScripts,
} from '../../src/server/http/landing-files';

const NESTED = 'HAPPYDOG_PRERENDER_BUILD';

/** The modules that draw deferred parts (src/components/deferred.tsx) on the landing page. */
const DEFERRING_MODULES = ['src/app/landing/landing-page.tsx', 'src/app/landing/adopt-section.tsx'];

export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  /** Chunks of the landing page's deferred parts, with the chunks they import. */
  let partChunks: string[] = [];
  return {
    name: 'happy-dog:prerender-landing',
    apply: (_config, env) => env.command === 'build' && !process.env[NESTED],
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const parts = new Set(
        DEFERRING_MODULES.flatMap(
          (file) => this.getModuleInfo(resolve(config.root, file))?.dynamicallyImportedIds ?? [],
        ),
      );
      const found = new Set<string>();
      const add = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || chunk.isEntry || found.has(fileName)) return;
        found.add(fileName);
        chunk.imports.forEach(add);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.facadeModuleId && parts.has(chunk.facadeModuleId)) {
          add(chunk.fileName);
        }
      }
      if (found.size < parts.size) {
        throw new Error(`prerender: found ${found.size} chunks for ${parts.size} deferred parts`);
      }
      partChunks = [...found];
    },
    async closeBundle() {
      if (config.build.ssr || config.mode === 'mock') return;
      const { build } = await import('vite');
      const outDir = resolve(config.root, config.build.outDir);
      const ssrDir = ssrDirFor(outDir);
      process.env[NESTED] = '1';
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          // One file with everything in it: it is imported from wherever the build lives.
          ssr: { noExternal: true, target: 'node' },
          build: {
            ssr: 'scripts/build/prerender-entry.tsx',
            outDir: ssrDir,
            emptyOutDir: true,
            copyPublicDir: false,
            sourcemap: false,
            minify: true,
            rollupOptions: { output: { entryFileNames: SSR_FILE, codeSplitting: false } },
          },
        });
      } finally {
        delete process.env[NESTED];
      }
      const entry = pathToFileURL(join(ssrDir, SSR_FILE)).href;
      const { render } = (await import(`${entry}?t=${Date.now()}`)) as {
        render: (url: string) => Promise<string>;
      };
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      if (!template.includes(ROOT_ELEMENT)) {
        throw new Error(`index.html has no ${ROOT_ELEMENT} to prerender into`);
      }
      const html = withoutInlineScripts(await render('/'));
      // Served to logged-in visitors, this page is drawn by the app from scratch, which waits for
      // the deferred parts' code (src/app/router.tsx): fetch it alongside the app's own chunk
      // rather than after it, so the app takes over before the visitor can press anything.
      const base = config.base.endsWith('/') ? config.base : `${config.base}/`;
      const preloads = partChunks
        .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`)
        .join('');
      const withRoot = replaceFirstLiteral(template, ROOT_ELEMENT, `<div id="root">${html}</div>`);
      writeFileSync(
        join(outDir, LANDING_FILE),
        replaceFirstLiteral(withRoot, '</head>', `${preloads}</head>`),
      );
    },
  };
}
