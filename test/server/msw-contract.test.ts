// The web tests' MSW handlers against the real API: every fixture request (test/support/msw/
// fixtures.ts) goes to the handlers and, through app.inject, to the app. Both must answer it with
// a route the app has, with the same class of status, and with bodies that the zod schema the
// app's route declares for that status accepts (without fields it would never send). Every
// handler (the defaults and the admins' complaint handlers) must be reached by some request.
import type { FastifyInstance } from 'fastify';
import { getResponse, type HttpHandler } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { RouteSpec } from '../../src/server/http/route';
import { errors, type ResponseSpec } from '../../src/server/http/responses';
import {
  accountOf,
  FIXTURE_FLAG_GROUPS,
  FIXTURE_REQUESTS,
  FIXTURE_USERS,
  fixtureMockUsers,
  type FixtureIds,
  type FixtureRequest,
  type FixtureUser,
} from '../support/msw/fixtures';
import { createHandlers, lostFoundFlagHandlers } from '../support/msw/handlers';
import { MockDb } from '../support/msw/mock-db';
import { makePhoto } from '../support/photos';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { createUser, insertSession, makeApp, testConfig, TestClock } from './helpers/app';

type AnySpec = RouteSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>;

// Every route the app declares, as its resources declare it (with the response schemas).
const declared = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../../src/server/http/route', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/server/http/route')>();
  return {
    ...actual,
    createRouter(app: FastifyInstance) {
      const router = actual.createRouter(app);
      return {
        route(spec: { method: string; url: string }, handler: never) {
          declared.set(`${spec.method} ${spec.url}`, spec);
          router.route(spec as never, handler);
        },
      };
    },
  };
});

/** The declared route that answers `method path`: static segments win over parameters. */
function routeFor(method: string, path: string): AnySpec | undefined {
  const segments = path.split('?')[0]!.split('/');
  let best: { spec: AnySpec; params: number } | undefined;
  for (const [key, spec] of declared) {
    const [m, url] = key.split(' ') as [string, string];
    const pattern = url.split('/');
    if (m !== method || pattern.length !== segments.length) continue;
    if (!pattern.every((p, i) => p.startsWith(':') || p === segments[i])) continue;
    const params = pattern.filter((p) => p.startsWith(':')).length;
    if (!best || params < best.params) best = { spec: spec as AnySpec, params };
  }
  return best?.spec;
}

/** What the route may answer: its own responses plus those the router adds (as route.ts). */
function responsesOf(spec: AnySpec): Record<number, ResponseSpec> {
  return {
    ...spec.responses,
    ...(spec.auth === 'admin' && errors(401, 403)),
    ...(spec.rateLimit && errors(429)),
  };
}

/** Paths of every value in `value` ("a.b.0.c"), to find fields a schema would drop. */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, `${prefix}${i}.`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leafPaths(v, `${prefix}${k}.`));
  return [prefix.slice(0, -1)];
}

interface Answer {
  status: number;
  /** The parsed JSON body, or undefined when there is none. */
  body: unknown;
  raw: string;
}

/** What is wrong with `answer` as the answer of `spec`'s route, or nothing. */
function disagreement(spec: AnySpec, answer: Answer): string | undefined {
  const response = responsesOf(spec)[answer.status];
  if (!response) return `answered ${answer.status}, a status the route does not declare`;
  if (!response.schema) {
    return answer.raw === '' ? undefined : `answered ${answer.status} with a body: ${answer.raw}`;
  }
  const parsed = response.schema.safeParse(answer.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `body does not match the route's ${answer.status} schema at "${issue.path.join('.')}": ${issue.message}`;
  }
  const kept = new Set(leafPaths(JSON.parse(JSON.stringify(parsed.data))));
  const extra = leafPaths(answer.body).filter((p) => !kept.has(p));
  if (extra.length > 0) return `body has fields the route never sends: ${extra.join(', ')}`;
  return undefined;
}

interface Side {
  ids: FixtureIds;
  send(request: FixtureRequest, body: RequestBody): Promise<Answer>;
}

interface RequestBody {
  payload?: Buffer;
  contentType?: string;
}

function answerOf(status: number, raw: string): Answer {
  return { status, raw, body: raw === '' ? undefined : JSON.parse(raw) };
}

const pathOf = (request: FixtureRequest, ids: FixtureIds) =>
  typeof request.path === 'function' ? request.path(ids) : request.path;

