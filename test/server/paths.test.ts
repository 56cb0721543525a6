// One path for the router and for every check. Percent-encoded spellings of an API path get the
// very answer of the canonical one (status, security headers, Cache-Control, body), and neither
// the cross-site check nor `Cache-Control: no-store` can be dodged by spelling a path differently.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRequestTarget } from '../../src/server/http/security';
import { MESSAGES } from '../../src/shared/api';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import {
  HOUR,
  TestClock,
  createDog,
  createUser,
  insertSession,
  makeApp,
  validDog,
  type TestUser,
} from './helpers/app';

// The router's own decoding (Fastify's router, find-my-way), to hold ours to it.
const require = createRequire(import.meta.url);
const { safeDecodeURI } = require('find-my-way/lib/url-sanitizer.js') as {
  safeDecodeURI(path: string, useSemicolonDelimiter: boolean): { path: string };
};
const routerPath = (target: string) => safeDecodeURI(target, false).path;

const CROSS_SITE = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };

/** Encodes each character of `path` but `/` as chosen: 0 as is, 1 upper-case hex, 2 lower-case. */
function encodePath(path: string, choices: number[]): string {
  return [...path]
    .map((c, i) => {
      if (c === '/' || !choices[i]) return c;
      const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
      return `%${choices[i] === 1 ? hex.toUpperCase() : hex.toLowerCase()}`;
    })
    .join('');
}

/**
 * Random spellings of `path` with at least one character percent-encoded. `/` is never encoded:
 * `%2F` is data inside a segment, not a separator, for the router as for RFC 3986.
 */
const encodingsOf = (path: string) =>
  fc
    .array(fc.constantFrom(0, 1, 2), { minLength: path.length, maxLength: path.length })
    .filter((choices) => [...path].some((c, i) => c !== '/' && choices[i] !== 0))
    .map((choices) => encodePath(path, choices));

