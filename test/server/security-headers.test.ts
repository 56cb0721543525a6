// Security headers: helmet's (prepared once) on pages and files, with a fresh script nonce per
// answer (for the one inline script a server-rendered page carries) that handlers read as
// reply.cspNonce.script and no nonce in style-src; a policy for data on API answers; HSTS only
// over https.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openTestDatabase, type TestDatabase } from './helpers/database';
import { TestClock, testConfig } from './helpers/app';

function directives(header: unknown): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources.join(' '));
  }
  return map;
}

const nonceIn = (scriptSrc: string | undefined) => /'nonce-([^']+)'/.exec(scriptSrc ?? '')?.[1];

describe('security headers', () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    app = await buildApp({
      config: testConfig({}, { TRUST_PROXY: 'true' }),
      db: t.db,
      now: new TestClock().now,
      logger: false,
      staticDir: null,
      purgeIntervalMs: 0,
    });
    // What a page handler does: put the answer's nonce on its inline script.
    await app.register(async (child) => {
      child.get('/pagina-de-prueba', async (_request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .send(`<script nonce="${reply.cspNonce.script}">1</script>`),
      );
      child.get('/estilo-de-prueba', async (_request, reply) => reply.cspNonce.style);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('every page or file answer has its own script nonce, and style-src none', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      for (const url of ['/pagina-de-prueba', '/nada', '/falta.png']) {
        const csp = directives(
          (await app.inject({ method: 'GET', url })).headers['content-security-policy'],
        );
        const nonce = nonceIn(csp.get('script-src'));
        expect(csp.get('script-src')).toBe(`'self' 'nonce-${nonce}'`);
        // 16 random bytes, base64.
        expect(Buffer.from(nonce!, 'base64')).toHaveLength(16);
        expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
        nonces.add(nonce!);
      }
    }
    expect(nonces.size).toBe(15);
  });

  it('API answers (JSON: data, never a document) get a policy that allows nothing, no nonce', async () => {
    for (const url of ['/api/dog', '/api/nada', '/api/dog/abc', '/%61pi/dog']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy']);
      expect(Object.fromEntries(csp)).toEqual({
        'default-src': "'none'",
        'script-src': "'self'",
        'frame-ancestors': "'none'",
      });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['permissions-policy']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
    // A page still gets the document headers.
    const page = await app.inject({ method: 'GET', url: '/pagina-de-prueba' });
    expect(page.headers['permissions-policy']).toBeDefined();
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['cache-control']).toBeUndefined();
  });

  it('reply.cspNonce.script is the nonce of the answer’s own header', async () => {
    const res = await app.inject({ method: 'GET', url: '/pagina-de-prueba' });
    const nonce = nonceIn(directives(res.headers['content-security-policy']).get('script-src'));
    expect(res.body).toBe(`<script nonce="${nonce}">1</script>`);
  });

  it('there is no style nonce to use by mistake', async () => {
    const res = await app.inject({ method: 'GET', url: '/estilo-de-prueba' });
    expect(res.statusCode).toBe(500);
  });

  it('HSTS only over https', async () => {
    const http = await app.inject({ method: 'GET', url: '/api/dog' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    const https = await app.inject({
      method: 'GET',
      url: '/api/dog',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });
});
