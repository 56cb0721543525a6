// No page flashes unstyled: every class the server's HTML uses, where the build styles it at all,
// is styled by a stylesheet that HTML links. A screen whose code imports its styles but whose route
// does not link them in its head is drawn bare until the code arrives, then jumps into place.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDog, createUser, login, makeApp, TestClock } from './helpers/app';
import { openTestDatabase, type TestDatabase } from './helpers/database';
import { buildPages, BUILD_TIMEOUT_MS, type PagesBuild } from './helpers/pages';

let build: PagesBuild;
let staticDir: string;
/** Every class some stylesheet of the build styles. */
let styledAnywhere: Set<string>;
let t: TestDatabase;
let app: FastifyInstance;
let ownerCookie: string;
let adminCookie: string;
let dogId: number;
let reportId: number;
let orgSlug: string;

/** The class names a stylesheet's selectors name. */
function classesOf(css: string): Set<string> {
  const withoutBodies = css.replace(/\{[^{}]*\}/g, '{}').replace(/url\([^)]*\)/g, '');
  return new Set([...withoutBodies.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!));
}

/** The classes of the page's elements and the stylesheets it links. */
function usedAndLinked(html: string) {
  const used = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of m[1]!.split(/\s+/)) if (name) used.add(name);
  }
  const linked = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (!/\brel="stylesheet"/.test(tag)) continue;
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    for (const name of classesOf(readFileSync(join(staticDir, href), 'utf8'))) linked.add(name);
  }
  return { used, linked };
}

beforeAll(async () => {
  build = buildPages('happydog-styles-');
  staticDir = build.staticDir;
  styledAnywhere = new Set();
  for (const file of readdirSync(join(staticDir, 'assets'))) {
    if (!file.endsWith('.css')) continue;
    for (const name of classesOf(readFileSync(join(staticDir, 'assets', file), 'utf8')))
      styledAnywhere.add(name);
  }

  t = await openTestDatabase('pglite');
  const clock = new TestClock();
  app = await makeApp(t.db, { staticDir, clock });
  const owner = await createUser(t.db, { name: 'Olga Dueña', email: 'olga@example.com' });
  const admin = await createUser(t.db, { name: 'Ada Admin', email: 'ada@example.com' });
  await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
  ownerCookie = await login(app, owner);
  adminCookie = await login(app, admin);
  dogId = (await createDog(app, ownerCookie, { name: 'Canela' })).id;
  const post = async (url: string, payload: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { cookie: ownerCookie },
      payload,
    });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  // Yesterday in Bogotá (UTC−5) by the app's clock.
  const yesterday = new Date(clock.now().getTime() - 29 * 3600_000).toISOString().slice(0, 10);
  reportId = (
    await post('/api/lost-found', {
      kind: 'lost',
      name: 'Luna',
      sex: 'female',
      size: 'medium',
      colors: ['negro'],
      description: 'Perrita criolla con collar rojo',
      date: yesterday,
      zone: 'cali-comuna-17',
    })
  ).report.id;
  orgSlug = (
    await post('/api/orgs', {
      name: 'Fundación Patitas del Valle',
      kind: 'fundacion',
      zone: 'cali-comuna-17',
      description: 'Rescatamos perros de la calle en el sur de Cali.',
      links: [],
    })
  ).org.slug;
}, BUILD_TIMEOUT_MS + 60_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
  build?.remove();
});

const anonymous = () => [
  '/',
  '/perros',
  `/perros/${dogId}`,
  '/perdidos',
  `/perdidos/${reportId}`,
  '/fundaciones',
  `/fundaciones/${orgSlug}`,
  '/finales-felices',
  '/seguimiento/un-enlace-que-no-existe',
  '/adoptar-seguro',
  '/privacidad',
  '/entrar',
  '/registrarse',
  '/recuperar',
];
const loggedIn = () => [
  '/cuenta',
  '/mis-perros',
  '/mis-solicitudes',
  '/guardados',
  '/perdidos/nuevo',
  `/perdidos/${reportId}/editar`,
  '/fundaciones/nueva',
  `/fundaciones/${orgSlug}/editar`,
  `/fundaciones/${orgSlug}/integrantes`,
];

describe('every class a server-drawn page uses is styled by the stylesheets it links', () => {
  /** Each page's classes drawn without their styles (pages without any left out). */
  const bareClasses = async (urls: string[], cookie?: string) => {
    const bare: Record<string, string[]> = {};
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, url).toBe(200);
      const { used, linked } = usedAndLinked(res.body);
      const missing = [...used].filter((name) => styledAnywhere.has(name) && !linked.has(name));
      if (missing.length > 0) bare[url] = missing;
    }
    return bare;
  };

  it('for a visitor', async () => {
    expect(await bareClasses(anonymous())).toEqual({});
  });
  it('for a logged-in person', async () => {
    expect(await bareClasses(loggedIn(), ownerCookie)).toEqual({});
  });
  it('for an admin', async () => {
    expect(await bareClasses(['/admin'], adminCookie)).toEqual({});
  });
});
