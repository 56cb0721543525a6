// The built server's private files: the landing page's server renderer (a bundle with all of the
// app's code) is never served, however the URL is spelled. The requests go out byte for byte as
// written (node:http), since a browser or URL parser would tidy `//`, `/./` and `/../` away.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { basename, join } from 'node:path';
import { expect, test } from './support/fixtures';
import { repoRoot } from './support/server';

interface RawResponse {
  status: number;
  type: string;
  body: Buffer;
}

function rawGet(base: string, path: string): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

test('the server renderer cannot be downloaded under any spelling of its path', async ({
  server,
}) => {
  // The build writes it next to dist/, not inside it (ssrDirFor in src/server/pages/renderer.ts).
  const dist = join(repoRoot, 'dist');
  const bundle = readFileSync(join(`${dist}-ssr`, 'entry-server.mjs'), 'utf8');
  const sample = bundle.slice(Math.floor(bundle.length / 2), Math.floor(bundle.length / 2) + 80);
  const sibling = basename(`${dist}-ssr`);
  const spellings = [
    '/ssr/entry-server.mjs',
    '//ssr/entry-server.mjs',
    '/./ssr/entry-server.mjs',
    '/x/../ssr/entry-server.mjs',
    '/%73sr/entry-server.mjs',
    '/ssr/entry-server.mjs.br',
    '/ssr/entry-server.mjs.gz',
    `/../${sibling}/entry-server.mjs`,
    `/%2e%2e/${sibling}/entry-server.mjs`,
    `/..%2f${sibling}%2fentry-server.mjs`,
    `/assets/../../${sibling}/entry-server.mjs`,
    `/${sibling}/entry-server.mjs`,
  ];
  for (const path of spellings) {
    const res = await rawGet(server.url, path);
    expect(res.status, path).toBeLessThan(500);
    expect(res.type, path).not.toMatch(/javascript/);
    expect(res.body.includes(sample), path).toBe(false);
  }
  // It is still what draws the landing page (with the router's hydration data).
  const landing = await rawGet(server.url, '/');
  expect(landing.body.toString('utf8')).toContain('$_TSR');
});
