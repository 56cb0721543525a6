// The build's precompression step (scripts/build/precompress.mjs) and how the server sends its
// output: the .br or .gz copy the client accepts, with Content-Encoding and Vary: Accept-Encoding.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/db';
import {
  CLIENT_MANIFEST_FILE,
  SERVER_ENTRY_FILE,
  ssrDirFor,
} from '../../src/server/pages/renderer';
import { makeApp } from './helpers/app';

const script = join(import.meta.dirname, '..', '..', 'scripts', 'build', 'precompress.mjs');

/** The app's files need no database; any query would fail. */
const noDb = {
  kind: 'pglite',
  query: async () => {
    throw new Error('no database in this test');
  },
} as unknown as Db;

describe('precompressed build output', () => {
  let dir: string;
  let app: FastifyInstance;
  const js = `export const perros = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `perro ${i}`))};`;
  const random = randomBytes(4096).toString('latin1');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'happydog-precompress-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><title>Happy Dog</title>${' '.repeat(2000)}`,
    );
    writeFileSync(join(dir, 'assets', 'index-AbC123.js'), js);
    writeFileSync(join(dir, 'assets', 'tiny-AbC123.css'), 'a{color:red}');
    // Random bytes do not shrink; a stale copy of it from an earlier build must go.
    writeFileSync(join(dir, 'assets', 'noise-AbC123.js'), random, 'latin1');
    writeFileSync(join(dir, 'assets', 'noise-AbC123.js.br'), 'stale');
    writeFileSync(join(dir, 'foto.png'), randomBytes(4096));
    // A complete build also has its server entry beside the static root (never compressed there).
    mkdirSync(ssrDirFor(dir));
    writeFileSync(join(ssrDirFor(dir), SERVER_ENTRY_FILE), 'export async function render() {}');
    writeFileSync(
      join(ssrDirFor(dir), CLIENT_MANIFEST_FILE),
      JSON.stringify({ 'src/entry-client.tsx': { file: 'assets/index-AbC123.js', isEntry: true } }),
    );
    const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    app = await makeApp(noDb, { staticDir: dir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(ssrDirFor(dir), { recursive: true, force: true });
  });

  it('writes brotli and gzip copies of text files over 1 KiB that shrink, and only those', () => {
    const file = join(dir, 'assets', 'index-AbC123.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(js);
    expect(statSync(`${file}.br`).size).toBeLessThan(statSync(`${file}.gz`).size);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    for (const skipped of [
      'assets/tiny-AbC123.css.br',
      'assets/tiny-AbC123.css.gz',
      'assets/noise-AbC123.js.br',
      'assets/noise-AbC123.js.gz',
      'foto.png.br',
    ]) {
      expect(existsSync(join(dir, skipped)), skipped).toBe(false);
    }
  });

  it.each([
    ['br', 'br, gzip', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)(
    'sends the %s copy with Content-Encoding and Vary',
    async (encoding, accept, decode) => {
      const res = await app.inject({
        method: 'GET',
        url: '/assets/index-AbC123.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(decode(res.rawPayload).toString()).toBe(js);
    },
  );

  it('sends the file itself to clients that accept no encoding', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.body).toBe(js);
  });
});
