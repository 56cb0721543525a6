// The landing page (/ and /home) with the first page of dogs and the session's user embedded as
// JSON: same data as the API, anonymous visitors never get owners' e-mails, never cached shared.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOTSTRAP_ELEMENT_ID } from '../../src/server/http/landing';
import { SSR_FILE, ssrDirFor } from '../../src/server/http/landing-files';
import {
  createDog,
  createUser,
  login,
  makeApp,
  testConfig,
  validDog,
  type TestUser,
} from './helpers/app';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';

const INDEX_HTML =
  '<!doctype html><html lang="es"><head><title>Happy Dog</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/chunk-2.js"></head>' +
  '<body><div id="root"></div></body></html>';

interface Bootstrap {
  user: { id: number; name: string; email: string; role: string; logged: true } | null;
  dogs: { limit: number; page: { id: number; name: string; user?: { email: string } }[] };
}

function bootstrapOf(html: string): Bootstrap {
  const match = new RegExp(
    `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(html);
  if (!match) throw new Error('no bootstrap element');
  return JSON.parse(match[1]!) as Bootstrap;
}

describe.each(BACKENDS)('landing page on %s', (backend) => {
  let t: TestDatabase;
  let dir: string;
  let app: FastifyInstance;
  let owner: TestUser;
  let ownerCookie: string;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
    dir = mkdtempSync(join(tmpdir(), 'happydog-landing-'));
    writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await t.reset();
    app = await makeApp(t.db, { staticDir: dir });
    owner = await createUser(t.db, { name: 'Olga Dueña', email: 'olga@example.com' });
    ownerCookie = await login(app, owner);
  });
  afterEach(async () => {
    await app.close();
  });

  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it.each(['/', '/home'])(
    '%s embeds the anonymous first page, exactly what the API lists',
    async (url) => {
      await createDog(app, ownerCookie, { name: 'Lola' });
      await createDog(app, ownerCookie, { name: 'Toby' });
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache, private');
      expect(res.headers['vary']).toMatch(/cookie/i);
      const data = bootstrapOf(res.body);
      expect(data.user).toBeNull();
      expect(data.dogs.limit).toBe(24);
      expect(data.dogs.page).toEqual((await get('/api/dog?limit=24')).json());
      expect(data.dogs.page.map((d) => d.name)).toEqual(['Toby', 'Lola']);
      expect(res.body).not.toContain('email');
      expect(res.body).not.toContain('olga@example.com');
    },
  );

  it('a logged-in visitor gets their user and the owners’ contacts; anonymous ones never do', async () => {
    await createDog(app, ownerCookie);
    // Logged-in first, so a cache mixing audiences would hand this page to the next visitor.
    const logged = await get('/', ownerCookie);
    const data = bootstrapOf(logged.body);
    expect(data.user).toEqual({
      id: owner.id,
      name: 'Olga Dueña',
      email: 'olga@example.com',
      role: 'user',
      logged: true,
    });
    expect(data.dogs.page[0]!.user?.email).toBe('olga@example.com');
    expect(logged.headers['cache-control']).toBe('no-cache, private');
    for (const url of ['/', '/home', '/api/dog', '/api/dog?limit=24']) {
      const anonymous = await get(url);
      expect(anonymous.body).not.toContain('email');
    }
  });

  it('a write is in the very next landing page', async () => {
    expect(bootstrapOf((await get('/')).body).dogs.page).toEqual([]);
    const dog = await createDog(app, ownerCookie, { name: 'Nueva' });
    expect(bootstrapOf((await get('/')).body).dogs.page.map((d) => d.id)).toEqual([dog.id]);
  });

  it('dog texts cannot close the data block', async () => {
    const name = '</script><script>alert(1)</script>';
    await createDog(app, ownerCookie, { name });
    const res = await get('/');
    expect(res.body).not.toContain('<script>alert');
    expect(bootstrapOf(res.body).dogs.page[0]!.name).toBe(name);
  });

  it('a forged session cookie is served the anonymous page', async () => {
    await createDog(app, ownerCookie);
    const res = await get('/', 'hd_session=' + 'Z'.repeat(43));
    expect(bootstrapOf(res.body).user).toBeNull();
    expect(res.body).not.toContain('email');
  });

  it('other client routes get the plain index.html', async () => {
    const res = await get('/entrar');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(BOOTSTRAP_ELEMENT_ID);
  });
});

describe('private files and the static root', () => {
  it('a DATA_DIR inside the static directory stops the app from starting', async () => {
    const db = await openTestDatabase('pglite');
    const dir = mkdtempSync(join(tmpdir(), 'happydog-static-'));
    writeFileSync(join(dir, 'index.html'), INDEX_HTML);
    try {
      for (const dataDir of [join(dir, 'data'), dir]) {
        await expect(
          makeApp(db.db, { staticDir: dir, config: testConfig({}, { DATA_DIR: dataDir }) }),
        ).rejects.toThrow(/DATA_DIR .* is inside the static directory/);
      }
      // Next to it is fine, and so is any DATA_DIR when the database is PostgreSQL.
      const beside = await makeApp(db.db, {
        staticDir: dir,
        config: testConfig({}, { DATA_DIR: `${dir}-data` }),
      });
      await beside.close();
      const postgres = await makeApp(db.db, {
        staticDir: dir,
        config: testConfig(
          {},
          { DATA_DIR: join(dir, 'data'), DATABASE_URL: 'postgres://u@127.0.0.1:1/x' },
        ),
      });
      await postgres.close();
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('landing page template', () => {
  it('prefers the prerendered landing.html and never serves it on other routes', async () => {
    const db = await openTestDatabase('pglite');
    const dir = mkdtempSync(join(tmpdir(), 'happydog-landing-'));
    writeFileSync(join(dir, 'index.html'), INDEX_HTML);
    writeFileSync(
      join(dir, 'landing.html'),
      INDEX_HTML.replace('<div id="root">', '<div id="root"><h1>Prerendered</h1>'),
    );
    const app = await makeApp(db.db, { staticDir: dir });
    try {
      const landing = await app.inject({ method: 'GET', url: '/' });
      expect(landing.body).toContain('<h1>Prerendered</h1>');
      expect(landing.body).toContain(BOOTSTRAP_ELEMENT_ID);
      const login = await app.inject({ method: 'GET', url: '/entrar' });
      expect(login.body).not.toContain('Prerendered');
    } finally {
      await app.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('landing page drawn on the server', () => {
  let t: TestDatabase;
  let dir: string;
  let app: FastifyInstance;
  let owner: TestUser;
  let ownerCookie: string;
  const renderer = (body: string) => {
    mkdirSync(ssrDirFor(dir), { recursive: true });
    writeFileSync(join(ssrDirFor(dir), SSR_FILE), body);
  };

  beforeAll(async () => {
    t = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    dir = mkdtempSync(join(tmpdir(), 'happydog-ssr-'));
    writeFileSync(join(dir, 'index.html'), INDEX_HTML);
    writeFileSync(
      join(dir, 'landing.html'),
      INDEX_HTML.replace('<div id="root">', '<div id="root"><p>Prerendered</p>'),
    );
    renderer(`export async function render(url, data) {
      if (data.user) throw new Error('anonymous only');
      const cards = data.dogs.page.map((d) => '<article>' + d.name + '</article>').join('');
      // Like React: the first photo (fetchPriority="high") is preloaded from the top of the render.
      const photo = data.dogs.page[0]?.image;
      const preload = photo ? '<link rel="preload" as="image" href="' + photo + '"/>' : '';
      return preload + '<link rel="preload" as="image" href="/hero.svg"/><main data-url="' + url + '">' +
        cards + '<script>inline()</script></main>';
    }`);
    app = await makeApp(t.db, { staticDir: dir });
    owner = await createUser(t.db, { name: 'Olga Dueña', email: 'olga@example.com' });
    ownerCookie = await login(app, owner);
  });
  afterEach(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(ssrDirFor(dir), { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('anonymous visitors get the first dog cards as HTML, with the same data embedded', async () => {
    await createDog(app, ownerCookie, { name: 'Lola' });
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<div id="root" data-ssr=""><main data-url="/"><article>Lola</article>',
    );
    expect(res.body).not.toContain('inline()');
    // React's resource hints go to <head>, out of the way of hydration.
    expect(res.body).toContain('<link rel="preload" as="image" href="/hero.svg"/></head>');
    // The content is all there: the code that makes it interactive comes after the images.
    expect(res.body).toContain('<script type="module" fetchpriority="low" crossorigin');
    expect(res.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin');
    expect(res.body).not.toContain('email');
    expect(bootstrapOf(res.body).dogs.page.map((d) => d.name)).toEqual(['Lola']);
    expect(res.headers['cache-control']).toBe('no-cache, private');
    expect((await get('/home')).body).toContain('<main data-url="/home">');
  });

  it('the drawn page follows every write at once', async () => {
    await createDog(app, ownerCookie, { name: 'Lola' });
    expect((await get('/')).body).toContain('<article>Lola</article>');
    await createDog(app, ownerCookie, { name: 'Toby' });
    expect((await get('/')).body).toContain('<article>Toby</article><article>Lola</article>');
  });

  it('logged-in visitors get the prerendered page with their data embedded', async () => {
    await createDog(app, ownerCookie, { name: 'Lola' });
    const res = await get('/', ownerCookie);
    expect(res.body).toContain('<p>Prerendered</p>');
    expect(res.body).not.toContain('<article>');
    expect(bootstrapOf(res.body).user?.email).toBe('olga@example.com');
  });

  it('a failing renderer falls back to the prerendered page', async () => {
    renderer(`export async function render() { throw new Error('boom'); }`);
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p>Prerendered</p>');
    expect(bootstrapOf(res.body).user).toBeNull();
  });

  it('dog names and photo URLs go into the page literally: `$` patterns never expand', async () => {
    const dollars = '$`'.repeat(1000);
    const plain = 'S-'.repeat(1000);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const dog = await createDog(app, ownerCookie, {
        name: 'AAA--ZZZ',
        image: `https://x.co/${plain}`,
      });
      ids.push(dog.id);
    }
    // The same page with same-length texts free of `$`: the hostile one must be no bigger.
    const baseline = await get('/');
    for (const id of ids) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/dog/${id}`,
        headers: { cookie: ownerCookie },
        payload: { ...validDog, name: 'AAA$`ZZZ', image: `https://x.co/${dollars}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<article>AAA$`ZZZ</article>');
    expect(res.body).toContain(`<link rel="preload" as="image" href="https://x.co/${dollars}"/>`);
    expect(res.body.split('<!doctype html>')).toHaveLength(2);
    expect(res.body.split('<script type="module"')).toHaveLength(2);
    expect(res.body.split('id="root"')).toHaveLength(2);
    expect(res.body.length).toBe(baseline.body.length);
    expect(bootstrapOf(res.body).dogs.page.map((d) => d.name)).toEqual([
      'AAA$`ZZZ',
      'AAA$`ZZZ',
      'AAA$`ZZZ',
    ]);
  });

  it('the renderer lives outside the static root: no spelling of a URL reaches it', async () => {
    const ssrDir = ssrDirFor(dir);
    expect(relative(dir, ssrDir).startsWith('..')).toBe(true);
    // It is the file the server renders with (so this test looks where the build writes).
    await createDog(app, ownerCookie, { name: 'Lola' });
    expect((await get('/')).body).toContain('<article>Lola</article>');
    const sibling = basename(ssrDir);
    const spellings = [
      `/ssr/${SSR_FILE}`,
      `//ssr/${SSR_FILE}`,
      `/./ssr/${SSR_FILE}`,
      `/x/../ssr/${SSR_FILE}`,
      `/%73sr/${SSR_FILE}`,
      `/ssr%2F${SSR_FILE}`,
      `/%2e/ssr/${SSR_FILE}`,
      `/x/%2e%2e/ssr/${SSR_FILE}`,
      `/../${sibling}/${SSR_FILE}`,
      `/..%2F${sibling}%2F${SSR_FILE}`,
      `/%2e%2e/${sibling}/${SSR_FILE}`,
      `//..//${sibling}/${SSR_FILE}`,
      `/assets/../../${sibling}/${SSR_FILE}`,
      `/${sibling}/${SSR_FILE}`,
    ];
    for (const url of spellings) {
      for (const encoding of ['identity', 'br', 'gzip']) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': encoding },
        });
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.headers['content-type'] ?? '', url).not.toMatch(/javascript/);
        expect(res.rawPayload.includes('export async function render'), url).toBe(false);
      }
    }
  });
});
