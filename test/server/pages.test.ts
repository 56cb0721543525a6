// Every page drawn on the server for every visitor, from a real build of the app: the route's
// HTML with the visitor's data, the router's hydration data under the response's CSP nonce,
// logged-in pages with SALIR and owners' contacts, anonymous pages never with either.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CLIENT_MANIFEST_FILE,
  SERVER_ENTRY_FILE,
  entryLoader,
  routerManifestFrom,
  routeStylesheetLists,
  ssrDirFor,
} from '../../src/server/pages/renderer';
import { createDog, createUser, login, makeApp, testConfig, type TestUser } from './helpers/app';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { buildPages, BUILD_TIMEOUT_MS, nonceOf, type PagesBuild } from './helpers/pages';

let build: PagesBuild;
let staticDir: string;

beforeAll(() => {
  build = buildPages('happydog-pages-');
  staticDir = build.staticDir;
}, BUILD_TIMEOUT_MS);
afterAll(() => build?.remove());

/** Every <script> start tag of the page. */
const scriptTags = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);

describe.each(BACKENDS)('pages drawn on the server, on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let owner: TestUser;
  let ownerCookie: string;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    app = await makeApp(t.db, { staticDir });
    owner = await createUser(t.db, { name: 'Olga Dueña', email: 'olga@example.com' });
    ownerCookie = await login(app, owner);
  });
  afterEach(async () => {
    await app.close();
  });

  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it.each(['/', '/home'])(
    '%s: the whole document in Spanish with the first dog cards',
    async (url) => {
      await createDog(app, ownerCookie, { name: 'Lola' });
      await createDog(app, ownerCookie, { name: 'Toby' });
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache, private');
      expect(res.headers['vary']).toMatch(/cookie/i);
      const html = res.body;
      expect(html.startsWith('<!DOCTYPE html><html lang="es"')).toBe(true);
      expect(html.split('<!DOCTYPE html>')).toHaveLength(2);
      expect(html).toContain('<title>Happy Dog | Adopción de perros en Cali</title>');
      expect(html).toMatch(/<meta name="description" content="[^"]*adopción[^"]*"/);
      expect(html).toContain('DONDE LOS PERROS CONSIGUEN HOGAR');
      // The cards, newest first, drawn as HTML: no request needed to show them.
      expect(html.indexOf('>Toby</h3>')).toBeGreaterThan(0);
      expect(html.indexOf('>Toby</h3>')).toBeLessThan(html.indexOf('>Lola</h3>'));
      // Below-the-fold sections are drawn too, though their code loads later.
      expect(html).toContain('SOBRE NOSOTROS');
      expect(html).toContain('© <!-- -->2024<!-- --> <!-- -->Happy Dog');
      expect(html).toContain('INGRESAR');
      expect(html).not.toContain('SALIR');
      expect(html).not.toContain('olga@example.com');
    },
  );

  it('only scripts of the build or carrying this response’s nonce; a new nonce every time', async () => {
    const first = await get('/');
    const second = await get('/');
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(String(first.headers['content-security-policy'])).toMatch(
      /style-src 'self' 'unsafe-inline'/,
    );
    const tags = scriptTags(first.body);
    // The entry is loaded by an inline script once the page is painted (entryLoader).
    expect(first.body).toMatch(/s\.src="\/assets\/entry-client-[^"]+\.js"/);
    expect(first.body).not.toContain('rel="modulepreload"');
    for (const tag of tags) expect(tag).toContain(`nonce="${nonceOf(first)}"`);
  });

  it('a logged-in visitor’s page shows SALIR and the owners’ contacts; the next anonymous one never does', async () => {
    await createDog(app, ownerCookie, { name: 'Lola' });
    const logged = await get('/', ownerCookie);
    expect(logged.statusCode).toBe(200);
    expect(logged.body).toContain('SALIR');
    expect(logged.body).not.toContain('>INGRESAR<');
    // The dogs in the page's data carry their owner's contact for this visitor.
    expect(logged.body).toContain('olga@example.com');
    for (const url of ['/', '/home', '/entrar', '/registrarse']) {
      const anonymous = await get(url);
      expect(anonymous.body, url).not.toContain('olga@example.com');
      expect(anonymous.body, url).not.toContain('Olga Dueña');
      expect(anonymous.body, url).not.toContain('SALIR');
    }
  });

  it('pages drawn with a session are no-store; without one no-cache, private', async () => {
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [owner.id]);
    for (const url of ['/', '/cuenta', '/mis-perros', '/admin', '/perros', '/entrar']) {
      const logged = await get(url, ownerCookie);
      expect(logged.statusCode, url).toBeLessThan(400);
      expect(logged.headers['cache-control'], url).toBe('no-store');
      expect(logged.headers['vary'], url).toMatch(/cookie/i);
    }
    for (const url of ['/', '/perros', '/cuenta']) {
      expect((await get(url)).headers['cache-control'], url).toBe('no-cache, private');
    }
  });

  it('a forged session cookie gets the anonymous page', async () => {
    await createDog(app, ownerCookie);
    const res = await get('/', 'hd_session=' + 'Z'.repeat(43));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('INGRESAR');
    expect(res.body).not.toContain('olga@example.com');
  });

  it('a write is in the very next page', async () => {
    await get('/');
    await createDog(app, ownerCookie, { name: 'Nueva' });
    expect((await get('/')).body).toContain('>Nueva</h3>');
  });

  it('/entrar and /registrarse are drawn with their forms and titles', async () => {
    const login = await get('/entrar');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<title>Ingresar | Happy Dog</title>');
    expect(login.body).toContain('Correo electrónico');
    const register = await get('/registrarse');
    expect(register.statusCode).toBe(200);
    expect(register.body).toContain('<title>Registrarse | Happy Dog</title>');
  });

  it('redirects: /entrar when logged in, and any unknown path, go to /', async () => {
    const login = await get('/entrar', ownerCookie);
    expect(login.statusCode).toBeGreaterThanOrEqual(300);
    expect(login.statusCode).toBeLessThan(400);
    expect(login.headers.location).toBe('/');
    for (const url of ['/no-existe', '/perro/1/x', '/assets']) {
      const res = await get(url);
      expect([301, 302, 303, 307, 308], url).toContain(res.statusCode);
      expect(res.headers.location, url).toBe('/');
    }
  });

  it('/mis-perros: a visitor is sent to log in; the owner gets the dogs and their requests drawn', async () => {
    const anonymous = await get('/mis-perros');
    expect([302, 303, 307]).toContain(anonymous.statusCode);
    expect(anonymous.headers.location).toMatch(/^\/entrar\?redirect=(%2F|\/)mis-perros$/);

    const dog = await createDog(app, ownerCookie, { name: 'Pelusa' });
    const visitor = await createUser(t.db, { name: 'Vera Visita', email: 'vera@example.com' });
    const sent = await app.inject({
      method: 'POST',
      url: `/api/dog/${dog.id}/interest`,
      headers: { cookie: await login(app, visitor) },
      payload: { message: 'Quiero adoptar a Pelusa: tengo patio y tiempo.' },
    });
    expect(sent.statusCode).toBe(201);
    const page = await get('/mis-perros', ownerCookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Mis publicaciones | Happy Dog</title>');
    const robots = /<meta[^>]*name="robots"[^>]*>/.exec(page.body)?.[0];
    expect(robots, page.body.slice(0, 3000)).toContain('noindex');
    // Drawn on the server: the dog, the request and how to reach its sender.
    expect(page.body).toContain('>Pelusa</a>');
    expect(page.body).toContain('Quiero adoptar a Pelusa: tengo patio y tiempo.');
    expect(page.body).toContain('>vera@example.com</a>');
  });

  it('dog texts reach the page as text: they can neither add a script nor expand `$` patterns', async () => {
    const hostile = '</script><script>alert(1)</script>$&$`';
    await createDog(app, ownerCookie, { name: hostile, image: `https://x.co/a$&b$'c` });
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(scriptTags(res.body).every((tag) => tag.includes(`nonce="${nonceOf(res)}"`))).toBe(true);
    expect(res.body).toContain(
      '>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;$&amp;$`</h3>',
    );
    expect(res.body.split('<!DOCTYPE html>')).toHaveLength(2);
    expect(res.body.split('<html')).toHaveLength(2);
  });

  it('the API is never drawn as a page', async () => {
    const res = await get('/api/no-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it("the sitemap lists the build's public pages, read from its routes, and no private one", async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    const pages = [...res.body.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)]
      .map((m) => m[1]!)
      .filter((path) => !/^\/(perros|perdidos|fundaciones)\/./.test(path));
    expect(pages.sort()).toEqual([
      '/',
      '/adoptar-seguro',
      '/finales-felices',
      '/fundaciones',
      '/perdidos',
      '/perros',
      '/privacidad',
    ]);
  });

  it('files of the build are served as files', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/svg/);
  });
});

