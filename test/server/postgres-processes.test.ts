// Several server processes on one PostgreSQL: the caches answer without a query per request,
// yet a write (or a logout) acknowledged by one process is seen by the very next request on
// another, also when that request arrives while a stamp query from before the write is in flight.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Db, QueryOptions } from '../../src/server/db/db';
import { openTestDatabase, type TestDatabase } from './helpers/database';
import {
  createDog,
  createUser,
  login,
  makeApp,
  testConfig,
  TestClock,
  type TestUser,
  jobsSchemaOf,
} from './helpers/app';

const STAMP_QUERY = 'session_version';

/**
 * `db` counting its queries; while `hold` is set, a stamp query runs at once (its snapshot is
 * taken) but its answer is delivered only when the test releases it.
 */
function instrumented(db: Db) {
  const texts: string[] = [];
  let held: { ran: Promise<void>; release: () => void } | undefined;
  const wrapped: Db = {
    ...db,
    async query<T>(text: string, params?: readonly unknown[], options?: QueryOptions) {
      texts.push(text);
      const hold = held;
      if (!hold || !text.includes(STAMP_QUERY)) return db.query<T>(text, params, options);
      held = undefined;
      const rows = await db.query<T>(text, params, options);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      hold.release = release;
      (hold as { resolveRan?: () => void }).resolveRan?.();
      await gate;
      return rows;
    },
  };
  return {
    db: wrapped,
    count: (fragment: string) => texts.filter((t) => t.includes(fragment)).length,
    reset: () => (texts.length = 0),
    /** The next stamp query: resolves once it has run in the database, with its release. */
    holdNextStampQuery() {
      let resolveRan!: () => void;
      const ran = new Promise<void>((resolve) => (resolveRan = resolve));
      const hold = { ran, release: () => {}, resolveRan };
      held = hold;
      return { ran, release: () => hold.release() };
    },
  };
}

