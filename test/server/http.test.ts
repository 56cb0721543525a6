// HTTP behaviour around the routes: headers, CSRF origin check, body rules, errors, health,
// OpenAPI, static app serving and logs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loggerOptions } from '../../src/server/http/server-options';
import type { Db } from '../../src/server/db/db';
import { COMPRESS } from '../../src/server/http/cached-json';
import {
  CLIENT_MANIFEST_FILE,
  SERVER_ENTRY_FILE,
  ssrDirFor,
} from '../../src/server/pages/renderer';
import { MESSAGES } from '../../src/shared/api';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { createDog, createUser, login, makeApp, validDog } from './helpers/app';

/** The Content-Security-Policy header as directive → sources, with the script nonce apart. */
function cspOf(headers: Record<string, unknown>) {
  const directives = new Map<string, string>();
  for (const part of String(headers['content-security-policy']).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources.join(' '));
  }
  const script = directives.get('script-src') ?? '';
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(script)?.[1];
  return { directives, nonce };
}

const CSP_WITHOUT_NONCE = {
  'default-src': "'self'",
  'script-src': "'self'",
  // Mantine injects <style> elements at run time: a nonce here would disable 'unsafe-inline'.
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob: https:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'frame-ancestors': "'none'",
  'form-action': "'self'",
};

/** An API answer's headers: a policy for data, with no nonce (security.ts). */
function expectApiSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(
    "default-src 'none'; script-src 'self'; frame-ancestors 'none'",
  );
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['cache-control']).toBe('no-store');
  // Only a document's: never on JSON.
  for (const name of [
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'permissions-policy',
    'x-xss-protection',
    'x-download-options',
    'x-permitted-cross-domain-policies',
  ])
    expect(headers[name]).toBeUndefined();
  expect(headers['strict-transport-security']).toBeUndefined();
}