/** The multipart body of one photo, as the web app's uploader sends it. */
function multipartPhoto(bytes: Buffer): RequestBody {
  const boundary = '----happydog-contract-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="perro.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function bodyOf(request: FixtureRequest, ids: FixtureIds, jpeg: Buffer): RequestBody {
  if (request.file) return multipartPhoto(jpeg);
  if (request.json === undefined) return {};
  const json = typeof request.json === 'function' ? request.json(ids) : request.json;
  return { payload: Buffer.from(JSON.stringify(json)), contentType: 'application/json' };
}

function mockSide(handlers: HttpHandler[], db: MockDb): Side {
  const ids: FixtureIds = {};
  return {
    ids,
    async send(request, { payload, contentType }) {
      const email = request.as && accountOf(request.as).email;
      db.sessionUserId = db.users.find((u) => u.email === email)?.id ?? null;
      const response = await getResponse(
        handlers,
        new Request(`http://localhost${pathOf(request, ids)}`, {
          method: request.method,
          headers: contentType ? { 'content-type': contentType } : {},
          body: payload ? new Uint8Array(payload) : undefined,
        }),
        // The handlers' paths are relative, as the app's own requests: resolve them here.
        { baseUrl: 'http://localhost' },
      );
      if (!response) throw new Error(`no MSW handler answers ${request.method} ${request.path}`);
      return answerOf(response.status, await response.text());
    },
  };
}

function realSide(app: FastifyInstance, t: TestDatabase, clock: TestClock): Side {
  const ids: FixtureIds = {};
  const cookieOf = async (user: FixtureUser) => {
    const [row] = await t.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
      accountOf(user).email,
    ]);
    return row ? insertSession(t.db, row.id, clock.now()) : undefined;
  };
  return {
    ids,
    async send(request, { payload, contentType }) {
      const cookie = request.as && (await cookieOf(request.as));
      const res = await app.inject({
        method: request.method,
        url: pathOf(request, ids),
        headers: {
          ...(cookie && { cookie }),
          ...(contentType && { 'content-type': contentType }),
        },
        ...(payload && { payload }),
      });
      return answerOf(res.statusCode, res.body);
    },
  };
}

describe.each(BACKENDS)('the MSW handlers against the real API on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let jpeg: Buffer;
  let mock: Side;
  let real: Side;
  let handlers: HttpHandler[];

  beforeAll(async () => {
    t = await openTestDatabase(backend);
    jpeg = await makePhoto('jpeg', 400, 300);
    const clock = new TestClock();
    app = await makeApp(t.db, {
      clock,
      config: testConfig({ dogWritePerUser: 0, dogWritePerIp: 0 }),
    });
    for (const { role, ...user } of Object.values(FIXTURE_USERS)) {
      const { id } = await createUser(t.db, user);
      await t.db.query('UPDATE users SET role = $1 WHERE id = $2', [role, id]);
    }
    const db = new MockDb({ users: fixtureMockUsers() });
    handlers = [
      ...createHandlers(db),
      ...lostFoundFlagHandlers(FIXTURE_FLAG_GROUPS),
    ] as HttpHandler[];
    mock = mockSide(handlers, db);
    real = realSide(app, t, clock);
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  // The requests build on each other: they run in order, and each compares both sides.
  for (const request of FIXTURE_REQUESTS) {
    it(`${request.method} ${typeof request.path === 'string' ? request.path : '…'}: ${request.name}`, async () => {
      const mockAnswer = await mock.send(request, bodyOf(request, mock.ids, jpeg));
      const realAnswer = await real.send(request, bodyOf(request, real.ids, jpeg));
      const path = pathOf(request, real.ids);
      const spec = routeFor(request.method, path);
      expect(spec, `the app has no route ${request.method} ${path}`).toBeDefined();
      expect(
        Math.floor(mockAnswer.status / 100),
        `mock answered ${mockAnswer.status} ${mockAnswer.raw}, the app ${realAnswer.status} ${realAnswer.raw}`,
      ).toBe(Math.floor(realAnswer.status / 100));
      expect(disagreement(spec!, mockAnswer), 'the mock').toBeUndefined();
      expect(disagreement(spec!, realAnswer), 'the app').toBeUndefined();
      if (request.keep) {
        request.keep(mockAnswer.body as never, mock.ids);
        request.keep(realAnswer.body as never, real.ids);
      }
    });
  }

  it('every handler answered some fixture request', () => {
    const unused = handlers.filter((h) => !h.isUsed).map((h) => `${h.info.method} ${h.info.path}`);
    expect(unused).toEqual([]);
  });
});
