// robots.txt and sitemap.xml are publicly cacheable: their absolute URLs always come from the
// configuration, never from the request's Host or X-Forwarded-Host. On each database backend.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDog, createUser, login, makeApp, testConfig } from './helpers/app';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';

const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
};

describe.each(BACKENDS)('robots.txt and sitemap.xml on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });

  async function files(app: FastifyInstance) {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: FORGED });
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: FORGED });
    expect(robots.statusCode).toBe(200);
    expect(sitemap.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    return { robots: robots.body, sitemap: sitemap.body };
  }

  it('use PUBLIC_URL whatever Host a request names, even behind a trusted proxy', async () => {
    await t.reset();
    const app = await makeApp(t.db, {
      config: testConfig({}, { PUBLIC_URL: 'https://happydog.example', TRUST_PROXY: 'true' }),
    });
    try {
      const dog = await createDog(app, await login(app, await createUser(t.db)));
      const { robots, sitemap } = await files(app);
      expect(robots).toContain('Sitemap: https://happydog.example/sitemap.xml');
      expect(sitemap).toContain('<loc>https://happydog.example/perros</loc>');
      expect(sitemap).toContain(`<loc>https://happydog.example/perros/${dog.id}</loc>`);
      expect(robots + sitemap).not.toContain('evil.example');
    } finally {
      await app.close();
    }
  });

  it("without PUBLIC_URL, the local server's own address (HOST and PORT)", async () => {
    const app = await makeApp(t.db, {
      config: testConfig({}, { HOST: '127.0.0.1', PORT: '8123' }),
    });
    try {
      const { robots, sitemap } = await files(app);
      expect(robots).toContain('Sitemap: http://127.0.0.1:8123/sitemap.xml');
      expect(sitemap).toContain('<loc>http://127.0.0.1:8123/</loc>');
      expect(robots + sitemap).not.toContain('evil.example');
    } finally {
      await app.close();
    }
  });
});
