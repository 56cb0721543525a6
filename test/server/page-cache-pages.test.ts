// The exact cache of anonymous pages, on a real build of the app: a repeated anonymous page is
// sent again without being drawn, under its own response's nonce; any write (through the API or
// straight into the database, as a job does) shows on the very next page; logged-in pages and
// pages that did not answer 200 are never kept.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDog, createUser, login, makeApp, testConfig, type TestUser } from './helpers/app';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { buildPages, BUILD_TIMEOUT_MS, nonceOf, type PagesBuild } from './helpers/pages';

let build: PagesBuild;
let staticDir: string;

beforeAll(() => {
  build = buildPages('happydog-page-cache-');
  staticDir = build.staticDir;
}, BUILD_TIMEOUT_MS);
afterAll(() => build?.remove());

const ORG = {
  name: 'Fundación Patitas del Valle',
  kind: 'fundacion',
  zone: 'cali-comuna-17',
  description: 'Rescatamos perros de la calle en el sur de Cali desde 2015.',
  links: [],
};

describe.each(BACKENDS)('the anonymous page cache, on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let ana: TestUser;
  let anaCookie: string;
  /** API calls the pages made in-process (app.inject of /api/…) since the last `drawn()`. */
  let apiCalls: string[];

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    app = await makeApp(t.db, { staticDir });
    ana = await createUser(t.db, { name: 'Ana Fundadora', email: 'ana@example.com' });
    anaCookie = await login(app, ana);
    apiCalls = [];
    watchApiCalls();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await app.close();
  });

  /** Records every /api call made through app.inject: the pages' in-process reads among them. */
  const watchApiCalls = () => {
    const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<unknown>;
    vi.spyOn(app, 'inject').mockImplementation(((options: InjectOptions) => {
      if (typeof options.url === 'string' && options.url.startsWith('/api/')) {
        apiCalls.push(options.url);
      }
      return inject(options);
    }) as unknown as typeof app.inject);
  };
  const call = (method: string, url: string, cookie?: string, body?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: cookie ? { cookie } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const get = (url: string, cookie?: string) => call('GET', url, cookie);
  /** Whether the page asked the API anything since the last call: it was drawn, not reused. */
  const drawn = () => {
    const was = apiCalls.length > 0;
    apiCalls = [];
    return was;
  };
  const createOrg = async () => {
    const res = await call('POST', '/api/orgs', anaCookie, ORG);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().org as { id: number; slug: string };
  };

  it('sends a repeated anonymous page again without drawing it, under the new nonce', async () => {
    const org = await createOrg();
    const url = `/fundaciones/${org.slug}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(drawn()).toBe(true);
    const second = await get(url);
    expect(second.statusCode).toBe(200);
    expect(drawn()).toBe(false);
    expect(second.headers['content-type']).toMatch(/^text\/html/);
    expect(second.headers['cache-control']).toBe('no-cache, private');
    expect(second.headers['vary']).toMatch(/cookie/i);
    expect(second.body).toContain(ORG.name);
    const [a, b] = [nonceOf(first), nonceOf(second)];
    expect(a).not.toBe(b);
    expect(second.body).not.toContain(a);
    const scripts = [...second.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${b}"`);
    // The same page but for the nonce.
    expect(second.body).toBe(first.body.split(a).join(b));
    // HEAD is answered from the same copy; another query string is another page.
    const head = await call('HEAD', url);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(drawn()).toBe(false);
    await get(`${url}?x=1`);
    expect(drawn()).toBe(true);
  });

  it('shows a write through the API on the very next anonymous page', async () => {
    const org = await createOrg();
    const url = `/fundaciones/${org.slug}`;
    await get(url);
    await get(url);
    expect(drawn()).toBe(true);
    await get(url);
    expect(drawn()).toBe(false);
    const renamed = await call('PATCH', `/api/orgs/${org.id}`, anaCookie, {
      name: 'Patitas del Sur',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await get(url);
    expect(after.body).toContain('Patitas del Sur');
    expect(after.body).not.toContain(ORG.name);
    // A dog published for it, on the organization's page and the catalogue.
    await get('/perros');
    await get('/perros');
    drawn();
    await createDog(app, anaCookie, { name: 'Lupe', org_id: org.id });
    expect((await get(url)).body).toContain('Lupe');
    expect((await get('/perros')).body).toContain('Lupe');
  });

  it('shows a write made straight in the database, as a job makes it, on the very next page', async () => {
    const org = await createOrg();
    const url = `/fundaciones/${org.slug}`;
    await get(url);
    drawn();
    await get(url);
    expect(drawn()).toBe(false);
    await t.db.query(`UPDATE orgs SET description = 'Escrito por un trabajo.' WHERE id = $1`, [
      org.id,
    ]);
    expect((await get(url)).body).toContain('Escrito por un trabajo.');
    expect(drawn()).toBe(true);
    // A statement that changes nothing keeps the copy.
    await t.db.query(`UPDATE orgs SET description = 'nada' WHERE id = -1`);
    await get(url);
    expect(drawn()).toBe(false);
  });

  it('never serves nor keeps a logged-in page', async () => {
    const org = await createOrg();
    const url = `/fundaciones/${org.slug}`;
    await get(url);
    drawn();
    await get(url);
    expect(drawn()).toBe(false);
    const mine = await get(url, anaCookie);
    expect(drawn()).toBe(true);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.body).toContain('SALIR');
    // Drawn for a logged-in visitor first: the next anonymous page is drawn for itself.
    expect((await get('/perros', anaCookie)).body).toContain('SALIR');
    drawn();
    const anonymous = await get('/perros');
    expect(drawn()).toBe(true);
    expect(anonymous.body).not.toContain('SALIR');
    expect(anonymous.body).toContain('INGRESAR');
  });

  it('never keeps a page that did not answer 200', async () => {
    await get('/fundaciones');
    drawn();
    await get('/fundaciones');
    expect(drawn()).toBe(false);
    const missing = await get('/fundaciones/no-existe');
    expect(missing.statusCode).toBe(404);
    expect(drawn()).toBe(true);
    expect((await get('/fundaciones/no-existe')).statusCode).toBe(404);
    expect(drawn()).toBe(true);
  });

  it('is off with PAGE_CACHE_TTL_MS=0', async () => {
    await get('/perros');
    drawn();
    await get('/perros');
    expect(drawn()).toBe(false);
    await app.close();
    app = await makeApp(t.db, {
      staticDir,
      config: testConfig({}, { PAGE_CACHE_TTL_MS: '0' }),
    });
    watchApiCalls();
    await get('/perros');
    drawn();
    await get('/perros');
    expect(drawn()).toBe(true);
  });
});