function expectPageSecurityHeaders(headers: Record<string, unknown>) {
  const { directives, nonce } = cspOf(headers);
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  directives.set('script-src', directives.get('script-src')!.replace(` 'nonce-${nonce}'`, ''));
  expect(Object.fromEntries(directives)).toEqual(CSP_WITHOUT_NONCE);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toBe(
    'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  );
  // Only over https (security-headers.test.ts).
  expect(headers['strict-transport-security']).toBeUndefined();
}

/** A Db whose every query fails like a broken database would, SQL details included. */
function brokenDb(): Db {
  const fail = async () => {
    throw new Error('relation "secret_internal_table" does not exist at SELECT password_hash');
  };
  return {
    kind: 'pglite',
    query: fail,
    exec: fail,
    transaction: fail,
    close: async () => {},
  } as unknown as Db;
}

describe.each(BACKENDS)('HTTP behaviour on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    app = await makeApp(t.db);
  });
  afterEach(async () => {
    await app.close();
  });

  const loginBody = { email: 'a@example.com', password: 'x' };

  describe('security headers', () => {
    it('are on successes, errors and 404s alike, with a request id', async () => {
      for (const res of [
        await app.inject({ method: 'GET', url: '/api/dog' }),
        await app.inject({ method: 'GET', url: '/api/user/me' }),
        await app.inject({ method: 'GET', url: '/api/nada' }),
        await app.inject({ method: 'GET', url: '/api/dog?limit=0' }),
        await app.inject({
          method: 'POST',
          url: '/api/user/userLogin',
          headers: { 'content-type': 'text/plain' },
          payload: 'x',
        }),
        await app.inject({
          method: 'POST',
          url: '/api/user/userLogin',
          headers: { origin: 'https://evil.example' },
          payload: loginBody,
        }),
      ]) {
        expectApiSecurityHeaders(res.headers);
        expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    });
  });

  describe('cross-site requests', () => {
    it.each([
      ['POST', '/api/user/userLogin'],
      ['POST', '/api/user/userRegister'],
      ['POST', '/api/dog'],
      ['PUT', '/api/dog/1'],
      ['DELETE', '/api/dog/1'],
    ])('%s %s with a foreign Origin gets 403', async (method, url) => {
      const res = await app.inject({
        method: method as 'POST',
        url,
        headers: { origin: 'https://evil.example' },
        payload: {},
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: MESSAGES.foreignOrigin });
    });

    it('403 for Origin: null, a different port or scheme, and Sec-Fetch-Site: cross-site', async () => {
      for (const headers of [
        { origin: 'null' },
        { origin: 'http://localhost:8080' },
        { origin: 'https://localhost:80' },
        { 'sec-fetch-site': 'cross-site' },
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/user/userLogin',
          headers,
          payload: loginBody,
        });
        expect(res.statusCode).toBe(403);
      }
    });

    it('allows the site’s own origin, same-site fetches and clients that send no Origin', async () => {
      for (const headers of [
        { origin: 'http://localhost:80' },
        { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'same-site' },
        {},
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/user/userLogin',
          headers,
          payload: loginBody,
        });
        expect(res.statusCode).toBe(401);
      }
    });

    it('safe requests from anywhere are fine (the API is readable, just not writable)', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/dog',
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('request bodies', () => {
    it('415 for anything but application/json', async () => {
      for (const [type, payload] of [
        ['text/plain', 'email=a'],
        ['application/x-www-form-urlencoded', 'email=a%40b.co&password=x'],
        ['multipart/form-data; boundary=x', '--x--'],
        ['application/xml', '<a/>'],
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/user/userLogin',
          headers: { 'content-type': type! },
          payload,
        });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({ error: MESSAGES.unsupportedMediaType });
      }
    });

    it('415 for a body without a Content-Type', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/userLogin',
        payload: Buffer.from('{"email":"a"}'),
      });
      expect(res.statusCode).toBe(415);
    });

    it('accepts application/json with a charset', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/userLogin',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        payload: JSON.stringify(loginBody),
      });
      expect(res.statusCode).toBe(401);
    });

    it('413 above 64 KiB; exactly 64 KiB is read', async () => {
      const cookie = await login(app, await createUser(t.db));
      const body = (size: number) => {
        const base = JSON.stringify({ ...validDog, personality: '' });
        return base.replace(
          '"personality":""',
          `"personality":"${'p'.repeat(size - Buffer.byteLength(base))}"`,
        );
      };
      const at = await app.inject({
        method: 'POST',
        url: '/api/dog',
        headers: { cookie, 'content-type': 'application/json' },
        payload: body(64 * 1024),
      });
      expect(at.statusCode).toBe(400); // read and validated: personality is too long
      const over = await app.inject({
        method: 'POST',
        url: '/api/dog',
        headers: { cookie, 'content-type': 'application/json' },
        payload: body(64 * 1024 + 1),
      });
      expect(over.statusCode).toBe(413);
      expect(over.json()).toEqual({ error: MESSAGES.bodyTooLarge });
    });

    it('400 for malformed or empty JSON and prototype-poisoning keys', async () => {
      for (const payload of [
        '{"email": ',
        '{email: "a"}',
        '',
        '{"__proto__": {"x": 1}}',
        '{"constructor": {"prototype": {"x": 1}}}',
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/user/userLogin',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: MESSAGES.badJson });
      }
    });

    it('400 for JSON that is not an object, and for a POST with no body at all', async () => {
      for (const payload of ['[]', '"hola"', '3', 'null', 'true']) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/user/userRegister',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'El cuerpo de la petición debe ser un objeto JSON' });
      }
      const empty = await app.inject({ method: 'POST', url: '/api/user/userLogin' });
      expect(empty.statusCode).toBe(400);
    });
  });

  describe('unknown paths', () => {
    it.each([
      ['GET', '/api'],
      ['GET', '/api/'],
      ['GET', '/api/nada'],
      ['GET', '/api/user'],
      ['POST', '/api/dogs'],
      ['PATCH', '/api/dog/1'],
      ['GET', '/api/dog/1/extra'],
      ['GET', '/entrar'],
    ])('%s %s → 404 JSON (no app build here)', async (method, url) => {
      const res = await app.inject({ method: method as 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: MESSAGES.notFound });
    });
  });

  it('400 JSON with security headers for a malformed URL', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/dog/%' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'La dirección de la petición no es válida' });
    expectApiSecurityHeaders(res.headers);
  });

  describe('GET /api/health', () => {
    it('200 {ok:true} when the database answers', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    });
  });

  describe('GET /api/openapi.json', () => {
    it('documents every API route from the zod schemas', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toBe('3.1.0');
      const operations = Object.entries(
        doc.paths as Record<string, Record<string, unknown>>,
      ).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
      expect(operations.sort()).toEqual(
        [
          'POST /api/user/userLogin',
          'GET /api/user/userLogout',
          'POST /api/user/userRegister',
          'GET /api/user/me',
          'PATCH /api/user/me',
          'DELETE /api/user/me',
          'GET /api/user/account',
          'POST /api/user/password',
          'POST /api/user/logout-all',
          'GET /api/user/export',
          'POST /api/user/password-reset',
          'POST /api/user/password-reset/check',
          'POST /api/user/password-reset/confirm',
          'GET /api/dog',
          'GET /api/dog/count',
          'GET /api/dog/{id}',
          'POST /api/dog',
          'PUT /api/dog/{id}',
          'DELETE /api/dog/{id}',
          'GET /api/health',
          'GET /api/site',
          'GET /api/openapi.json',
          'POST /api/photos',
          'POST /api/dog/{id}/report',
          'GET /api/admin/reports',
          'GET /api/admin/dogs/hidden',
          'GET /api/admin/users/blocked',
          'GET /api/admin/audit',
          'POST /api/admin/dog/{id}/hide',
          'POST /api/admin/dog/{id}/restore',
          'POST /api/admin/user/{id}/block',
          'POST /api/admin/user/{id}/unblock',
          'POST /api/admin/report/{id}/dismiss',
          'GET /api/admin/jobs',
          'POST /api/admin/jobs/{id}/retry',
          'GET /api/me/favorites',
          'PUT /api/me/favorites/{dogId}',
          'DELETE /api/me/favorites/{dogId}',
          'POST /api/dog/{id}/interest',
          'GET /api/me/interests',
          'PATCH /api/interest/{id}',
          'GET /api/me/dogs',
          'GET /api/me/adopter-profile',
          'PUT /api/me/adopter-profile',
          'GET /api/dog/{id}/response-time',
          'POST /api/dog/{id}/adoption',
          'POST /api/adoptions/{id}/accept',
          'GET /api/adoptions/{id}',
          'PATCH /api/adoptions/{id}',
          'GET /api/me/adoptions',
          'POST /api/adoptions/{id}/return',
          'POST /api/adoptions/{id}/cancel',
          'POST /api/adoptions/{id}/sterilization',
          'GET /api/checkins/{token}',
          'POST /api/checkins/{token}',
          'POST /api/checkins/{token}/photos',
          'GET /api/happy-endings',
          'GET /api/dog/{id}/today',
          'GET /api/zones',
          'GET /api/me/alerts',
          'POST /api/me/alerts',
          'PATCH /api/me/alerts/{id}',
          'DELETE /api/me/alerts/{id}',
          'GET /api/alerts/unsubscribe/{token}',
          'POST /api/alerts/unsubscribe/{token}',
          'GET /api/lost-found',
          'POST /api/lost-found',
          'GET /api/lost-found/{id}',
          'PATCH /api/lost-found/{id}',
          'GET /api/lost-found/{id}/matches',
          'POST /api/lost-found/{id}/contact',
          'POST /api/lost-found/{id}/report',
          'GET /api/admin/lost-found/reports',
          'POST /api/admin/lost-found/{id}/hide',
          'POST /api/admin/lost-found/{id}/restore',
          'POST /api/orgs',
          'GET /api/orgs',
          'GET /api/orgs/{slug}',
          'GET /api/orgs/{slug}/dogs',
          'PATCH /api/orgs/{id}',
          'GET /api/me/orgs',
          'GET /api/orgs/{id}/members',
          'POST /api/orgs/{id}/members',
          'PATCH /api/orgs/{id}/members/{userId}',
          'DELETE /api/orgs/{id}/members/{userId}',
          'GET /api/org-invitations/{token}',
          'POST /api/org-invitations/{token}/accept',
          'GET /api/admin/orgs',
          'POST /api/admin/orgs/{id}/verify',
          'DELETE /api/admin/orgs/{id}/verify',
        ].sort(),
      );
      // The public reads always carry `user`: the owner's, or an empty one for visitors.
      const listed = doc.paths['/api/dog'].get.responses['200'].content['application/json'].schema;
      const single = doc.paths['/api/dog/{id}'].get.responses['200'].content['application/json'];
      for (const dog of [listed.items, single.schema]) {
        expect(dog.required).toContain('user');
        expect(dog.properties.user.required).toEqual(['name', 'email']);
      }
      const register = doc.paths['/api/user/userRegister'].post;
      expect(
        register.requestBody.content['application/json'].schema.properties.password,
      ).toMatchObject({ minLength: 8, maxLength: 128 });
      expect(Object.keys(register.responses).sort()).toEqual([
        '201',
        '400',
        '403',
        '409',
        '413',
        '415',
        '429',
      ]);
      for (const [path, method] of [
        ['/api/user/userLogin', 'post'],
        ['/api/user/me', 'get'],
      ] as const) {
        const user =
          doc.paths[path][method].responses['200'].content['application/json'].schema.properties
            .user;
        expect(user.required).toContain('logged');
        // @fastify/swagger writes a zod literal as a one-value enum.
        expect(user.properties.logged).toMatchObject({ type: 'boolean', enum: [true] });
      }
      const list = doc.paths['/api/dog'].get;
      expect(list.parameters.map((p: { name: string }) => p.name)).toEqual([
        'q',
        'city',
        'size',
        'sex',
        'age',
        'status',
        'limit',
        'before',
      ]);
      expect(
        doc.paths['/api/dog'].post.requestBody.content['application/json'].schema.properties.name,
      ).toMatchObject({ maxLength: 60 });
      expect(doc.paths['/api/dog/{id}'].put.security).toEqual([{ sessionCookie: [] }]);
      expect(doc.components.securitySchemes.sessionCookie).toEqual({
        type: 'apiKey',
        in: 'cookie',
        name: 'hd_session',
      });
    });
  });

  describe('compression', () => {
    it('compresses large JSON answers for clients that accept it', async () => {
      const cookie = await login(app, await createUser(t.db));
      for (let i = 0; i < 10; i++) await createDog(app, cookie);
      const res = await app.inject({
        method: 'GET',
        url: '/api/dog',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toHaveLength(10);
      const plain = await app.inject({ method: 'GET', url: '/api/dog' });
      expect(plain.headers['content-encoding']).toBeUndefined();
    });

    it('the cached answers (list, one dog) go compressed from the cache (cached-json.ts), same bytes', async () => {
      const cookie = await login(app, await createUser(t.db));
      // A long description: one dog alone is then worth compressing too.
      const personality = 'Juguetona, tranquila con niños y con otros perros. '.repeat(19);
      const dogs = [];
      for (let i = 0; i < 10; i++)
        dogs.push(await createDog(app, cookie, { name: `Ñandú ${i}`, personality }));
      for (const url of ['/api/dog?limit=24', `/api/dog/${dogs[0]!.id}`]) {
        const plain = await app.inject({ method: 'GET', url });
        expect(plain.statusCode).toBe(200);
        expect(plain.rawPayload.length).toBeGreaterThan(1024);
        for (const [accept, encoding, decode] of [
          ['br', 'br', brotliDecompressSync],
          ['gzip, deflate, br', 'br', brotliDecompressSync],
          ['gzip', 'gzip', gunzipSync],
          ['x-gzip', 'gzip', gunzipSync],
          ['br;q=0, gzip', 'gzip', gunzipSync],
        ] as const) {
          const headers = { 'accept-encoding': accept };
          const res = await app.inject({ method: 'GET', url, headers });
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(res.headers['content-encoding']).toBe(encoding);
          expect(res.headers['vary']).toBe('accept-encoding');
          expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
          expect(decode(res.rawPayload).equals(plain.rawPayload)).toBe(true);
          // Made by the cache's compressor (brotli at quality 5), not by @fastify/compress (4).
          expect(res.rawPayload.equals(COMPRESS[encoding](plain.rawPayload) as Buffer)).toBe(true);
          const head = await app.inject({ method: 'HEAD', url, headers });
          expect(head.statusCode).toBe(200);
          expect(head.headers['content-encoding']).toBe(encoding);
          expect(head.headers['content-length']).toBe(res.headers['content-length']);
          expect(head.rawPayload).toHaveLength(0);
        }
        for (const headers of [
          { 'accept-encoding': 'identity' },
          { 'accept-encoding': 'br;q=0, gzip;q=0' },
          { 'accept-encoding': 'deflate' },
          { 'accept-encoding': 'identity;q=1, br;q=0.5' },
          { 'accept-encoding': 'br', 'x-no-compression': '1' },
        ]) {
          const res = await app.inject({ method: 'GET', url, headers });
          expect(res.headers['content-encoding']).toBeUndefined();
          expect(res.rawPayload.equals(plain.rawPayload)).toBe(true);
        }
      }
      // Too small to be worth it: as it is.
      const count = await app.inject({
        method: 'GET',
        url: '/api/dog/count',
        headers: { 'accept-encoding': 'br' },
      });
      expect(count.headers['content-encoding']).toBeUndefined();
      expect(count.json()).toEqual({ count: 10, more: false });
      // A write is seen at once, compressed too.
      await app.inject({ method: 'DELETE', url: `/api/dog/${dogs[9]!.id}`, headers: { cookie } });
      const after = await app.inject({
        method: 'GET',
        url: '/api/dog?limit=24',
        headers: { 'accept-encoding': 'br' },
      });
      expect(JSON.parse(brotliDecompressSync(after.rawPayload).toString())).toHaveLength(9);
    });

    it('a cached page is compressed once for all requests; one that fails to compress goes as it is', async () => {
      const cookie = await login(app, await createUser(t.db));
      for (let i = 0; i < 10; i++) await createDog(app, cookie);
      const br = { 'accept-encoding': 'br' };
      const spy = vi.spyOn(COMPRESS, 'br');
      try {
        const first = await app.inject({ method: 'GET', url: '/api/dog', headers: br });
        const second = await app.inject({ method: 'GET', url: '/api/dog', headers: br });
        expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
        expect(spy).toHaveBeenCalledTimes(1);
        // Another page (a new key) fails to compress: 200 with the plain bytes, not a 500.
        spy.mockImplementationOnce(() => {
          throw new Error('zlib failed');
        });
        const failed = await app.inject({ method: 'GET', url: '/api/dog?limit=23', headers: br });
        const plain = await app.inject({ method: 'GET', url: '/api/dog?limit=23' });
        expect(failed.statusCode).toBe(200);
        expect(failed.headers['content-encoding']).toBeUndefined();
        expect(failed.headers['vary']).toBe('accept-encoding');
        expect(failed.rawPayload.equals(plain.rawPayload)).toBe(true);
        // Not remembered: the next request gets it compressed.
        const retried = await app.inject({ method: 'GET', url: '/api/dog?limit=23', headers: br });
        expect(retried.headers['content-encoding']).toBe('br');
      } finally {
        spy.mockRestore();
      }
    });

    it('the cached routes leave out the plugin’s request decompression (they take no body)', async () => {
      const headers = { 'content-encoding': 'compress' };
      expect((await app.inject({ method: 'GET', url: '/api/dog', headers })).statusCode).toBe(200);
      // Elsewhere the plugin still refuses an encoding it does not know.
      const login = await app.inject({
        method: 'POST',
        url: '/api/user/userLogin',
        headers,
        payload: { email: 'a@example.com', password: 'x' },
      });
      expect(login.statusCode).toBe(415);
    });

    it('other JSON answers are still compressed per request by @fastify/compress', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/openapi.json',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toHaveProperty('paths');
    });
  });
});