describe('canonicalRequestTarget', () => {
  const pathChar = fc.oneof(
    fc.constantFrom('/', 'a', 'p', 'i', '.', '-', '~', '?', '#', '%', 'ñ', ' '),
    fc.constantFrom('%25', '%2F', '%2f', '%3F', '%23', '%41', '%61', '%C3%B1', '%c3', '%zz', '%0'),
  );
  const target = fc.array(pathChar, { maxLength: 24 }).map((parts) => `/${parts.join('')}`);

  it('decodes the path exactly as the router does, and a second pass changes nothing', () => {
    fc.assert(
      fc.property(target, (url) => {
        let routed: string | undefined;
        try {
          routed = routerPath(url);
        } catch {
          routed = undefined; // the router refuses it (400): we leave it for the router to refuse
        }
        const canonical = canonicalRequestTarget(url);
        if (routed === undefined) {
          expect(canonical).toBe(url);
          return;
        }
        // The query string (from the first ? or # after the leading slash) is left as it came.
        const cut = url.slice(1).search(/[?#]/);
        const query = cut === -1 ? '' : url.slice(cut + 1);
        expect(canonical).toBe(routed + query);
        expect(routerPath(canonical)).toBe(routed);
        expect(canonicalRequestTarget(canonical)).toBe(canonical);
      }),
      { numRuns: 2000 },
    );
  });

  it('reduces absolute-form targets to their path and keeps what it cannot read', () => {
    expect(canonicalRequestTarget('http://evil.example/%61pi/dog?limit=1')).toBe(
      '/api/dog?limit=1',
    );
    expect(canonicalRequestTarget('HTTPS://h')).toBe('/');
    expect(canonicalRequestTarget('http://h?x')).toBe('/?x');
    expect(canonicalRequestTarget('*')).toBe('*');
    expect(canonicalRequestTarget('/a%zz')).toBe('/a%zz');
    expect(canonicalRequestTarget('/%2561pi')).toBe('/%2561pi');
    expect(canonicalRequestTarget('/api%2Fdog')).toBe('/api%2Fdog');
    expect(canonicalRequestTarget('/%61pi?%61=%62')).toBe('/api?%61=%62');
  });
});

describe.each(BACKENDS)('percent-encoded paths on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const clock = new TestClock();
  let owner: TestUser;
  let ownDogId: number;
  let foreignDogId: number;

  /** A live session of `owner`, made directly so that logouts and logins never run short of them. */
  const freshSession = () => insertSession(t.db, owner.id, clock.now());

  beforeAll(async () => {
    t = await openTestDatabase(backend);
    app = await makeApp(t.db, { clock });
    owner = await createUser(t.db, { email: 'paths-owner@example.com', password: 'secreto-123' });
    const other = await createUser(t.db, { email: 'paths-other@example.com' });
    ownDogId = (await createDog(app, await freshSession())).id;
    foreignDogId = (await createDog(app, await insertSession(t.db, other.id, clock.now()))).id;
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const isMe = async (cookie: string) =>
    (await app.inject({ method: 'GET', url: '/api/user/me', headers: { cookie } })).statusCode;

  describe('the audit’s reproductions', () => {
    it.each([
      '/api/user/%75serLogout',
      '/%61pi/user/userLogout',
      '/api/user/userLogou%74',
      '/%61%70%69/%75%73%65%72/%75%73%65%72%4c%6f%67%6f%75%74',
    ])('cross-site GET %s is refused and the session lives on', async (url) => {
      const cookie = await freshSession();
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url, headers: { cookie, ...CROSS_SITE } });
        expect(res.statusCode).toBe(403);
        if (method === 'GET') expect(res.json()).toEqual({ error: MESSAGES.foreignOrigin });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect(await isMe(cookie)).toBe(200);
    });

    it('cross-site HEAD of the plain logout is refused too (HEAD runs the GET handler)', async () => {
      const cookie = await freshSession();
      const res = await app.inject({
        method: 'HEAD',
        url: '/api/user/userLogout',
        headers: { cookie, ...CROSS_SITE },
      });
      expect(res.statusCode).toBe(403);
      expect(await isMe(cookie)).toBe(200);
    });

    it.each(['/%61pi/dog', '/api/%64og', '/api/dog/%31', '/%61pi/user/me'])(
      '%s with a session is no-store',
      async (url) => {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { cookie: await freshSession() },
        });
        expect(res.statusCode).toBeLessThan(500);
        expect(res.headers['cache-control']).toBe('no-store');
      },
    );

    it.each(['/api/dog/%', '/%61pi/dog/%zz', '/%61pi/user/%C3'])(
      'an undecodable path %s is a JSON 400 that is never cached',
      async (url) => {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { cookie: await freshSession() },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'La dirección de la petición no es válida' });
        expect(res.headers['cache-control']).toBe('no-store');
      },
    );

    it('a percent-encoded unknown API path is a JSON 404, never the app', async () => {
      const res = await app.inject({ method: 'GET', url: '/%61pi/nada' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MESSAGES.notFound });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('an absolute-form target is the same request as its path', async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const cookie = await freshSession();
      const send = (path: string, headers: Record<string, string>) =>
        new Promise<{ status: number; cacheControl: string | undefined }>((resolve, reject) => {
          const req = httpRequest(
            { host: '127.0.0.1', port, path, headers, agent: false },
            (res) => {
              res.resume();
              res.on('end', () =>
                resolve({
                  status: res.statusCode ?? 0,
                  cacheControl: res.headers['cache-control'],
                }),
              );
            },
          );
          req.on('error', reject);
          req.end();
        });
      const logout = await send(`http://127.0.0.1:${port}/api/user/%75serLogout`, {
        cookie,
        ...CROSS_SITE,
      });
      expect(logout.status).toBe(403);
      expect(await isMe(cookie)).toBe(200);
      const list = await send(`http://127.0.0.1:${port}/%61pi/dog`, { cookie });
      expect(list).toEqual({ status: 200, cacheControl: 'no-store' });
    });
  });

  /** What must not depend on the spelling: everything but ids, dates, lengths and tokens. */
  function comparable(res: LightMyRequestResponse, method: string, path: string) {
    const {
      date: _date,
      'x-request-id': _id,
      'content-length': _length,
      'set-cookie': setCookie,
      ...headers
    } = res.headers;
    const cookies = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((c) =>
      c.replace(/^hd_session=[^;]+/, 'hd_session=<token>'),
    );
    // Every answer has its own script nonce.
    headers['content-security-policy'] = String(headers['content-security-policy']).replace(
      /'nonce-[^']+'/,
      "'nonce-…'",
    );
    return {
      status: res.statusCode,
      headers,
      cookies,
      // Reads change nothing between the two requests, so their bodies must match too; but the
      // personal data export lists the account's sessions, and each request opened a new one.
      body:
        method !== 'get'
          ? undefined
          : path === '/api/user/export' && res.statusCode === 200
            ? { ...res.json(), sessions: undefined }
            : res.body,
    };
  }

  it('every API route answers an encoded path exactly as its canonical path', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ method, path })),
    );
    expect(routes.length).toBeGreaterThanOrEqual(9);
    let registered = 0;
    const bodyFor = (method: string, path: string): unknown => {
      switch (`${method} ${path}`) {
        case 'post /api/user/userLogin':
          return { email: owner.email, password: owner.password };
        case 'post /api/user/userRegister':
          registered += 1;
          return {
            name: 'Nueva',
            email: `paths-${registered}-${Date.now()}@example.com`,
            password: 'secreto-123',
            passwordValidate: 'secreto-123',
            consent: true,
          };
        case 'post /api/dog':
        case 'put /api/dog/{id}':
          return validDog;
        default:
          return {};
      }
    };
    const concrete = (method: string, path: string) =>
      // Deleting someone else's dog is refused every time, so both spellings meet the same state.
      path.replace(/\{\w+\}/g, String(method === 'delete' ? foreignDogId : ownDogId));

    const route = fc
      .constantFrom(...routes)
      .chain((r) => encodingsOf(concrete(r.method, r.path)).map((encoded) => ({ ...r, encoded })));
    await fc.assert(
      fc.asyncProperty(route, fc.boolean(), fc.boolean(), async (r, withSession, crossSite) => {
        // Rate-limit windows of the previous run are over: both spellings meet the same limits.
        clock.advance(2 * HOUR);
        const url = concrete(r.method, r.path);
        const changesState = r.method !== 'get' || r.path === '/api/user/userLogout';
        const send = async (target: string) => {
          const cookie = withSession ? await freshSession() : undefined;
          const body =
            r.method === 'post' || r.method === 'put' ? bodyFor(r.method, r.path) : undefined;
          const res = await app.inject({
            method: r.method.toUpperCase() as 'GET',
            url: target,
            headers: { ...(cookie ? { cookie } : {}), ...(crossSite ? CROSS_SITE : {}) },
            ...(body === undefined ? {} : { payload: body as object }),
          });
          if (crossSite && changesState && cookie) expect(await isMe(cookie)).toBe(200);
          return res;
        };
        const canonical = await send(url);
        const encoded = await send(r.encoded);
        expect(canonical.statusCode).toBeLessThan(500);
        expect(comparable(encoded, r.method, r.path)).toEqual(
          comparable(canonical, r.method, r.path),
        );
        // The list of zones is the same for everyone and changes with a deploy only.
        const cacheControl = r.path === '/api/zones' ? 'public, max-age=86400' : 'no-store';
        expect(canonical.headers['cache-control']).toBe(cacheControl);
        expect(encoded.headers['cache-control']).toBe(cacheControl);
        if (crossSite && changesState) expect(encoded.statusCode).toBe(403);
      }),
      { numRuns: 120 },
    );
  });
});
