// robots.txt and sitemap.xml are publicly cacheable: their absolute URLs always come from the
// configuration, never from the request's Host or X-Forwarded-Host. The sitemap lists every
// organization's page, verified or not. On each database backend.
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
      const cookie = await login(app, await createUser(t.db));
      const dog = await createDog(app, cookie);
      // Every organization's page, verified or not.
      const slugs: string[] = [];
      for (const name of ['Fundación Huellitas', 'Rescatistas del Sur']) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/orgs',
          headers: { cookie },
          payload: { name, kind: 'fundacion', zone: 'cali-comuna-2', description: 'Rescatamos.' },
        });
        expect(res.statusCode, res.body).toBe(201);
        slugs.push((res.json() as { org: { slug: string } }).org.slug);
      }
      await t.db.query('UPDATE orgs SET verified_at = now() WHERE slug = $1', [slugs[0]]);
      const { robots, sitemap } = await files(app);
      for (const slug of slugs)
        expect(sitemap).toMatch(
          new RegExp(
            `<url><loc>https://happydog\\.example/fundaciones/${slug}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+Z</lastmod></url>`,
          ),
        );
      expect(robots).toContain('Sitemap: https://happydog.example/sitemap.xml');
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
      const cookie = await login(app, await createUser(t.db));
      const dog = await createDog(app, cookie);
      const { robots, sitemap } = await files(app);
      expect(robots).toContain('Sitemap: http://127.0.0.1:8123/sitemap.xml');
      expect(sitemap).toContain(`<loc>http://127.0.0.1:8123/perros/${dog.id}</loc>`);
      expect(robots + sitemap).not.toContain('evil.example');
    } finally {
      await app.close();
    }
  });
});
