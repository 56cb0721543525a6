// Property-based: arbitrary JSON bodies, query strings and ids against every endpoint.
// Whatever arrives, the server never answers 5xx and every error body is exactly {error: string}.
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userResponseSchema } from '../../src/shared/user';
import { dogListResponseSchema, dogResponseSchema, dogSchema } from '../../src/shared/dog';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { createDog, createUser, login, makeApp, testConfig } from './helpers/app';

function expectWellFormed(res: LightMyRequestResponse) {
  expect(res.statusCode).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = res.json();
    expect(Object.keys(body)).toEqual(['error']);
    expect(typeof body.error).toBe('string');
    expect(body.error.length).toBeGreaterThan(0);
  }
}

// Values that hit the interesting paths: right keys with wrong types, huge, empty, unicode, NUL…
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ maxLength: 3000 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a@b.co',
    'https://x.co/a.png',
    'javascript:alert(1)',
    '__proto__',
    '1e309',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);
const fieldsOf = (keys: string[]) =>
  fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string()), nasty, {
    maxKeys: keys.length + 2,
  });
const anyJson = fc.oneof(fc.jsonValue(), fieldsOf(['a']));

const email = fc.oneof(fc.emailAddress(), fc.constantFrom('prop@example.com', 'PROP@example.com'));
const registerBody = fc.oneof(
  fieldsOf(['name', 'email', 'password', 'passwordValidate']),
  fc
    .record({
      name: fc.string({ minLength: 0, maxLength: 90 }),
      email,
      password: fc.string({ minLength: 6, maxLength: 130 }),
    })
    .map((r) => ({ ...r, passwordValidate: r.password, consent: true })),
);
const loginBody = fc.oneof(
  fieldsOf(['email', 'password']),
  fc.record({ email, password: fc.string({ maxLength: 140 }) }),
);
const dogBody = fc.oneof(
  fieldsOf([
    'name',
    'city',
    'height',
    'weight',
    'life_span',
    'personality',
    'image',
    'hostage_id',
    'id',
  ]),
  fc.record(
    {
      name: fc.string({ maxLength: 70 }),
      city: fc.string({ maxLength: 70 }),
      height: fc.string({ maxLength: 45 }),
      weight: fc.string({ maxLength: 45 }),
      life_span: fc.string({ maxLength: 45 }),
      personality: fc.string({ maxLength: 1100 }),
      image: fc.oneof(fc.webUrl(), fc.string()),
      hostage_id: fc.anything(),
    },
    { requiredKeys: [] },
  ),
);
const idSegment = fc.oneof(
  fc.nat({ max: 50 }).map(String),
  fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  fc.constantFrom('-1', '0', '1.5', '%00', '%', 'null', '1e3', '０１'),
);
const queryString = fc.oneof(
  fc
    .dictionary(
      fc.constantFrom('limit', 'before', 'x'),
      fc.oneof(fc.string(), fc.integer().map(String)),
      { maxKeys: 3 },
    )
    .map((d) => new URLSearchParams(d).toString()),
  fc
    .array(fc.tuple(fc.constantFrom('limit', 'before', '__proto__', 'constructor'), fc.string()), {
      maxLength: 4,
    })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')),
  fc.constantFrom('limit=%zz', 'limit', '&&&', 'before[]=1', 'limit=1&limit=2', '%', 'limit=%00'),
);