describe('the build for the server', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
  });
  afterAll(async () => t.close());

  it('lives outside the static root: no spelling of a URL reaches it', async () => {
    const app = await makeApp(t.db, { staticDir });
    try {
      const ssrDir = ssrDirFor(staticDir);
      expect(relative(staticDir, ssrDir).startsWith('..')).toBe(true);
      const sibling = basename(ssrDir);
      for (const file of [SERVER_ENTRY_FILE, CLIENT_MANIFEST_FILE]) {
        const spellings = [
          `/${file}`,
          `/ssr/${file}`,
          `//..//${sibling}/${file}`,
          `/../${sibling}/${file}`,
          `/..%2F${sibling}%2F${file}`,
          `/%2e%2e/${sibling}/${file}`,
          `/assets/../../${sibling}/${file}`,
          `/${sibling}/${file}`,
          `/.vite/manifest.json`,
        ];
        for (const url of spellings) {
          const res = await app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBeLessThan(500);
          expect(res.headers['content-type'] ?? '', url).not.toMatch(/javascript|json/);
        }
      }
    } finally {
      await app.close();
    }
  });

  it('a page that cannot be drawn is a plain Spanish error page, and the process goes on', async () => {
    const broken = join(build.root, 'broken');
    mkdirSync(join(broken), { recursive: true });
    writeFileSync(join(broken, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(ssrDirFor(broken), { recursive: true });
    writeFileSync(
      join(ssrDirFor(broken), SERVER_ENTRY_FILE),
      'export async function render() { throw new Error("boom"); }',
    );
    writeFileSync(
      join(ssrDirFor(broken), CLIENT_MANIFEST_FILE),
      JSON.stringify({ 'src/entry-client.tsx': { file: 'assets/e.js', isEntry: true } }),
    );
    const app = await makeApp(t.db, { staticDir: broken });
    try {
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(500);
      expect(res.body).toContain('Algo salió mal');
      expect(res.body).not.toContain('boom');
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a new build of the server entry is picked up while the server runs (npm run dev)', async () => {
    const dev = join(build.root, 'dev');
    mkdirSync(dev, { recursive: true });
    mkdirSync(ssrDirFor(dev), { recursive: true });
    writeFileSync(join(dev, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(
      join(ssrDirFor(dev), CLIENT_MANIFEST_FILE),
      JSON.stringify({ 'src/entry-client.tsx': { file: 'assets/e.js', isEntry: true } }),
    );
    const entryOf = (text: string) =>
      `export async function render() { return new Response(${JSON.stringify(text)}, { status: 200 }); }`;
    writeFileSync(join(ssrDirFor(dev), SERVER_ENTRY_FILE), entryOf('primera versión'));
    const app = await makeApp(t.db, { staticDir: dev });
    try {
      expect((await app.inject({ method: 'GET', url: '/' })).body).toBe('primera versión');
      // A rebuild writes a file of another size: looked at again within a second or so.
      writeFileSync(join(ssrDirFor(dev), SERVER_ENTRY_FILE), entryOf('segunda versión, más larga'));
      await expect
        .poll(async () => (await app.inject({ method: 'GET', url: '/' })).body, {
          timeout: 5000,
          interval: 100,
        })
        .toBe('segunda versión, más larga');
    } finally {
      await app.close();
    }
  });

  it('a DATA_DIR inside the static directory stops the app from starting', async () => {
    for (const dataDir of [join(staticDir, 'data'), staticDir]) {
      await expect(
        makeApp(t.db, { staticDir, config: testConfig({}, { DATA_DIR: dataDir }) }),
      ).rejects.toThrow(/DATA_DIR .* is inside the static directory/);
    }
    const beside = await makeApp(t.db, {
      staticDir,
      config: testConfig({}, { DATA_DIR: `${staticDir}-data` }),
    });
    await beside.close();
    // With PostgreSQL, DATA_DIR holds only the e-mail outbox (password reset links): inside the
    // static directory it is refused too, unless mail goes to an SMTP server.
    const postgres = {
      DATA_DIR: join(staticDir, 'data'),
      DATABASE_URL: 'postgres://u@127.0.0.1:1/x',
    };
    await expect(makeApp(t.db, { staticDir, config: testConfig({}, postgres) })).rejects.toThrow(
      /DATA_DIR\/outbox .* is inside the static directory/,
    );
    const smtp = await makeApp(t.db, {
      staticDir,
      config: testConfig({}, { ...postgres, SMTP_URL: 'smtp://127.0.0.1:1' }),
    });
    await smtp.close();
  });
});

describe('routerManifestFrom', () => {
  const vite = {
    'src/entry-client.tsx': {
      file: 'assets/entry-1.js',
      isEntry: true,
      imports: ['_shared.js'],
      css: ['assets/style-1.css'],
    },
    '_shared.js': {
      file: 'assets/shared-2.js',
      imports: ['src/entry-client.tsx'],
      css: ['assets/shared-2.css'],
    },
    'src/app/routes/perros.$id.tsx?tsr-split=component': {
      file: 'assets/perros._id-3.js',
      imports: ['src/entry-client.tsx', '_dog-page.js', '_Button.js'],
    },
    'src/app/routes/perros.$id.tsx?tsr-split=notFoundComponent': {
      file: 'assets/perros._id-4.js',
      imports: ['_dog-page.js'],
    },
    '_dog-page.js': {
      file: 'assets/dog-page-5.js',
      imports: ['_shared.js'],
      css: ['assets/dog-page-5.css', 'assets/shared-2.css'],
    },
    '_Button.js': { file: 'assets/Button-6.js', css: ['assets/Button-6.css'] },
    'src/app/routes/cuenta.tsx?tsr-split=component': {
      file: 'assets/cuenta-7.js',
      imports: ['_Button.js', '_account.js'],
    },
    '_account.js': { file: 'assets/account-8.js', css: ['assets/account-8.css'] },
    'src/lazy.tsx': { file: 'assets/lazy-9.js', css: ['assets/lazy-9.css'] },
  };
  const routeFiles = {
    __root__: 'src/app/routes/__root.tsx',
    '/perros/$id': 'src/app/routes/perros.$id.tsx',
    '/cuenta': 'src/app/routes/cuenta.tsx',
    '/$': 'src/app/routes/$.tsx',
  };

  it('puts the entry script, its static imports and their stylesheets on the root route', () => {
    expect(routerManifestFrom(vite, routeFiles).routes.__root__).toEqual({
      // A chunk's stylesheets after those of what it imports, as a bundle orders them.
      css: ['/assets/shared-2.css', '/assets/style-1.css'],
      scripts: [{ children: entryLoader('/assets/entry-1.js', ['/assets/shared-2.js']) }],
    });
  });

  it("gives each route its split chunks, their static imports and stylesheets, less the root's", () => {
    const { routes } = routerManifestFrom(vite, routeFiles);
    expect(routes['/perros/$id']).toEqual({
      css: ['/assets/dog-page-5.css', '/assets/Button-6.css'],
      scripts: [
        {
          children:
            'self.__hdPreload(["/assets/perros._id-3.js","/assets/dog-page-5.js","/assets/Button-6.js","/assets/perros._id-4.js"])',
        },
      ],
    });
    expect(routes['/cuenta']).toEqual({
      css: ['/assets/Button-6.css', '/assets/account-8.css'],
      scripts: [
        {
          children:
            'self.__hdPreload(["/assets/cuenta-7.js","/assets/Button-6.js","/assets/account-8.js"])',
        },
      ],
    });
    // A route with nothing of its own (no component) has no entry; lazy chunks of no route none.
    expect(Object.keys(routes).sort()).toEqual(['/cuenta', '/perros/$id', '__root__']);
    expect(JSON.stringify(routes)).not.toContain('lazy-9');
  });

  it('lists the stylesheets the build joins: those of routes with more than one of their own', () => {
    expect(routeStylesheetLists(vite, routeFiles)).toEqual({
      '/perros/$id': ['/assets/dog-page-5.css', '/assets/Button-6.css'],
      '/cuenta': ['/assets/Button-6.css', '/assets/account-8.css'],
    });
    const { routes } = routerManifestFrom(vite, routeFiles, {
      '/perros/$id': '/assets/route-a.css',
    });
    expect(routes['/perros/$id']?.css).toEqual(['/assets/route-a.css']);
    // Its parts are added disabled by the route's script: known to Vite's loader, never fetched.
    expect(routes['/perros/$id']?.scripts?.[0]?.children).toContain(
      ',["/assets/dog-page-5.css","/assets/Button-6.css"])',
    );
    expect(routes['/cuenta']?.css).toEqual(['/assets/Button-6.css', '/assets/account-8.css']);
  });

  it('loads the code only after the first paint: the routes’ chunks, then the entry', () => {
    class FakeElement {
      setAttribute(name: string) {
        (this as unknown as Record<string, boolean>)[name] = true;
      }
    }
    const head: Array<{
      rel?: string;
      href?: string;
      type?: string;
      src?: string;
      disabled?: boolean;
    }> = [];
    const paint: Array<(list: { getEntriesByName(name: string): unknown[] }, o: unknown) => void> =
      [];
    const timers: Array<() => void> = [];
    const document = {
      readyState: 'interactive',
      head: { appendChild: (element: (typeof head)[number]) => head.push(element) },
      createElement: () => new FakeElement(),
      addEventListener() {},
    };
    const context = vm.createContext({
      document,
      setTimeout: (callback: () => void) => timers.push(callback),
      requestAnimationFrame() {},
      PerformanceObserver: class {
        constructor(callback: (typeof paint)[number]) {
          paint.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    });
    context.self = context;
    vm.runInContext(entryLoader('/assets/entry-1.js', ['/assets/shared-2.js']), context);
    vm.runInContext('self.__hdPreload(["/assets/route-3.js"],["/assets/part-3.css"])', context);
    // Only the joined stylesheet's parts, at once and disabled.
    expect(head).toEqual([{ disabled: true, rel: 'stylesheet', href: '/assets/part-3.css' }]);
    // A paint entry that is not the first contentful paint starts nothing.
    paint[0]!({ getEntriesByName: () => [] }, { disconnect() {} });
    expect(timers).toHaveLength(1); // the fallback timer only
    paint[0]!({ getEntriesByName: () => [{}] }, { disconnect() {} });
    timers.at(-1)!();
    expect(head.slice(1)).toEqual([
      { rel: 'modulepreload', href: '/assets/shared-2.js' },
      { rel: 'modulepreload', href: '/assets/route-3.js' },
      expect.objectContaining({ type: 'module', async: true, src: '/assets/entry-1.js' }),
    ]);
    // Started once: the fallback timer adds nothing more; later routes' chunks are preloaded,
    // each once; the router running the inline scripts again after hydration adds nothing.
    timers[0]!();
    vm.runInContext('self.__hdPreload(["/assets/route-4.js","/assets/route-3.js"])', context);
    expect(head).toHaveLength(5);
    vm.runInContext(entryLoader('/assets/entry-1.js', ['/assets/shared-2.js']), context);
    timers.forEach((timer) => timer());
    expect(head).toHaveLength(5);
  });

  it('holds a button pressed before the code runs, and presses it again once React listens', () => {
    const listeners: Record<string, (event: unknown) => void> = {};
    const document = {
      readyState: 'interactive',
      head: { appendChild() {} },
      createElement: () => ({ setAttribute() {} }),
      addEventListener: (type: string, listener: (event: unknown) => void) =>
        (listeners[type] = listener),
      removeEventListener: (type: string) => delete listeners[type],
    };
    const context = vm.createContext({
      document,
      setTimeout() {},
      requestAnimationFrame() {},
      PerformanceObserver: class {
        observe() {}
      },
    });
    context.self = context;
    vm.runInContext(entryLoader('/assets/entry-1.js', []), context);
    const pressed: string[] = [];
    const button = (
      name: string,
      form?: { hasAttribute(name: string): boolean },
      type: 'submit' | 'button' = 'submit',
    ) => ({
      name,
      form,
      type,
      disabled: false,
      isConnected: true,
      click: () => pressed.push(name),
      closest(selector: string) {
        return selector === 'button' ? this : null;
      },
    });
    const press = (target: unknown) => {
      const event = { target, prevented: false, stopped: false };
      listeners.click!(
        Object.assign(event, {
          preventDefault: () => (event.prevented = true),
          stopPropagation: () => (event.stopped = true),
        }),
      );
      return { prevented: event.prevented, stopped: event.stopped };
    };
    expect(press(button('INGRESAR'))).toEqual({ prevented: true, stopped: true });
    expect(press(button('SALIR'))).toEqual({ prevented: true, stopped: true });
    // A form with an action works without the code: a press on its submit button goes on.
    const withAction = { hasAttribute: (name: string) => name === 'action' };
    expect(press(button('DAR EN ADOPCIÓN', withAction))).toEqual({
      prevented: false,
      stopped: false,
    });
    // Its other buttons submit nothing: held like any.
    expect(press(button('Perro anterior', withAction, 'button'))).toEqual({
      prevented: true,
      stopped: true,
    });
    expect(press(button('SALIR'))).toEqual({ prevented: true, stopped: true });
    // Not a button (a link, the page): left alone.
    expect(press({ closest: () => null })).toEqual({ prevented: false, stopped: false });
    vm.runInContext('self.__hdHydrated()', context);
    // The last press only, once; then presses reach the page as they are.
    expect(pressed).toEqual(['SALIR']);
    expect(listeners.click).toBeUndefined();
    vm.runInContext('self.__hdHydrated()', context);
    expect(pressed).toEqual(['SALIR']);
  });

  it("without the build's route files, only the root has assets", () => {
    expect(Object.keys(routerManifestFrom(vite, {}).routes)).toEqual(['__root__']);
  });
});
