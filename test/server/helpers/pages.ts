// A real build of the app (browser files and the server entry) for the test files that draw
// pages as production does, made once per file into a temporary folder; and what those files
// read from a drawn page.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';

const root = resolve(import.meta.dirname, '../../..');

export interface PagesBuild {
  /** The temporary folder holding the build (room for the test's own files beside it). */
  root: string;
  /** The build's browser files; its server entry is beside it (ssrDirFor). */
  staticDir: string;
  remove(): void;
}

/** `vite build` into a new temporary folder named after `prefix`; throws when the build fails. */
export function buildPages(prefix: string): PagesBuild {
  const buildRoot = mkdtempSync(join(tmpdir(), prefix));
  const staticDir = join(buildRoot, 'dist');
  const build = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      staticDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  const remove = () => rmSync(buildRoot, { recursive: true, force: true });
  if (build.status !== 0) {
    remove();
    throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  }
  return { root: buildRoot, staticDir, remove };
}

/** How long a test file gives buildPages. */
export const BUILD_TIMEOUT_MS = 180_000;

/** The CSP nonce of the response's script-src. */
export function nonceOf(res: LightMyRequestResponse): string {
  const csp = String(res.headers['content-security-policy']);
  const nonce = / 'nonce-([^']+)'/.exec(csp)?.[1];
  if (!nonce) throw new Error(`no nonce in ${csp}`);
  return nonce;
}
