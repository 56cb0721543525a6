// Walks every route of /api/openapi.json with hostile input: percent-encodings, huge values,
// wrong types, repeated and prototype-named parameters, bad JSON, odd content types, unicode,
// forged and missing sessions. Whatever arrives: never a 5xx, every error is exactly
// {"error": "<Spanish>"} (no English default of Fastify, zod or the JSON parser), no owner's
// e-mail reaches a request without a session, and nothing lands on Object.prototype.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import {
  TestClock,
  createDog,
  createUser,
  insertSession,
  makeApp,
  validDog,
  type TestUser,
} from './helpers/app';

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyProps: string[] | null;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: 'path' | 'query' }[];
        requestBody?: { content: { 'application/json': { schema: { properties?: object } } } };
      }
    >
  >;
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodyProps: op.requestBody
        ? Object.keys(op.requestBody.content['application/json'].schema.properties ?? {})
        : null,
    })),
  );
}

// ---- values -------------------------------------------------------------------------------

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

const numberLike = fc.constantFrom(
  '0',
  '-1',
  '-0',
  '1.5',
  '1e3',
  '1e309',
  '-1e309',
  '1e-400',
  '9'.repeat(400),
  '18446744073709551617',
  '9007199254740993',
  '0x10',
  '+1',
  ' 1',
  '1 ',
  'NaN',
  'Infinity',
  '１２',
  '١٢',
);
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  numberLike,
  fc.constantFrom(...PROTO_KEYS),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    '\u202E',
    '\uFEFF',
    '🐶'.repeat(50),
    '$`',
    "$'",
    '$&',
    '</script>',
    "' OR 1=1 --",
    '%00',
    '%',
    '%zz',
    '../../etc/passwd',
    'javascript:alert(1)',
  ),
  fc.nat({ max: 5000 }).map((n) => 'a'.repeat(n)),
);

/** Percent-encodes the UTF-8 bytes of `text`: unreserved ASCII kept or not, hex in either case. */
const percentEncoded = (text: string) =>
  fc.tuple(fc.boolean(), fc.boolean()).map(([keepPlain, upper]) =>
    [...Buffer.from(text, 'utf8')]
      .map((b) => {
        const c = String.fromCharCode(b);
        if (keepPlain && /[A-Za-z0-9\-._~]/.test(c)) return c;
        const hex = b.toString(16).padStart(2, '0');
        return `%${upper ? hex.toUpperCase() : hex}`;
      })
      .join(''),
  );
/** `text` with printable ASCII as is (`/`, `?`, `#`, `%` included) and the rest encoded. */
const printable = (text: string) =>
  [...text]
    .map((c) =>
      /^[\x21-\x7e]$/.test(c)
        ? c
        : [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''),
    )
    .join('');
/** A hostile value as it may appear in a URL: encoded one way or another, or printable as is. */
const urlText = (value: fc.Arbitrary<string>) =>
  value.chain((text) => fc.oneof(percentEncoded(text), fc.constant(printable(text))));

/** JSON texts of hostile values, including number literals JSON.stringify would never write. */
const jsonValueText: fc.Arbitrary<string> = fc.oneof(
  hostileText.map((s) => JSON.stringify(s)),
  numberLike.filter((n) => /^-?\d+(\.\d+)?(e-?\d+)?$/.test(n)),
  fc.constantFrom(
    'null',
    'true',
    'false',
    '[]',
    '{}',
    '[[[[[]]]]]',
    '{"__proto__":{"polluted":1}}',
  ),
  fc.double().map((d) => JSON.stringify(d)),
  fc.array(hostileText, { maxLength: 3 }).map((a) => JSON.stringify(a)),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }).map((d) => JSON.stringify(d)),
);

function objectText(entries: [string, string][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

const badJson = fc.constantFrom(
  '',
  '{',
  '{"a":}',
  '{"a":1}{',
  "{'a':1}",
  '{"a":1,}',
  '[]',
  'null',
  '1',
  '"texto"',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
  `{"name":"${'x'.repeat(70 * 1024)}"}`,
  '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
);

/** A body for `op`: its valid example with some fields made hostile, or anything at all. */
function bodyFor(op: Operation, example: Record<string, unknown>) {
  const props = op.bodyProps ?? [];
  const keys = fc.constantFrom(...props, ...PROTO_KEYS, 'id', 'hostage_id', 'user', 'role');
  const mutated = fc.array(fc.tuple(keys, jsonValueText), { maxLength: 4 }).map((changes) => {
    const entries = new Map(
      Object.entries(example).map(([k, v]) => [k, JSON.stringify(v)] as [string, string]),
    );
    for (const [k, v] of changes) entries.set(k, v);
    return objectText([...entries]);
  });
  return fc.oneof(
    { weight: 4, arbitrary: mutated },
    { weight: 1, arbitrary: jsonValueText },
    { weight: 1, arbitrary: badJson },
  );
}

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-16',
      'application/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      '',
    ),
  },
);

/** Headers a browser, a proxy or an attacker may add. */
const extraHeaders = fc.record(
  {
    'accept-encoding': fc.constantFrom('br', 'gzip, deflate', 'br;q=abc', '*', 'identity;q=0', 'x'),
    origin: fc.constantFrom('null', 'https://evil.example', 'http://localhost:80', '%', ''),
    'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'none', 'SAME-ORIGIN'),
    host: fc.constantFrom('localhost', 'évil.example', '[::1]:99999', 'a b', ''),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1, ::2'),
    'x-forwarded-proto': fc.constantFrom('https', 'gopher'),
  },
  { requiredKeys: [] },
);

// ---- the test -----------------------------------------------------------------------------