/** After every promise callback queued so far (no timer, no I/O involved). */
const afterPendingCallbacks = () => new Promise<void>((resolve) => setImmediate(resolve));

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let t: TestDatabase;
  let writer: FastifyInstance;
  let reader: FastifyInstance;
  let readerDb: ReturnType<typeof instrumented>;
  /** Resolves when the reader has received the next request (its first hook ran). */
  let nextArrival: () => Promise<void>;
  let owner: TestUser;
  let ownerCookie: string;

  beforeAll(async () => {
    t = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    const clock = new TestClock();
    writer = await makeApp(t.db, { clock });
    readerDb = instrumented(t.db);
    reader = await buildApp({
      config: testConfig(),
      db: readerDb.db,
      now: clock.now,
      logger: false,
      staticDir: null,
      purgeIntervalMs: 0,
      jobsSchema: await jobsSchemaOf(t.db),
    });
    let arrived: (() => void) | undefined;
    reader.addHook('onRequest', async () => arrived?.());
    nextArrival = () => new Promise<void>((resolve) => (arrived = resolve));
    await reader.ready();
    owner = await createUser(t.db, { name: 'Olga Dueña', email: 'olga@example.com' });
    ownerCookie = await login(writer, owner);
  });
  afterEach(async () => {
    await writer.close();
    await reader.close();
  });

  const get = (app: FastifyInstance, url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('concurrent reads share stamp queries; a cached session costs no session query', async () => {
    await createDog(writer, ownerCookie);
    await get(reader, '/api/dog'); // fills the cache
    readerDb.reset();
    const answers = await Promise.all(Array.from({ length: 40 }, () => get(reader, '/api/dog')));
    expect(answers.every((a) => a.statusCode === 200 && a.json().length === 1)).toBe(true);
    expect(readerDb.count('FROM dogs')).toBe(0);
    expect(readerDb.count('dog_list_version')).toBeLessThanOrEqual(20);

    expect((await get(reader, '/api/user/me', ownerCookie)).statusCode).toBe(200);
    readerDb.reset();
    for (let i = 0; i < 5; i++) {
      expect((await get(reader, '/api/user/me', ownerCookie)).json().user.name).toBe('Olga Dueña');
    }
    expect(readerDb.count('FROM sessions')).toBe(0);
  });

  it('a dog written through one process is the very next read of it through the other', async () => {
    expect((await get(reader, '/api/dog/1')).statusCode).toBe(404);
    const dog = await createDog(writer, ownerCookie);
    expect((await get(reader, `/api/dog/${dog.id}`)).json().name).toBe(dog.name);
    expect((await get(reader, `/api/dog/${dog.id}`, ownerCookie)).json().user).toEqual({
      name: 'Olga Dueña',
      email: 'olga@example.com',
    });
    await writer.inject({
      method: 'PUT',
      url: `/api/dog/${dog.id}`,
      headers: { cookie: ownerCookie },
      payload: { name: 'Otro', city: 'Buga' },
    });
    expect((await get(reader, `/api/dog/${dog.id}`)).json().name).toBe('Otro');
    expect((await get(reader, `/api/dog/${dog.id}`, ownerCookie)).json().name).toBe('Otro');
    await t.db.query('UPDATE users SET email = $1 WHERE id = $2', ['nueva@example.com', owner.id]);
    expect((await get(reader, `/api/dog/${dog.id}`, ownerCookie)).json().user.email).toBe(
      'nueva@example.com',
    );
    await writer.inject({
      method: 'DELETE',
      url: `/api/dog/${dog.id}`,
      headers: { cookie: ownerCookie },
    });
    expect((await get(reader, `/api/dog/${dog.id}`)).statusCode).toBe(404);
  });

  it('a logout, a purge or an account change through anyone ends the cached session at once', async () => {
    const me = () => get(reader, '/api/user/me', ownerCookie);
    expect((await me()).statusCode).toBe(200);
    await t.db.query('UPDATE users SET name = $1 WHERE id = $2', ['Olga Nueva', owner.id]);
    expect((await me()).json().user.name).toBe('Olga Nueva');
    // Activity moved back (as a purge would see it) counts as a change too.
    await t.db.query(`UPDATE sessions SET last_seen_at = last_seen_at - interval '8 days'`);
    expect((await me()).statusCode).toBe(401);

    ownerCookie = await login(writer, owner);
    expect((await me()).statusCode).toBe(200);
    await writer.inject({
      method: 'GET',
      url: '/api/user/userLogout',
      headers: { cookie: ownerCookie },
    });
    expect((await me()).statusCode).toBe(401);

    ownerCookie = await login(writer, owner);
    expect((await me()).statusCode).toBe(200);
    await t.db.query('DELETE FROM sessions'); // another process purging
    expect((await me()).statusCode).toBe(401);

    ownerCookie = await login(writer, owner);
    expect((await me()).statusCode).toBe(200);
    await t.db.query('DELETE FROM users WHERE id = $1', [owner.id]);
    expect((await me()).statusCode).toBe(401);
  });

  it('a read arriving while a stamp query from before a write is in flight waits for a newer one', async () => {
    expect(await get(reader, '/api/dog')).toMatchObject({ statusCode: 200, body: '[]' });
    const hold = readerDb.holdNextStampQuery();
    const early = get(reader, '/api/dog'); // its stamp query runs before the write
    await hold.ran;
    const dog = await createDog(writer, ownerCookie); // acknowledged
    const lateArrived = nextArrival();
    const late = get(reader, '/api/dog');
    await lateArrived;
    await afterPendingCallbacks(); // the late read is now waiting on the stamp
    hold.release();
    expect((await early).statusCode).toBe(200); // concurrent with the write: either answer
    expect((await late).json().map((d: { id: number }) => d.id)).toEqual([dog.id]);
  });

  it('a request arriving while a stamp query from before a logout is in flight is refused', async () => {
    const me = () => get(reader, '/api/user/me', ownerCookie);
    expect((await me()).statusCode).toBe(200);
    const hold = readerDb.holdNextStampQuery();
    const early = me();
    await hold.ran;
    await writer.inject({
      method: 'GET',
      url: '/api/user/userLogout',
      headers: { cookie: ownerCookie },
    });
    const lateArrived = nextArrival();
    const late = me();
    await lateArrived;
    await afterPendingCallbacks();
    hold.release();
    expect([200, 401]).toContain((await early).statusCode);
    expect((await late).statusCode).toBe(401);
  });
});