describe.each(BACKENDS)('property-based robustness on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let cookie: string;
  let foreignDogId: number;
  let ownDogId: number;
  let ownerId: number;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
    // Generous limits: this file is about input handling, not throttling.
    app = await makeApp(t.db, {
      config: testConfig({
        loginPerIp: 0,
        loginPerEmail: 0,
        loginPerEmailGlobal: 0,
        loginAttemptsPerIp: 0,
        loginPerAccount: 0,
        registerPerIp: 0,
        dogWritePerUser: 0,
        dogWritePerIp: 0,
      }),
    });
    const me = await createUser(t.db, { email: 'prop-owner@example.com' });
    const other = await createUser(t.db);
    ownerId = me.id;
    cookie = await login(app, me);
    ownDogId = (await createDog(app, cookie)).id;
    foreignDogId = (await createDog(app, await login(app, other))).id;
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const json = (
    method: 'POST' | 'PUT',
    url: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });

  it('POST /api/user/userLogin', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(loginBody, anyJson), async (body) => {
        const res = await json('POST', '/api/user/userLogin', body);
        expectWellFormed(res);
        if (res.statusCode === 200) userResponseSchema.parse(res.json());
      }),
      { numRuns: 60 },
    );
  });

  it('POST /api/user/userRegister', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(registerBody, anyJson), async (body) => {
        const res = await json('POST', '/api/user/userRegister', body);
        expectWellFormed(res);
        if (res.statusCode < 300) expect([res.statusCode, res.json()]).toEqual([201, true]);
      }),
      { numRuns: 60 },
    );
  });

  it('POST /api/dog (logged in and anonymous)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(dogBody, anyJson), fc.boolean(), async (body, loggedIn) => {
        const res = await json('POST', '/api/dog', body, loggedIn ? { cookie } : {});
        expectWellFormed(res);
        if (!loggedIn) expect(res.statusCode).toBe(401);
        if (res.statusCode === 201) {
          // hostage_id is the session's user, whatever the body said.
          expect(dogResponseSchema.parse(res.json()).dog.hostage_id).toBe(ownerId);
        }
      }),
      { numRuns: 70 },
    );
  });

  it('PUT /api/dog/:id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(dogBody, anyJson),
        fc.oneof(idSegment, fc.constant(String(ownDogId)), fc.constant(String(foreignDogId))),
        async (body, id) => {
          const res = await json('PUT', `/api/dog/${id}`, body, { cookie });
          expectWellFormed(res);
          if (id === String(foreignDogId)) expect([400, 403]).toContain(res.statusCode);
          if (res.statusCode === 200) dogResponseSchema.parse(res.json());
        },
      ),
      { numRuns: 50 },
    );
  });

  it('GET /api/dog?<anything>', async () => {
    await fc.assert(
      fc.asyncProperty(queryString, fc.boolean(), async (qs, loggedIn) => {
        const res = await app.inject({
          method: 'GET',
          url: `/api/dog?${qs}`,
          headers: loggedIn ? { cookie } : {},
        });
        expectWellFormed(res);
        if (res.statusCode === 200) {
          const dogs = dogListResponseSchema.parse(res.json());
          for (const dog of dogs) {
            if (loggedIn) expect(dog.user?.email).not.toBe('');
            else expect(dog.user).toStrictEqual({ name: '', email: '' });
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('GET and DELETE /api/dog/:id with any id', async () => {
    await fc.assert(
      fc.asyncProperty(idSegment, fc.constantFrom('GET', 'DELETE'), async (id, method) => {
        const res = await app.inject({
          method: method as 'GET',
          url: `/api/dog/${id}`,
          headers: { cookie },
        });
        expectWellFormed(res);
        if (method === 'GET' && res.statusCode === 200) dogSchema.parse(res.json());
      }),
      { numRuns: 40 },
    );
  });

  it('raw bytes with a JSON content type, to any endpoint', async () => {
    const routes = [
      ['POST', '/api/user/userLogin'],
      ['POST', '/api/user/userRegister'],
      ['POST', '/api/dog'],
      ['PUT', `/api/dog/${ownDogId}`],
      ['DELETE', `/api/dog/${foreignDogId}`],
      ['GET', '/api/user/userLogout'],
      ['GET', '/api/user/me'],
      ['GET', '/api/health'],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          fc.string(),
          fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
        ),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/octet-stream',
          'application/json; charset=latin1',
        ),
        async ([method, url], payload, type) => {
          const res = await app.inject({ method, url, headers: { 'content-type': type }, payload });
          expectWellFormed(res);
        },
      ),
      { numRuns: 40 },
    );
  });
});