describe('failures never leak internals', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await makeApp(brokenDb());
  });
  afterAll(async () => {
    await app.close();
  });

  it('500 with a generic Spanish message, no SQL, no stack', async () => {
    for (const req of [
      { method: 'GET' as const, url: '/api/dog' },
      { method: 'GET' as const, url: '/api/dog/1' },
      {
        method: 'POST' as const,
        url: '/api/user/userLogin',
        payload: { email: 'a@example.com', password: 'x' },
      },
      {
        method: 'GET' as const,
        url: '/api/user/me',
        headers: { cookie: 'hd_session=' + 'a'.repeat(43) },
      },
    ]) {
      const res = await app.inject(req);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: MESSAGES.internal });
      expect(res.body).not.toMatch(/secret|relation|SELECT|stack|at /);
      expectApiSecurityHeaders(res.headers);
    }
  });

  it('health answers 503 when the database does not', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: MESSAGES.unavailable });
  });
});

describe('static app from dist/', () => {
  let dir: string;
  let app: FastifyInstance;
  const bigJs = `console.log(${JSON.stringify('x'.repeat(5000))});`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'happydog-dist-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, 'demo-dogs'));
    writeFileSync(join(dir, 'assets', 'index-AbC123.js'), bigJs);
    writeFileSync(join(dir, 'assets', 'index-AbC123.js.br'), brotliCompressSync(bigJs));
    writeFileSync(join(dir, 'demo-dogs', 'luna.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // A stand-in for the build's server entry: it draws every page as a document naming its URL.
    mkdirSync(ssrDirFor(dir));
    writeFileSync(
      join(ssrDirFor(dir), SERVER_ENTRY_FILE),
      'export async function render({ url }) {' +
        ' return new Response(`<!DOCTYPE html><html lang="es"><title>Happy Dog</title><p>${url}</p>${" ".repeat(2000)}</html>`,' +
        ' { status: 200, headers: { "content-type": "text/html; charset=UTF-8" } }); }',
    );
    writeFileSync(
      join(ssrDirFor(dir), CLIENT_MANIFEST_FILE),
      JSON.stringify({ 'src/entry-client.tsx': { file: 'assets/index-AbC123.js', isEntry: true } }),
    );
    app = await makeApp(brokenDb(), { staticDir: dir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/home',
    '/entrar',
    '/registrarse',
    '/no/existe',
    '/falta.png',
    '/assets',
    '/demo-dogs/',
  ])('every other GET is a page drawn on the server, private and never shared: %s', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache, private');
    expect(res.headers['vary']).toMatch(/cookie/i);
    // Pages are compressed like any other answer.
    expect(res.headers['content-encoding']).toBe('br');
    expectPageSecurityHeaders(res.headers);
  });

  it('hashed assets are immutable for a year and precompressed with brotli', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('other files are served with a short cache, compressed on the fly when big enough', async () => {
    const res = await app.inject({ method: 'GET', url: '/demo-dogs/luna.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('unknown /api paths stay JSON 404s, and non-GET methods do not get the app', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/nada' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: MESSAGES.notFound });
    const post = await app.inject({ method: 'POST', url: '/entrar', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('does not serve files outside dist/', async () => {
    const res = await app.inject({ method: 'GET', url: '/../package.json' });
    expect(res.body).not.toContain('"dependencies"');
  });
});

describe('logs', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('are JSON lines with request ids; failed logins and 403s are logged; secrets are not', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const app = await makeApp(t.db, { logger: { ...(loggerOptions('info') as object), stream } });
    try {
      const user = await createUser(t.db, { password: 'MiClaveSecreta-1' });
      const cookie = await login(app, { email: user.email, password: 'MiClaveSecreta-1' });
      await app.inject({
        method: 'POST',
        url: '/api/user/userLogin',
        payload: { email: user.email, password: 'ClaveEquivocada-9' },
      });
      const dog = await createDog(app, cookie);
      const intruder = await login(app, await createUser(t.db));
      await app.inject({
        method: 'DELETE',
        url: `/api/dog/${dog.id}`,
        headers: { cookie: intruder },
      });
      await app.inject({
        method: 'POST',
        url: '/api/dog',
        headers: { origin: 'https://evil.example', cookie },
        payload: validDog,
      });
    } finally {
      await app.close();
    }
    const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const all = lines.join('\n');
    expect(records.some((r) => r.event === 'login_failed' && r.email)).toBe(true);
    expect(records.some((r) => r.event === 'forbidden_not_owner')).toBe(true);
    expect(records.some((r) => r.event === 'forbidden_origin')).toBe(true);
    const completed = records.filter((r) => r.msg === 'request completed');
    expect(completed.length).toBeGreaterThanOrEqual(6);
    for (const r of completed) expect(r.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(all).not.toContain('MiClaveSecreta-1');
    expect(all).not.toContain('ClaveEquivocada-9');
    expect(all).not.toMatch(/hd_session=[A-Za-z0-9_-]{43}/);
  });

  it.each(['info', 'debug'])(
    'a visitor asking GET /api/user/me is an expected 401, not an error line (level %s)',
    async (level) => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk, _enc, done) {
          lines.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      });
      const app = await makeApp(t.db, { logger: { ...(loggerOptions(level) as object), stream } });
      try {
        const anonymous = await app.inject({ method: 'GET', url: '/api/user/me' });
        expect(anonymous.statusCode).toBe(401);
        const expired = await app.inject({
          method: 'GET',
          url: '/api/user/me',
          headers: { cookie: 'hd_session=' + 'Z'.repeat(43) },
        });
        expect(expired.statusCode).toBe(401);
        // A 401 elsewhere (writing without a session) is still logged like any other request.
        const refused = await app.inject({ method: 'POST', url: '/api/dog', payload: validDog });
        expect(refused.statusCode).toBe(401);
      } finally {
        await app.close();
      }
      const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const urlOf = (r: Record<string, unknown>) => (r.req as { url?: string } | undefined)?.url;
      const forMe = records.filter((r) => urlOf(r) === '/api/user/me');
      if (level === 'info') {
        expect(forMe).toEqual([]);
      } else {
        expect(forMe).toHaveLength(2);
        for (const r of forMe) {
          expect(r).toMatchObject({ level: 20, msg: 'no session', res: { statusCode: 401 } });
          expect(r).not.toHaveProperty('err');
        }
      }
      const forDog = records.filter((r) => urlOf(r) === '/api/dog');
      expect(forDog).toHaveLength(1);
      expect(forDog[0]).toMatchObject({ level: 30, res: { statusCode: 401 } });
    },
  );

  it('a reset link is logged as /recuperar/:token, never with its token, however it is spelled', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const app = await makeApp(t.db, { logger: { ...(loggerOptions('info') as object), stream } });
    const token = 'Tk3n-secreto_abcdefghijklmnopqrstuvwxyz0123';
    try {
      for (const url of [
        `/recuperar/${token}`,
        `/recuper%61r/${token}?utm=correo`,
        `/RECUPERAR/${token}`,
        `http://localhost/recuperar/${token}`,
      ]) {
        await app.inject({ method: 'GET', url });
      }
      // A cross-site POST there is refused and logged too.
      await app.inject({
        method: 'POST',
        url: `/recuperar/${token}`,
        headers: { origin: 'https://evil.example' },
        payload: {},
      });
    } finally {
      await app.close();
    }
    const records = lines.map((l) => JSON.parse(l) as { msg?: string; req?: { url?: string } });
    const completed = records.filter((r) => r.msg === 'request completed');
    expect(completed).toHaveLength(5);
    for (const r of completed) expect(r.req?.url).toBe('/recuperar/:token');
    expect(records.some((r) => (r as { event?: string }).event === 'forbidden_origin')).toBe(true);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('a failed query is logged without its parameters or the detail that repeats them', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await makeApp(t.db, { logger: { ...(loggerOptions('info') as object), stream } });
    try {
      const failed = Object.assign(new Error('duplicate key value violates unique constraint'), {
        code: '23505',
        query: 'INSERT INTO users (name, email) VALUES ($1, $2)',
        params: ['Ana', 'ana.privada@example.com'],
        detail: 'Key (email)=(ana.privada@example.com) already exists.',
      });
      app.log.error({ err: failed }, 'unhandled error');
    } finally {
      await app.close();
    }
    const all = lines.join('\n');
    expect(all).toContain('duplicate key value');
    expect(all).toContain('INSERT INTO users');
    expect(all).not.toContain('ana.privada@example.com');
  });
});
