// Dog listings: list/pagination, detail, create, update, delete, ownership and validation bounds.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/api';
import { dogListResponseSchema, dogSchema } from '../../src/shared/dog';
import { OWN_SITE_IMAGE } from '../../src/server/dogs/image-url';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import {
  createDog,
  createUser,
  DAY,
  HOUR,
  login,
  makeApp,
  setCookieHeader,
  testConfig,
  TestClock,
  validDog,
  type TestUser,
} from './helpers/app';

/** The profile of a dog published with none of it (migration 005), by no organization. */
const emptyProfile = {
  sex: null,
  size: null,
  age_months: null,
  sterilized: null,
  vaccinated: null,
  good_with_kids: null,
  good_with_dogs: null,
  good_with_cats: null,
  status: 'available',
  demo: false,
  org: null,
  created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
};

describe.each(BACKENDS)('dogs on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  let owner: TestUser;
  let ownerCookie: string;
  let other: TestUser;
  let otherCookie: string;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    clock = new TestClock();
    app = await makeApp(t.db, { clock });
    owner = await createUser(t.db, { name: 'Olga Dueña', email: 'olga@example.com' });
    other = await createUser(t.db, { name: 'Otto Otro', email: 'otto@example.com' });
    ownerCookie = await login(app, owner);
    otherCookie = await login(app, other);
  });
  afterEach(async () => {
    await app.close();
  });

  /** Inserts n dogs of the owner straight into the database (ids 1..n, newest = n). */
  async function seedDogs(n: number) {
    await t.db.query(
      `INSERT INTO dogs (name, city, hostage_id)
       SELECT 'Perro ' || g, 'Cali', $2 FROM generate_series(1, $1::int) AS g ORDER BY g`,
      [n, owner.id],
    );
  }
  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  describe('GET /api/dog', () => {
    it('200 [] when there are no dogs', async () => {
      const res = await get('/api/dog');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('newest first, 24 by default, and pages with limit & before', async () => {
      await seedDogs(30);
      const first = (await get('/api/dog')).json() as { id: number }[];
      expect(first.map((d) => d.id)).toEqual(Array.from({ length: 24 }, (_, i) => 30 - i));
      const page = (await get('/api/dog?limit=5&before=7')).json() as { id: number }[];
      expect(page.map((d) => d.id)).toEqual([6, 5, 4, 3, 2]);
      expect(
        (await get('/api/dog?limit=5&before=3')).json().map((d: { id: number }) => d.id),
      ).toEqual([2, 1]);
      expect((await get('/api/dog?before=1')).json()).toEqual([]);
      expect((await get('/api/dog?limit=1')).json().map((d: { id: number }) => d.id)).toEqual([30]);
      expect((await get('/api/dog?limit=100')).json()).toHaveLength(30);
      // A cursor beyond every id is simply the first page (no integer overflow).
      expect((await get('/api/dog?before=999999999999999')).json()).toHaveLength(24);
    });

    it('walking the pages returns every dog exactly once', async () => {
      await seedDogs(57);
      const seen: number[] = [];
      let url = '/api/dog?limit=10';
      for (;;) {
        const page = (await get(url)).json() as { id: number }[];
        if (page.length === 0) break;
        seen.push(...page.map((d) => d.id));
        url = `/api/dog?limit=10&before=${page[page.length - 1]!.id}`;
      }
      expect(seen).toEqual(Array.from({ length: 57 }, (_, i) => 57 - i));
    });

    it.each([
      ['limit=0', 'El parámetro limit debe estar entre 1 y 100'],
      ['limit=101', 'El parámetro limit debe estar entre 1 y 100'],
      ['limit=abc', 'El parámetro limit debe ser un número entero positivo'],
      ['limit=-1', 'El parámetro limit debe ser un número entero positivo'],
      ['limit=1.5', 'El parámetro limit debe ser un número entero positivo'],
      ['limit=', 'El parámetro limit debe ser un número entero positivo'],
      ['before=0', 'El parámetro before debe ser un número entero positivo'],
      ['before=x', 'El parámetro before debe ser un número entero positivo'],
      ['limit=1&limit=2', 'El parámetro limit no es válido'],
    ])('400 for ?%s', async (query, message) => {
      const res = await get(`/api/dog?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
    });

    it('ignores unknown query parameters', async () => {
      await seedDogs(2);
      expect((await get('/api/dog?foo=bar&limit=1')).json()).toHaveLength(1);
    });

    it('anonymous visitors never receive owner contact details', async () => {
      await createDog(app, ownerCookie);
      const res = await get('/api/dog');
      const [dog] = res.json();
      // An empty contact in the owner's place (clients read dog.user.name), never the owner's.
      expect(dog.user).toStrictEqual({ name: '', email: '' });
      expect(res.body).not.toContain('olga@example.com');
      expect(res.body).not.toContain('Olga Dueña');
      expect(dogListResponseSchema.parse(res.json())).toHaveLength(1);
    });

    it('logged-in requesters get {name,email} of each owner', async () => {
      await createDog(app, ownerCookie, { name: 'Uno' });
      await createDog(app, otherCookie, { name: 'Dos' });
      const dogs = (await get('/api/dog', otherCookie)).json();
      expect(dogs.map((d: { name: string; user: unknown }) => [d.name, d.user])).toEqual([
        ['Dos', { name: 'Otto Otro', email: 'otto@example.com' }],
        ['Uno', { name: 'Olga Dueña', email: 'olga@example.com' }],
      ]);
    });

    it('an expired or forged session is treated as anonymous (and its cookie cleared)', async () => {
      await createDog(app, ownerCookie);
      clock.advance(8 * DAY);
      const res = await get('/api/dog', ownerCookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()[0].user).toStrictEqual({ name: '', email: '' });
      expect(setCookieHeader(res)).toContain('Max-Age=0');
      const forged = await get('/api/dog', 'hd_session=' + 'Z'.repeat(43));
      expect(forged.json()[0].user).toStrictEqual({ name: '', email: '' });
    });
  });

  describe('list cache', () => {
    it.runIf(backend === 'pglite')(
      'embedded: a change behind the server’s back (impossible with the DATA_DIR lock) shows within DOG_LIST_CACHE_MS',
      async () => {
        await seedDogs(1);
        expect((await get('/api/dog')).json()).toHaveLength(1);
        await seedDogs(1);
        expect((await get('/api/dog')).json()).toHaveLength(1);
        clock.advance(1000);
        expect((await get('/api/dog')).json()).toHaveLength(2);
      },
    );

    it.runIf(backend === 'postgres')(
      'PostgreSQL: a change made by anyone else is visible to the very next read',
      async () => {
        await seedDogs(1);
        expect((await get('/api/dog')).json()).toHaveLength(1);
        await seedDogs(1); // straight into the database, as another process would
        expect((await get('/api/dog')).json()).toHaveLength(2);
        await t.db.query('UPDATE users SET name = $1 WHERE id = $2', ['Olga Nueva', owner.id]);
        expect((await get('/api/dog', otherCookie)).json()[0].user.name).toBe('Olga Nueva');
        await t.db.query('DELETE FROM users WHERE id = $1', [owner.id]); // cascades to the dogs
        expect((await get('/api/dog')).json()).toEqual([]);
      },
    );

    it.runIf(backend === 'postgres')(
      'PostgreSQL, two server processes: a write through one is seen by the next read through the other',
      async () => {
        const second = await makeApp(t.db, { clock });
        try {
          const read = async (cookie?: string) =>
            (
              await second.inject({
                method: 'GET',
                url: '/api/dog',
                headers: cookie ? { cookie } : {},
              })
            ).json() as { id: number; name: string }[];
          expect(await read()).toEqual([]);
          expect(await read(otherCookie)).toEqual([]);
          const dog = await createDog(app, ownerCookie);
          expect((await read()).map((d) => d.id)).toEqual([dog.id]);
          expect((await read(otherCookie)).map((d) => d.id)).toEqual([dog.id]);
          await app.inject({
            method: 'PUT',
            url: `/api/dog/${dog.id}`,
            headers: { cookie: ownerCookie },
            payload: { name: 'Otro', city: 'Buga' },
          });
          expect((await read()).map((d) => d.name)).toEqual(['Otro']);
          await app.inject({
            method: 'DELETE',
            url: `/api/dog/${dog.id}`,
            headers: { cookie: ownerCookie },
          });
          expect(await read()).toEqual([]);
          expect(await read(otherCookie)).toEqual([]);
        } finally {
          await second.close();
        }
      },
    );

    it('is cleared by every write through this process', async () => {
      expect((await get('/api/dog')).json()).toEqual([]);
      const dog = await createDog(app, ownerCookie);
      expect((await get('/api/dog')).json().map((d: { name: string }) => d.name)).toEqual([
        validDog.name,
      ]);
      await app.inject({
        method: 'PUT',
        url: `/api/dog/${dog.id}`,
        headers: { cookie: ownerCookie },
        payload: { name: 'Otro', city: 'Buga' },
      });
      expect((await get('/api/dog')).json().map((d: { name: string }) => d.name)).toEqual(['Otro']);
      await app.inject({
        method: 'DELETE',
        url: `/api/dog/${dog.id}`,
        headers: { cookie: ownerCookie },
      });
      expect((await get('/api/dog')).json()).toEqual([]);
    });

    it('never serves the logged-in page (with e-mails) to anonymous visitors', async () => {
      await createDog(app, ownerCookie);
      expect((await get('/api/dog', otherCookie)).json()[0].user.email).toBe('olga@example.com');
      const anon = await get('/api/dog');
      expect(anon.body).not.toContain('olga@example.com');
      expect((await get('/api/dog', otherCookie)).json()[0]).toHaveProperty('user');
    });

    it('DOG_LIST_CACHE_MS=0 turns it off', async () => {
      await app.close();
      app = await makeApp(t.db, { clock, config: testConfig({}, { DOG_LIST_CACHE_MS: '0' }) });
      expect((await get('/api/dog')).json()).toEqual([]);
      await seedDogs(1);
      expect((await get('/api/dog')).json()).toHaveLength(1);
    });
  });

  describe('GET /api/dog/:id', () => {
    it('200 with the dog (owner contact only for logged-in requesters)', async () => {
      const created = await createDog(app, ownerCookie);
      const anon = await get(`/api/dog/${created.id}`);
      expect(anon.statusCode).toBe(200);
      const photoFields = { image_url: validDog.image, photos: [], ...emptyProfile };
      expect(anon.json()).toEqual({
        id: created.id,
        hostage_id: owner.id,
        ...validDog,
        ...photoFields,
        user: { name: '', email: '' },
      });
      expect(anon.body).not.toContain('olga@example.com');
      expect(anon.body).not.toContain('Olga Dueña');
      expect(dogSchema.parse(anon.json())).toBeTruthy();
      const logged = await get(`/api/dog/${created.id}`, otherCookie);
      expect(logged.json()).toEqual({
        id: created.id,
        hostage_id: owner.id,
        ...validDog,
        ...photoFields,
        user: { name: 'Olga Dueña', email: 'olga@example.com' },
      });
      expect(dogSchema.parse(logged.json())).toBeTruthy();
    });

    it.each(['999', '0', '2147483648', '999999999999999'])(
      '404 for an unknown id %s',
      async (id) => {
        const res = await get(`/api/dog/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: MESSAGES.dogNotFound });
      },
    );

    it.each(['abc', '-1', '1.5', '1e3', '9999999999999999'])(
      '400 for a malformed id %s',
      async (id) => {
        const res = await get(`/api/dog/${id}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'El id del perro no es válido' });
      },
    );
  });

  describe('POST /api/dog', () => {
    const post = (payload: unknown, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/dog',
        headers: cookie ? { cookie } : {},
        payload: payload as object,
      });

    it('401 without a session comes before reading the body (malformed or __proto__ JSON)', async () => {
      for (const payload of ['{"__proto__": ""}', '{"name":', 'x'.repeat(70 * 1024)]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/dog',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: MESSAGES.notLoggedIn });
      }
    });

    it('401 without a session', async () => {
      const res = await post(validDog);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MESSAGES.notLoggedIn });
      expect(await t.db.query('SELECT 1 FROM dogs')).toEqual([]);
    });

    it('201 {dog}; hostage_id always comes from the session, never the body', async () => {
      const res = await post(
        { ...validDog, hostage_id: other.id, id: 777, user: { name: 'x', email: 'x@x.co' } },
        ownerCookie,
      );
      expect(res.statusCode).toBe(201);
      const { dog } = res.json();
      expect(dog).toEqual({
        id: 1,
        hostage_id: owner.id,
        ...validDog,
        image_url: validDog.image,
        photos: [],
        ...emptyProfile,
        user: { name: 'Olga Dueña', email: 'olga@example.com' },
      });
      const [row] = await t.db.query<{ hostage_id: number }>('SELECT hostage_id FROM dogs');
      expect(row!.hostage_id).toBe(owner.id);
    });

    it('trims text, fills optional fields with "" and drops unknown fields', async () => {
      const res = await post({ name: '  Pepa  ', city: ' Yumbo ', color: 'negro' }, ownerCookie);
      expect(res.statusCode).toBe(201);
      const { dog } = res.json();
      expect(dog).toMatchObject({
        name: 'Pepa',
        city: 'Yumbo',
        height: '',
        weight: '',
        life_span: '',
        personality: '',
        image: '',
      });
      expect(dog).not.toHaveProperty('color');
    });

    const cases: [string, Record<string, unknown>, string | null][] = [
      ['name of 60', { name: 'n'.repeat(60) }, null],
      ['name of 61', { name: 'n'.repeat(61) }, 'El nombre no puede superar 60 caracteres'],
      ['name empty', { name: '' }, 'El nombre es obligatorio'],
      ['name blank', { name: '   ' }, 'El nombre es obligatorio'],
      ['name missing', { name: undefined }, 'El nombre es obligatorio'],
      ['name a number', { name: 5 }, 'El nombre debe ser texto'],
      ['city of 60', { city: 'c'.repeat(60) }, null],
      ['city of 61', { city: 'c'.repeat(61) }, 'La ciudad no puede superar 60 caracteres'],
      ['city empty', { city: '' }, 'La ciudad es obligatoria'],
      ['height of 40', { height: 'h'.repeat(40) }, null],
      ['height of 41', { height: 'h'.repeat(41) }, 'La altura no puede superar 40 caracteres'],
      ['weight of 40', { weight: 'w'.repeat(40) }, null],
      ['weight of 41', { weight: 'w'.repeat(41) }, 'El peso no puede superar 40 caracteres'],
      ['life_span of 40', { life_span: 'l'.repeat(40) }, null],
      [
        'life_span of 41',
        { life_span: 'l'.repeat(41) },
        'La esperanza de vida no puede superar 40 caracteres',
      ],
      ['personality of 1000', { personality: 'p'.repeat(1000) }, null],
      [
        'personality of 1001',
        { personality: 'p'.repeat(1001) },
        'La personalidad no puede superar 1000 caracteres',
      ],
      ['image empty', { image: '' }, null],
      ['image http URL', { image: 'http://example.com/a.png' }, null],
      ['image of 2048', { image: 'https://example.com/' + 'a'.repeat(2048 - 20) }, null],
      [
        'image of 2049',
        { image: 'https://example.com/' + 'a'.repeat(2049 - 20) },
        'La imagen no puede superar 2048 caracteres',
      ],
      [
        'image javascript:',
        { image: 'javascript:alert(1)' },
        'La imagen debe ser una URL que empiece por http:// o https://',
      ],
      [
        'image ftp:',
        { image: 'ftp://example.com/a.png' },
        'La imagen debe ser una URL que empiece por http:// o https://',
      ],
      [
        'image relative',
        { image: '/demo-dogs/luna.svg' },
        'La imagen debe ser una URL que empiece por http:// o https://',
      ],
      ['text with NUL', { personality: 'a\u0000b' }, 'El texto no puede contener caracteres nulos'],
    ];
    it.each(cases)('validation at the boundary: %s', async (_label, overrides, error) => {
      const res = await post({ ...validDog, ...overrides }, ownerCookie);
      if (error === null) {
        expect(res.statusCode).toBe(201);
      } else {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error });
      }
    });
  });

  describe('image URLs that would make visitors call this site', () => {
    // inject() sends Host: localhost:80; the test config's PUBLIC_URL is http://127.0.0.1:3000.
    const refused = [
      'http://localhost/api/user/userLogout',
      'https://localhost:8443/perro.jpg',
      'http://LOCALHOST./api/user/userLogout',
      'http://127.0.0.1:3000/api/user/userLogout',
      'http://127.0.0.1/demo-dogs/luna.svg',
      'https://user@127.0.0.1:3000/x.png',
      'https://evil.example/api/user/userLogout',
      'https://evil.example/%61pi/user/%75serLogout',
      'https://evil.example//api/dog',
      'https://evil.example/a/../api/user/userLogout',
      'https://evil.example/API',
    ];
    it.each(refused)('POST and PUT refuse %s with 400 and store nothing', async (image) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/dog',
        headers: { cookie: ownerCookie },
        payload: { ...validDog, image },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: OWN_SITE_IMAGE });
      const dog = await createDog(app, ownerCookie);
      const put = await app.inject({
        method: 'PUT',
        url: `/api/dog/${dog.id}`,
        headers: { cookie: ownerCookie },
        payload: { ...validDog, image },
      });
      expect(put.statusCode, put.body).toBe(400);
      expect(put.json()).toEqual({ error: OWN_SITE_IMAGE });
      const stored = await t.db.query<{ image: string }>('SELECT image FROM dogs');
      expect(stored.map((r) => r.image)).toEqual([validDog.image]);
    });

    it('accepts other sites, paths that only look like the API, and the host named by PUBLIC_URL only', async () => {
      for (const image of [
        'https://fotos.example/perro.jpg',
        'https://fotos.example/apis/perro.jpg',
        'https://fotos.example/fotos/api/perro.jpg',
        'https://localhost.example/perro.jpg',
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/dog',
          headers: { cookie: ownerCookie },
          payload: { ...validDog, image },
        });
        expect(res.statusCode, `${image}: ${res.body}`).toBe(201);
      }
      await app.close();
      app = await makeApp(t.db, {
        clock,
        config: testConfig({}, { PUBLIC_URL: 'https://happydog.example' }),
      });
      const res = await app.inject({
        method: 'POST',
        url: '/api/dog',
        headers: { cookie: ownerCookie },
        payload: { ...validDog, image: 'http://happydog.example/perro.jpg' },
      });
      expect(res.statusCode, res.body).toBe(400);
    });
  });

  describe('PUT /api/dog/:id', () => {
    const put = (id: number | string, payload: unknown, cookie?: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/dog/${id}`,
        headers: cookie ? { cookie } : {},
        payload: payload as object,
      });

    it('200 {dog} for the owner; the whole dog is replaced and hostage_id cannot move', async () => {
      const dog = await createDog(app, ownerCookie);
      const res = await put(
        dog.id,
        { name: 'Nuevo', city: 'Buga', hostage_id: other.id },
        ownerCookie,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        dog: {
          id: dog.id,
          name: 'Nuevo',
          city: 'Buga',
          height: '',
          weight: '',
          life_span: '',
          personality: '',
          image: '',
          hostage_id: owner.id,
          image_url: '',
          photos: [],
          ...emptyProfile,
          user: { name: 'Olga Dueña', email: 'olga@example.com' },
        },
      });
      expect((await get(`/api/dog/${dog.id}`)).json()).toMatchObject({
        name: 'Nuevo',
        hostage_id: owner.id,
      });
    });

    it('401 without a session', async () => {
      const dog = await createDog(app, ownerCookie);
      expect((await put(dog.id, validDog)).statusCode).toBe(401);
    });

    it('403 for someone else’s dog, which stays unchanged (no IDOR)', async () => {
      const dog = await createDog(app, ownerCookie);
      const res = await put(dog.id, { ...validDog, name: 'Robado' }, otherCookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: MESSAGES.notOwner });
      expect((await get(`/api/dog/${dog.id}`)).json().name).toBe(validDog.name);
    });

    it('404 for an unknown dog', async () => {
      const res = await put(424242, validDog, ownerCookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MESSAGES.dogNotFound });
      expect((await put('99999999999', validDog, ownerCookie)).statusCode).toBe(404);
    });

    it('400 for an invalid body or id', async () => {
      const dog = await createDog(app, ownerCookie);
      const res = await put(dog.id, { ...validDog, name: 'n'.repeat(61) }, ownerCookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'El nombre no puede superar 60 caracteres' });
      expect((await put('abc', validDog, ownerCookie)).json()).toEqual({
        error: 'El id del perro no es válido',
      });
    });
  });

  describe('DELETE /api/dog/:id', () => {
    const del = (id: number | string, cookie?: string) =>
      app.inject({ method: 'DELETE', url: `/api/dog/${id}`, headers: cookie ? { cookie } : {} });

    it('204 for the owner; then it is gone (404)', async () => {
      const dog = await createDog(app, ownerCookie);
      const res = await del(dog.id, ownerCookie);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await get(`/api/dog/${dog.id}`)).statusCode).toBe(404);
      expect((await del(dog.id, ownerCookie)).statusCode).toBe(404);
    });

    it('401 without a session', async () => {
      const dog = await createDog(app, ownerCookie);
      expect((await del(dog.id)).statusCode).toBe(401);
      expect((await get(`/api/dog/${dog.id}`)).statusCode).toBe(200);
    });

    it('403 for someone else’s dog, which survives', async () => {
      const dog = await createDog(app, ownerCookie);
      const res = await del(dog.id, otherCookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: MESSAGES.notOwner });
      expect((await get(`/api/dog/${dog.id}`)).statusCode).toBe(200);
    });

    it('404 for an unknown dog, 400 for a malformed id', async () => {
      expect((await del(31337, ownerCookie)).json()).toEqual({ error: MESSAGES.dogNotFound });
      expect((await del('x', ownerCookie)).statusCode).toBe(400);
    });
  });

  describe('rate limits on writes', () => {
    const write = (
      method: 'POST' | 'PUT' | 'DELETE',
      url: string,
      cookie: string | undefined,
      remoteAddress: string,
      payload?: object,
    ) =>
      app.inject({
        method,
        url,
        headers: cookie ? { cookie } : {},
        remoteAddress,
        ...(payload ? { payload } : {}),
      });
    const limited = (res: Awaited<ReturnType<typeof write>>, maxSeconds: number) => {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: MESSAGES.tooManyAttempts });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
    };
    const relimit = async (overrides: Parameters<typeof testConfig>[0]) => {
      await app.close();
      app = await makeApp(t.db, { clock, config: testConfig(overrides) });
    };

    it('per user: creations, edits and deletions share DOG_WRITE_RATE_LIMIT_USER per window', async () => {
      await relimit({ dogWritePerUser: 4, dogWritePerIp: 100, dogWriteWindowMs: HOUR });
      const ip = (i: number) => `10.4.0.${i}`;
      const a = await write('POST', '/api/dog', ownerCookie, ip(1), validDog);
      expect(a.statusCode).toBe(201);
      const id = a.json().dog.id as number;
      expect((await write('POST', '/api/dog', ownerCookie, ip(2), validDog)).statusCode).toBe(201);
      expect(
        (await write('PUT', `/api/dog/${id}`, ownerCookie, ip(3), { ...validDog, name: 'Otro' }))
          .statusCode,
      ).toBe(200);
      expect((await write('DELETE', `/api/dog/${id}`, ownerCookie, ip(4))).statusCode).toBe(204);
      // A fifth write by the same user, from yet another address: refused, and nothing written.
      const before = await t.db.query('SELECT id FROM dogs ORDER BY id');
      limited(await write('POST', '/api/dog', ownerCookie, ip(5), validDog), 3600);
      limited(await write('PUT', '/api/dog/1', ownerCookie, ip(5), validDog), 3600);
      limited(await write('DELETE', '/api/dog/2', ownerCookie, ip(5)), 3600);
      expect(await t.db.query('SELECT id FROM dogs ORDER BY id')).toEqual(before);
      // Before the body is even looked at: a bad body also gets 429, not 400.
      limited(await write('POST', '/api/dog', ownerCookie, ip(5), { name: '' }), 3600);
      // Another user is unaffected; the window's end gives the budget back.
      expect((await write('POST', '/api/dog', otherCookie, ip(5), validDog)).statusCode).toBe(201);
      clock.advance(HOUR);
      expect((await write('POST', '/api/dog', ownerCookie, ip(5), validDog)).statusCode).toBe(201);
    });

    it('per IP: several accounts from one address share DOG_WRITE_RATE_LIMIT_IP', async () => {
      await relimit({ dogWritePerUser: 100, dogWritePerIp: 3, dogWriteWindowMs: HOUR });
      const shared = '198.51.100.20';
      expect((await write('POST', '/api/dog', ownerCookie, shared, validDog)).statusCode).toBe(201);
      expect((await write('POST', '/api/dog', otherCookie, shared, validDog)).statusCode).toBe(201);
      expect((await write('POST', '/api/dog', ownerCookie, shared, validDog)).statusCode).toBe(201);
      limited(await write('POST', '/api/dog', otherCookie, shared, validDog), 3600);
      expect(
        (await write('POST', '/api/dog', otherCookie, '198.51.100.21', validDog)).statusCode,
      ).toBe(201);
    });

    it('anonymous writes get 401, not 429, and spend nothing', async () => {
      await relimit({ dogWritePerUser: 1, dogWritePerIp: 1 });
      for (let i = 0; i < 3; i++)
        expect((await write('POST', '/api/dog', undefined, '10.4.1.1', validDog)).statusCode).toBe(
          401,
        );
      expect((await write('POST', '/api/dog', ownerCookie, '10.4.1.1', validDog)).statusCode).toBe(
        201,
      );
    });

    it('a limit of 0 turns it off', async () => {
      await relimit({ dogWritePerUser: 0, dogWritePerIp: 0 });
      for (let i = 0; i < 5; i++) await createDog(app, ownerCookie);
      expect(await t.db.query("SELECT 1 FROM rate_limits WHERE key LIKE 'dog-write:%'")).toEqual(
        [],
      );
    });

    it('the OpenAPI document lists 429 for every limited route', async () => {
      const doc = (await get('/api/openapi.json')).json() as {
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      };
      const responses = (path: string, method: string) =>
        Object.keys(doc.paths[path]![method]!.responses);
      expect(responses('/api/dog', 'post')).toContain('429');
      expect(responses('/api/dog/{id}', 'put')).toContain('429');
      expect(responses('/api/dog/{id}', 'delete')).toContain('429');
      expect(responses('/api/dog', 'get')).not.toContain('429');
    });
  });
});
