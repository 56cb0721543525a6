// The routes' zod schemas are the contract, enforced both ways: a response in another shape is a
// 500 (logged as our bug, nothing of it sent), and /api/openapi.json, generated from the same
// schemas by @fastify/swagger, documents every API route the app has.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/server/app';
import { createRouter } from '../../src/server/http/route';
import { MESSAGES } from '../../src/shared/api';
import { dogSchema } from '../../src/shared/dog';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { jobsSchemaOf, makeApp, testConfig, TestClock } from './helpers/app';

/** Method + path of every route the app answers, from Fastify's own route tree. */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}

describe.each(BACKENDS)('the API contract on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
  });

  describe('response schemas are enforced', () => {
    let app: FastifyInstance;
    const lines: Record<string, unknown>[] = [];
    const secret = 'contraseña-que-no-debe-salir';

    beforeEach(async () => {
      lines.length = 0;
      const stream = new Writable({
        write(chunk, _enc, done) {
          for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
          done();
        },
      });
      app = await buildApp({
        config: testConfig(),
        db: t.db,
        now: new TestClock().now,
        logger: { level: 'info', stream },
        staticDir: null,
        purgeIntervalMs: 0,
        jobsSchema: await jobsSchemaOf(t.db),
      });
      // A route with a bug: it answers with fields its declared schema does not have.
      await app.register(async (child) => {
        const router = createRouter(child);
        router.route(
          {
            method: 'GET',
            url: '/api/test/wrong-shape',
            summary: 'Prueba',
            tag: 'Prueba',
            auth: 'none',
            responses: { 200: { description: 'Un perro', schema: dogSchema } },
          },
          async () => ({ id: 'uno', name: 'Luna', password_hash: secret }),
        );
        router.route(
          {
            method: 'GET',
            url: '/api/test/right-shape',
            summary: 'Prueba',
            tag: 'Prueba',
            auth: 'none',
            responses: { 200: { description: 'Un objeto', schema: z.object({ a: z.number() }) } },
          },
          async () => ({ a: 1, extra: secret }),
        );
        router.route(
          {
            method: 'DELETE',
            url: '/api/test/no-body',
            summary: 'Prueba',
            tag: 'Prueba',
            auth: 'none',
            responses: { 204: { description: 'Sin cuerpo' } },
          },
          async ({ reply }) => reply.code(204).send({ leaked: secret }),
        );
      });
      await app.ready();
    });
    afterEach(async () => {
      await app.close();
    });

    it('a handler returning the wrong shape gets 500, and nothing of its value is sent', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/test/wrong-shape' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: MESSAGES.internal });
      expect(res.body).not.toContain('Luna');
      expect(res.body).not.toContain(secret);
      expect(
        lines.some(
          (l) => l.level === 50 && l.msg === 'response does not match its declared schema',
        ),
      ).toBe(true);
    });

    it('fields the schema does not declare are dropped, never sent', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/test/right-shape' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ a: 1 });
    });

    it('a status declared without a body refuses one: 500, nothing of it sent', async () => {
      const res = await app.inject({ method: 'DELETE', url: '/api/test/no-body' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: MESSAGES.internal });
      expect(res.body).not.toContain(secret);
    });
  });

  describe('/api/openapi.json', () => {
    let app: FastifyInstance;
    beforeEach(async () => {
      app = await makeApp(t.db);
    });
    afterEach(async () => {
      await app.close();
    });

    it('is the document @fastify/swagger generates', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual(JSON.parse(JSON.stringify(app.swagger())));
    });

    it('documents every API route the app registered, and only those', async () => {
      const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
      // HEAD is the GET route answered without a body: not an operation of its own.
      const registered = registeredRoutes(app).filter(
        (r) => !r.startsWith('HEAD ') && r.includes(' /api/'),
      );
      expect(registered.length).toBeGreaterThanOrEqual(11);
      // The router prints the names of parameters that share a place in the tree joined by "|"
      // (GET /api/orgs/:slug and /api/orgs/:id/members: ":slug|:id"): compare places, not names.
      const places = (routes: string[]) =>
        routes.map((r) => r.replace(/:[\w]+(\|:[\w]+)*/g, ':param')).sort();
      // Answers that are not JSON (a report's link-preview JPEG) stay out of the document.
      const notJson = ['GET /api/lost-found/:param/share.jpg'];
      expect(places(registered)).toEqual(expect.arrayContaining(notJson));
      expect(places(documented)).toEqual(places(registered).filter((r) => !notJson.includes(r)));
    });

    it('declares 429 on exactly the rate-limited routes', async () => {
      const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      };
      const limited = Object.entries(doc.paths)
        .flatMap(([path, ops]) =>
          Object.entries(ops)
            .filter(([, op]) => '429' in op.responses)
            .map(([m]) => `${m.toUpperCase()} ${path}`),
        )
        .sort();
      expect(limited).toEqual(
        [
          'POST /api/user/userLogin',
          'POST /api/dog/{id}/report',
          'POST /api/dog/{id}/interest',
          'POST /api/user/userRegister',
          'POST /api/dog',
          'PUT /api/dog/{id}',
          'DELETE /api/dog/{id}',
          'POST /api/photos',
          'DELETE /api/user/me',
          'POST /api/user/password',
          'POST /api/user/password-reset',
          'PUT /api/me/favorites/{dogId}',
          'DELETE /api/me/favorites/{dogId}',
          'PATCH /api/interest/{id}',
          'PUT /api/me/adopter-profile',
          'POST /api/me/alerts',
          'PATCH /api/me/alerts/{id}',
          'DELETE /api/me/alerts/{id}',
          'POST /api/lost-found',
          'PATCH /api/lost-found/{id}',
          'POST /api/lost-found/{id}/contact',
          'POST /api/lost-found/{id}/report',
          'POST /api/orgs',
          'PATCH /api/orgs/{id}',
          'POST /api/orgs/{id}/members',
          'PATCH /api/orgs/{id}/members/{userId}',
          'DELETE /api/orgs/{id}/members/{userId}',
          'POST /api/org-invitations/{token}/accept',
          'POST /api/dog/{id}/adoption',
          'POST /api/adoptions/{id}/accept',
          'POST /api/adoptions/{id}/return',
          'POST /api/adoptions/{id}/cancel',
          'POST /api/adoptions/{id}/sterilization',
          'GET /api/checkins/{token}',
          'POST /api/checkins/{token}',
          'POST /api/checkins/{token}/photos',
        ].sort(),
      );
    });
  });
});
