// The dog profile (migration 005) and the catalogue's filters: GET /api/dog?q&city&size&sex&age&status,
// GET /api/dog/count, Spanish text search (accents, case, small typos) and the exact list cache.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOG_COUNT_CAP, dogCountResponseSchema, dogListResponseSchema } from '../../src/shared/dog';
import { SEARCH_WALK_ROWS, VISIBLE } from '../../src/server/dogs/repository';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { createDog, createUser, login, makeApp, TestClock, type TestUser } from './helpers/app';

describe.each(BACKENDS)('dog catalogue on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let owner: TestUser;
  let cookie: string;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    app = await makeApp(t.db, { clock: new TestClock() });
    owner = await createUser(t.db, { name: 'Olga', email: 'olga@example.com' });
    cookie = await login(app, owner);
  });
  afterEach(async () => {
    await app.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });
  const names = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return dogListResponseSchema.parse(res.json()).map((dog) => dog.name);
  };
  const count = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return dogCountResponseSchema.parse(res.json()).count;
  };

  /** A small, varied catalogue (created in this order: the newest is listed first). */
  async function seedCatalogue() {
    await createDog(app, cookie, {
      name: 'Simón',
      city: 'Cali',
      personality: 'Juguetón y cariñoso',
      sex: 'male',
      size: 'large',
      age_months: 5,
    });
    await createDog(app, cookie, {
      name: 'Luna',
      city: 'Palmira',
      personality: 'Una perra pequeña y tranquila',
      sex: 'female',
      size: 'small',
      age_months: 30,
      status: 'pending',
    });
    await createDog(app, cookie, {
      name: 'Rocky',
      city: 'Jamundí',
      personality: 'Guardián',
      sex: 'male',
      size: 'medium',
      age_months: 60,
      status: 'adopted',
    });
    await createDog(app, cookie, {
      name: 'Abuela Tita',
      city: 'cali',
      personality: 'Dormilona',
      sex: 'female',
      size: 'small',
      age_months: 120,
    });
    // The seed's kind of dog: no profile at all.
    await createDog(app, cookie, { name: 'Firulais', city: 'Yumbo', personality: 'Alegre' });
  }

  describe('profile fields', () => {
    it('POST stores them; PUT changes those sent and keeps those left out', async () => {
      const dog = await createDog(app, cookie, {
        sex: 'female',
        size: 'medium',
        age_months: 26,
        sterilized: true,
        vaccinated: false,
        good_with_kids: true,
        good_with_dogs: null,
        good_with_cats: false,
        status: 'pending',
      });
      const put = await app.inject({
        method: 'PUT',
        url: `/api/dog/${dog.id}`,
        headers: { cookie },
        // A client that knows only the seed's fields, plus one profile change.
        payload: { name: 'Mora', city: 'Cali', vaccinated: true },
      });
      expect(put.statusCode).toBe(200);
      expect((await get(`/api/dog/${dog.id}`)).json()).toMatchObject({
        name: 'Mora',
        sex: 'female',
        size: 'medium',
        age_months: 26,
        sterilized: true,
        vaccinated: true,
        good_with_kids: true,
        good_with_dogs: null,
        good_with_cats: false,
        status: 'pending',
      });
      const cleared = await app.inject({
        method: 'PUT',
        url: `/api/dog/${dog.id}`,
        headers: { cookie },
        payload: { name: 'Mora', city: 'Cali', sex: null, status: 'adopted' },
      });
      expect(cleared.json().dog).toMatchObject({ sex: null, status: 'adopted', size: 'medium' });
    });

    it.each([
      [{ sex: 'macho' }, 'El sexo debe ser uno de: male, female'],
      [{ size: 'huge' }, 'El tamaño debe ser uno de: small, medium, large'],
      [{ age_months: 301 }, 'La edad no puede superar 300 meses'],
      [{ age_months: 2.5 }, 'La edad debe ser un número entero de meses'],
      [{ status: 'sold' }, 'El estado debe ser uno de: available, pending, adopted'],
      [{ vaccinated: 'sí' }, 'Vacunado debe ser true, false o null'],
    ])('400 with a Spanish message for %j', async (fields, message) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/dog',
        headers: { cookie },
        payload: { name: 'X', city: 'Cali', ...fields },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
    });
  });

  describe('filters', () => {
    beforeEach(seedCatalogue);

    it('without filters: every dog but the adopted ones, newest first (the carousel)', async () => {
      expect(await names('/api/dog')).toEqual(['Firulais', 'Abuela Tita', 'Luna', 'Simón']);
      expect(await count('/api/dog/count')).toBe(4);
    });

    it.each([
      ['size=small', ['Abuela Tita', 'Luna']],
      ['sex=male', ['Simón']],
      ['age=puppy', ['Simón']],
      ['age=young', ['Luna']],
      ['age=adult', []],
      ['age=senior', ['Abuela Tita']],
      ['status=adopted', ['Rocky']],
      ['status=pending', ['Luna']],
      ['status=available', ['Firulais', 'Abuela Tita', 'Simón']],
      ['status=all', ['Firulais', 'Abuela Tita', 'Rocky', 'Luna', 'Simón']],
      ['status=all&age=adult', ['Rocky']],
      ['city=CALI', ['Abuela Tita', 'Simón']],
      ['city=jamundi&status=all', ['Rocky']],
      ['size=small&sex=female&age=senior', ['Abuela Tita']],
      // A form's blank fields mean "any".
      ['q=&city=&size=&sex=&age=&status=', ['Firulais', 'Abuela Tita', 'Luna', 'Simón']],
    ])('?%s', async (query, expected) => {
      expect(await names(`/api/dog?${query}`)).toEqual(expected);
      expect(await count(`/api/dog/count?${query}`)).toBe(expected.length);
    });

    it.each([
      ['simon', ['Simón']],
      ['SIMÓN', ['Simón']],
      ['pequena', ['Luna']],
      ['carinoso', ['Simón']],
      // Small typos.
      ['simom', ['Simón']],
      ['tranquilla', ['Luna']],
      ['dormilna', ['Abuela Tita']],
      // City and several words (each must match).
      ['palmira', ['Luna']],
      ['cali jugueton', ['Simón']],
      ['dormilona!!', ['Abuela Tita']],
      ['zzzz', []],
    ])('q=%s: accent- and case-insensitive, tolerant of typos', async (q, expected) => {
      const query = `q=${encodeURIComponent(q)}`;
      expect(await names(`/api/dog?${query}`)).toEqual(expected);
      expect(await count(`/api/dog/count?${query}`)).toBe(expected.length);
    });

    it('pages a filtered list with limit and before', async () => {
      const first = (await get('/api/dog?size=small&limit=1')).json();
      expect(first.map((d: { name: string }) => d.name)).toEqual(['Abuela Tita']);
      expect(await names(`/api/dog?size=small&limit=1&before=${first[0].id}`)).toEqual(['Luna']);
    });

    it.each([
      ['size=huge', 'El parámetro size debe ser uno de: small, medium, large'],
      ['sex=macho', 'El parámetro sex debe ser uno de: male, female'],
      ['age=old', 'El parámetro age debe ser uno de: puppy, young, adult, senior'],
      ['status=sold', 'El parámetro status debe ser uno de: available, pending, adopted, all'],
      [`q=${'a'.repeat(101)}`, 'El parámetro q no puede superar 100 caracteres'],
    ])('400 for ?%s, on the list and the count', async (query, message) => {
      for (const path of ['/api/dog', '/api/dog/count']) {
        const res = await get(`${path}?${query}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: message });
      }
    });

    it('a filtered list and its count see a write at once (the exact list cache)', async () => {
      expect(await names('/api/dog?q=simon')).toEqual(['Simón']);
      expect(await count('/api/dog/count?size=large')).toBe(1);
      const dog = await createDog(app, cookie, { name: 'Simona', city: 'Cali', size: 'large' });
      expect(await names('/api/dog?q=simon')).toEqual(['Simona', 'Simón']);
      expect(await count('/api/dog/count?size=large')).toBe(2);
      await app.inject({
        method: 'PUT',
        url: `/api/dog/${dog.id}`,
        headers: { cookie },
        payload: { name: 'Simona', city: 'Cali', status: 'adopted' },
      });
      expect(await names('/api/dog?q=simon')).toEqual(['Simón']);
      expect(await count('/api/dog/count?size=large')).toBe(1);
    });

    it.runIf(backend === 'postgres')(
      'PostgreSQL: a write by another process is seen by the next filtered read',
      async () => {
        expect(await names('/api/dog?sex=male')).toEqual(['Simón']);
        await t.db.query(`UPDATE dogs SET sex = 'male' WHERE name = 'Firulais'`);
        expect(await names('/api/dog?sex=male')).toEqual(['Firulais', 'Simón']);
        expect(await count('/api/dog/count?sex=male')).toBe(2);
      },
    );
  });

  it('a text search pages through the same dogs whether its words are common, rare or only in dogs the filters leave out', async () => {
    // More dogs than the search's first walk reads, words of every frequency among them.
    const total = SEARCH_WALK_ROWS * 3;
    await t.db.query(
      `INSERT INTO dogs (name, city, personality, hostage_id, size, status)
       SELECT 'Perro ' || g, 'Cali',
              concat_ws(' ', 'Noble',
                CASE WHEN g % 3 = 0 THEN 'comilón' END,
                CASE WHEN g % 50 = 7 THEN 'mandarina' END,
                CASE WHEN g % 500 = 12 THEN 'zanahoria' END,
                CASE WHEN g % 4 = 3 THEN 'galleta' END),
              $1, (ARRAY['small','medium','large'])[g % 3 + 1],
              (ARRAY['available','available','pending','adopted'])[g % 4 + 1]
         FROM generate_series(1, $2::int) g`,
      [owner.id, total],
    );
    await t.db.exec('ANALYZE dogs');

    /** Every page of the API's list, following `before`. */
    const allPages = async (query: string) => {
      const ids: number[] = [];
      for (;;) {
        const before = ids.length ? `&before=${ids.at(-1)}` : '';
        const res = await get(`/api/dog?limit=24&${query}${before}`);
        expect(res.statusCode, res.body).toBe(200);
        const page = dogListResponseSchema.parse(res.json()).map((dog) => dog.id);
        ids.push(...page);
        if (page.length < 24) return ids;
      }
    };
    /** The same search as one plain statement, newest first. */
    const reference = async (words: string[], extra = `d.status IN ('available', 'pending')`) =>
      (
        await t.db.query<{ id: number }>(
          `SELECT d.id FROM dogs d
            WHERE ${VISIBLE} AND ${extra} ${words
              .map(
                (_, i) =>
                  `AND dog_search_document(d.name, d.city, d.personality) OPERATOR(public.%>)
                       dog_search_norm($${i + 1})`,
              )
              .join(' ')}
            ORDER BY d.id DESC`,
          words,
        )
      ).map((row) => row.id);

    for (const word of ['comilon', 'mandarina', 'zanahoria', 'perro']) {
      const expected = await reference([word]);
      expect(expected.length, word).toBeGreaterThan(0);
      expect(await allPages(`q=${word}`), word).toEqual(expected);
    }
    // Found only among adopted dogs: none by default, all of them when asked for.
    expect(await reference(['galleta'])).toEqual([]);
    expect(await allPages('q=galleta')).toEqual([]);
    expect(await allPages('q=galleta&status=adopted')).toEqual(
      await reference(['galleta'], `d.status = 'adopted'`),
    );
    expect((await allPages('q=galleta&status=adopted')).length).toBe(total / 4);
    // With another filter, and two words.
    expect(await allPages('q=comilon&size=small')).toEqual(
      await reference(['comilon'], `d.status IN ('available', 'pending') AND d.size = 'small'`),
    );
    expect(await allPages('q=mandarina%20comilon')).toEqual(
      await reference(['mandarina', 'comilon']),
    );
  });

  it('counts up to DOG_COUNT_CAP and says when there are more', async () => {
    await t.db.query(
      `INSERT INTO dogs (name, city, personality, hostage_id, size, status)
       SELECT 'Perro ' || g, 'Cali', 'Noble y comilón', $1,
              CASE WHEN g <= 7 THEN 'small' ELSE 'large' END, 'available'
         FROM generate_series(1, $2::int) g`,
      [owner.id, DOG_COUNT_CAP + 2],
    );
    const body = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      return dogCountResponseSchema.parse(res.json());
    };
    expect(await body('/api/dog/count')).toEqual({ count: DOG_COUNT_CAP, more: true });
    expect(await body('/api/dog/count?q=comilon')).toEqual({ count: DOG_COUNT_CAP, more: true });
    expect(await body('/api/dog/count?size=small')).toEqual({ count: 7, more: false });
    expect(await body('/api/dog/count?q=comilon&size=small')).toEqual({ count: 7, more: false });
    expect(await body('/api/dog/count?status=adopted')).toEqual({ count: 0, more: false });
  });

  it('the plans use the indexes of migration 005', async () => {
    // Enough rows (and fresh statistics) for the planner to prefer an index over a scan.
    await t.db.query(
      `INSERT INTO dogs (name, city, personality, hostage_id, size, sex, age_months, status)
       SELECT 'Perro ' || g, (ARRAY['Cali','Palmira','Buga','Tuluá'])[g % 4 + 1],
              'Tranquilo ' || md5(g::text), $1,
              (ARRAY['small','medium','large'])[g % 3 + 1], (ARRAY['male','female'])[g % 2 + 1],
              g % 200, (ARRAY['available','available','pending','adopted'])[g % 4 + 1]
         FROM generate_series(1, 20000) g`,
      [owner.id],
    );
    await t.db.exec('ANALYZE dogs');
    const plan = (filters: Record<string, string>) => app.dogs.explainList({ limit: 24, filters });
    expect(await plan({ q: 'simon' })).toMatch(/dogs_search_trgm_idx/);
    // A text search walks the newest dogs first and asks the trigram index only when that walk
    // did not fill the page (listSql).
    expect(await plan({ q: 'simon' })).toMatch(/CTE walk[\s\S]*CTE matched/);
    expect(await plan({ city: 'Buga', status: 'all' })).toMatch(/Index|index/);
    expect(await plan({})).toMatch(/Index Scan Backward using dogs_pkey|dogs_status_id_idx/);
  });
});
