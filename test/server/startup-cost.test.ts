// What the server loads at start-up and never needs: every route validates and serializes with
// its zod schemas (src/server/http/route.ts), so Fastify's default compilers (Ajv and
// fast-json-stringify, a tenth of a second of the first start) must not be loaded at all.
import { createRequire } from 'node:module';
import { afterAll, expect, it } from 'vitest';
import { makeApp } from './helpers/app';
import { openTestDatabase, type TestDatabase } from './helpers/database';

let database: TestDatabase | undefined;
afterAll(async () => database?.close());

it('builds and answers without loading Ajv or fast-json-stringify', async () => {
  database = await openTestDatabase('pglite');
  const app = await makeApp(database.db);
  try {
    const res = await app.inject({ method: 'GET', url: '/api/dog?limit=2' });
    expect(res.statusCode).toBe(200);
    const bad = await app.inject({ method: 'GET', url: '/api/dog?limit=nope' });
    expect(bad.statusCode).toBe(400);
  } finally {
    await app.close();
  }
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  // Fastify itself is loaded here (through require), so the cache is the one to look in.
  expect(loaded.some((file) => file.includes('/node_modules/fastify/'))).toBe(true);
  // (Fastify's error serializer uses fast-json-stringify's small runtime, not its compiler.)
  const compilers =
    /\/node_modules\/(@fastify\/ajv-compiler|@fastify\/fast-json-stringify-compiler|ajv|ajv-formats)\/|\/fast-json-stringify\/index\.js$/;
  expect(loaded.filter((file) => compilers.test(file))).toEqual([]);
});