/** English defaults that must never reach a client (Fastify, zod, JSON.parse, HTTP reasons). */
const ENGLISH =
  /\b(the|is|are|must|should|expected|received|invalid|required|unexpected|not found|bad request|unauthorized|forbidden|too many|too large|too long|payload|unsupported|body|querystring|params|string|number|object|array|undefined|token|position|route|method)\b/i;
/** Every Spanish message of the API has at least one of these. */
const SPANISH =
  /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|no|es|un|una|debe|puede|en|por|con|demasiad[oa]s?)\b/i;

function checkAnswer(
  res: LightMyRequestResponse,
  method: string,
  anonymous: boolean,
  emails: string[],
) {
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (res.statusCode >= 400 && method !== 'HEAD') {
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['error']);
    const message = body.error;
    expect(typeof message).toBe('string');
    expect(message as string).toMatch(SPANISH);
    expect(message as string).not.toMatch(ENGLISH);
  }
  if (anonymous) {
    const text = decoded(res).toLowerCase();
    for (const email of emails) expect(text).not.toContain(email);
  }
}

/** The body as the client reads it (the headers above may ask for it compressed). */
function decoded(res: LightMyRequestResponse): string {
  // A HEAD answer keeps the headers of its GET, with no body to decode.
  if (res.rawPayload.length === 0) return '';
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  expect(encoding ?? 'identity').toBe('identity');
  return res.body;
}

describe.each(BACKENDS)('hostile input on every OpenAPI route, on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const clock = new TestClock();
  let owner: TestUser;
  let other: TestUser;
  let ownDogId: number;
  let foreignDogId: number;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
    app = await makeApp(t.db, { clock });
    owner = await createUser(t.db, { email: 'fuzz-owner@example.com' });
    other = await createUser(t.db, { email: 'fuzz-other@example.com' });
    ownDogId = (await createDog(app, await insertSession(t.db, owner.id, clock.now()))).id;
    foreignDogId = (await createDog(app, await insertSession(t.db, other.id, clock.now()))).id;
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('never a 5xx, every error {error} in Spanish, no e-mail without a session', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operations = operationsOf(doc as OpenApiDocument);
    expect(operations.length).toBeGreaterThanOrEqual(9);
    const emails = [owner.email, other.email];
    const examples: Record<string, Record<string, unknown>> = {
      '/api/user/userLogin': { email: owner.email, password: 'no-es-la-clave' },
      '/api/user/userRegister': {
        name: 'Fuzz',
        email: 'fuzz-new@example.com',
        password: 'secreto-123',
        passwordValidate: 'secreto-123',
        consent: true,
      },
      '/api/dog': validDog,
      '/api/dog/{id}': validDog,
    };

    const segment = fc.oneof(
      fc.constantFrom(String(ownDogId), String(foreignDogId), '999999'),
      urlText(hostileText),
      urlText(fc.constant(String(ownDogId))),
    );
    const queryPair = (declared: string[]) =>
      fc.tuple(
        fc.oneof(fc.constantFrom(...declared, ...PROTO_KEYS, 'x'), urlText(hostileText)),
        fc.constantFrom('=', '[]=', '[a]=', '[__proto__]=', ''),
        fc.oneof(urlText(hostileText), fc.constantFrom('1', '24', '100', '101')),
      );
    const query = (declared: string[]) =>
      fc.oneof(
        fc.constant(''),
        fc
          .array(queryPair(declared), { maxLength: 6 })
          .map((pairs) => `?${pairs.map(([k, sep, v]) => (sep ? `${k}${sep}${v}` : k)).join('&')}`),
        fc.constantFrom(...declared).map((k) => `?${k}=1&${k}=2&${k}=3`),
        fc.constantFrom('?', '?&&', '?=', '?%', '?a=%zz', '#x', '?a=1#b'),
      );
    const cookie = fc.oneof(
      fc.constant({ kind: 'none' as const }),
      fc.constant({ kind: 'session' as const }),
      fc
        .constantFrom(
          'hd_session=' + 'A'.repeat(43),
          'hd_session=%00',
          'hd_session=' + 'x'.repeat(5000),
          'hd_session=; hd_session=' + 'B'.repeat(43),
          '__proto__=1; constructor=2',
          'hd_session',
        )
        .map((value) => ({ kind: 'forged' as const, value })),
    );

    const request = fc.constantFrom(...operations).chain((op) =>
      fc.record({
        op: fc.constant(op),
        method: fc.oneof(
          { weight: 9, arbitrary: fc.constant(op.method) },
          { weight: 1, arbitrary: fc.constantFrom('PATCH', 'OPTIONS', 'HEAD', 'DELETE', 'PUT') },
        ),
        params: fc.array(segment, {
          minLength: op.pathParams.length,
          maxLength: op.pathParams.length,
        }),
        query: query(op.queryParams.length ? op.queryParams : ['x']),
        body: op.bodyProps
          ? bodyFor(op, examples[op.path] ?? {})
          : fc.option(jsonValueText, { nil: undefined }),
        contentType,
        cookie,
        extra: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, extraHeaders),
      }),
    );

    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        let i = 0;
        const path = r.op.path.replace(/\{\w+\}/g, () => r.params[i++]!);
        const headers: Record<string, string> = { ...r.extra };
        if (r.body !== undefined && r.contentType) headers['content-type'] = r.contentType;
        if (r.cookie.kind === 'session') {
          headers.cookie = await insertSession(t.db, owner.id, clock.now());
        } else if (r.cookie.kind === 'forged') {
          headers.cookie = r.cookie.value;
        }
        const res = await app.inject({
          method: r.method as 'GET',
          url: path + r.query,
          headers,
          ...(r.body === undefined ? {} : { payload: r.body }),
        });
        checkAnswer(res, r.method, r.cookie.kind !== 'session', emails);
      }),
      { numRuns: 600 },
    );
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
