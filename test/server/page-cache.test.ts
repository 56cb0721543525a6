// The anonymous page cache (pages/page-cache.ts) and the stamp it trusts: every table is either
// tracked by page_data_version's triggers or explicitly left out, and the stamp moves once per
// transaction that changed a tracked row, as it commits, never for one that changed nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../src/server/db/migrate';
import { readPageDataVersion, readStamps } from '../../src/server/db/stamps';
import { createPageCache, type Lookup } from '../../src/server/pages/page-cache';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';

/**
 * Tables no page drawn for an anonymous visitor reads, so their writes leave cached pages alone.
 * A new table must be tracked (track_page_data in its migration) or listed here, with a reason.
 */
const UNTRACKED = {
  schema_migrations: 'the migrations applied',
  app_meta: 'one-off markers (the demo seeding)',
  dog_list_version: 'a stamp, bumped with tracked tables',
  session_version: 'a stamp, bumped with tracked tables or sessions',
  received_box_versions: 'a stamp, bumped with tracked tables',
  page_data_version: 'this stamp',
  sessions: 'logged-in visitors only; activity is written on every request',
  rate_limits: 'counters written on logins and writes',
  password_resets: 'read only by the reset request itself',
  consents: "a person's accepted policy versions, in their export only",
  admin_audit: "the admins' log, never public",
  media_blobs: 'photo bytes, served as files; pages link them through photos',
};

/** Each tracked table's triggers: rows' changes bump at the commit, a TRUNCATE at once. */
const trackingTriggers = (table: string) => [
  `${table}_bump_page_data_version (deferred, each row)`,
  `${table}_truncate_bump_page_data_version (immediate, each statement)`,
];

describe.each(BACKENDS)('page_data_version on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });

  it('tracks every table of the schema but the listed ones', async () => {
    const tables = await t.db.query<{ name: string; triggers: string[] }>(
      `SELECT c.relname AS name,
              COALESCE(array_agg(
                format('%s (%s, %s)', tg.tgname,
                       CASE WHEN tg.tginitdeferred THEN 'deferred' ELSE 'immediate' END,
                       CASE WHEN tg.tgtype & 1 = 1 THEN 'each row' ELSE 'each statement' END)
              ) FILTER (WHERE tg.tgname IS NOT NULL), '{}') AS triggers
         FROM pg_class c
         LEFT JOIN pg_trigger tg ON tg.tgrelid = c.oid
              AND tg.tgfoid = 'bump_page_data_version'::regproc
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
        GROUP BY c.relname ORDER BY c.relname`,
    );
    const names = tables.map((table) => table.name);
    for (const name of Object.keys(UNTRACKED)) expect(names).toContain(name);
    expect(names).toContain('dogs');
    for (const { name, triggers } of tables) {
      const expected = name in UNTRACKED ? [] : trackingTriggers(name);
      expect(triggers.sort(), `${name}: tracked, or listed as untracked`).toEqual(expected.sort());
    }
  });

  it('moves once per transaction that changed a tracked row, in the shared stamps read too', async () => {
    const before = await readPageDataVersion(t.db);
    expect((await readStamps(t.db)).pages).toBe(before);
    await t.db.query(`UPDATE dogs SET name = 'x' WHERE id = -1`);
    await t.db.query(`DELETE FROM sessions WHERE token_hash = 'nada'`);
    await t.db.query(`INSERT INTO rate_limits (key, hits, reset_at) VALUES ('k', 1, now())`);
    expect(await readPageDataVersion(t.db)).toBe(before);
    await t.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO users (name, email, password_hash) VALUES ('Ana', 'ana@example.com', '!')`,
      );
      await tx.query(`UPDATE users SET name = 'Ana María'`);
    });
    expect(await readPageDataVersion(t.db)).toBe(before + 1n);
    await t.db.query(`DELETE FROM users`);
    expect((await readStamps(t.db)).pages).toBe(before + 2n);
    await t.db.query(`DELETE FROM rate_limits`);
  });

  it('moves only when the writing transaction commits, and not for one rolled back', async () => {
    const before = await readPageDataVersion(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO users (name, email, password_hash) VALUES ('Eva', 'eva@example.com', '!')`,
        );
        // Inside the transaction too the stamp has not moved yet: it moves as it commits.
        expect(await readPageDataVersion(tx)).toBe(before);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readPageDataVersion(t.db)).toBe(before);
  });

  it("lets a migration, and the tests' emptying of tables, alter a table written before", async () => {
    await t.db.query(
      `INSERT INTO users (name, email, password_hash) VALUES ('Leo', 'leo@example.com', '!')`,
    );
    await t.reset();
    const before = await readPageDataVersion(t.db);
    expect(
      await migrate(t.db, [
        ...(await loadMigrations()),
        {
          version: 900,
          name: 'alter_after_write',
          sql: `INSERT INTO users (name, email, password_hash) VALUES ('Mia', 'mia@example.com', '!');
                ALTER TABLE users ADD COLUMN t900 integer;
                ALTER TABLE users DROP COLUMN t900;`,
        },
      ]),
    ).toEqual([900]);
    expect(await readPageDataVersion(t.db)).toBe(before + 1n);
    await t.db.query('DELETE FROM schema_migrations WHERE version = 900');
    await t.db.query('DELETE FROM users');
  });

  // The embedded database has one connection: no two transactions ever wait for each other.
  it.runIf(backend === 'postgres')(
    'never deadlocks a transaction that writes then locks a row with one that locks it then writes',
    async () => {
      const [b] = await t.db.query<{ id: number }>(
        `INSERT INTO users (name, email, password_hash)
         VALUES ('Bea', 'bea@example.com', '!') RETURNING id`,
      );
      // Organizations: a table the page stamp alone tracks (writes to users or dogs also bump
      // other stamps, right away).
      const newOrg = `INSERT INTO orgs (slug, name, kind, zone, description, created_at, updated_at)
                      VALUES ($1, 'Refugio', 'refugio', 'bogota', '', now(), now())`;
      const before = await readPageDataVersion(t.db);
      const signal = () => {
        let done!: () => void;
        const reached = new Promise<void>((resolve) => (done = resolve));
        return { done, reached };
      };
      const firstWrote = signal();
      const secondLocked = signal();
      // Until the first transaction waits for the row the second one locked.
      const firstWaits = async () => {
        for (;;) {
          const [row] = await t.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE pid <> pg_backend_pid() AND wait_event_type = 'Lock'
                AND query LIKE '%page stamp deadlock probe%'`,
          );
          if (row!.n > 0) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      const first = t.db.transaction(async (tx) => {
        await tx.query(newOrg, ['perros-del-sur']);
        firstWrote.done();
        await secondLocked.reached;
        await tx.query(
          `SELECT 1 FROM users WHERE id = $1 FOR UPDATE -- page stamp deadlock probe`,
          [b!.id],
        );
      });
      const second = t.db.transaction(async (tx) => {
        await firstWrote.reached;
        await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [b!.id]);
        secondLocked.done();
        await firstWaits();
        await tx.query(newOrg, ['huellas-del-norte']);
      });
      expect(await Promise.allSettled([first, second])).toEqual([
        { status: 'fulfilled', value: undefined },
        { status: 'fulfilled', value: undefined },
      ]);
      expect(await readPageDataVersion(t.db)).toBe(before + 2n);
      await t.db.query('DELETE FROM orgs');
      await t.db.query('DELETE FROM users');
    },
  );
});

describe('the page cache', () => {
  const page = (html: string, nonce: string) => ({ html, nonce });
  function cacheAt(version: { value: bigint }, options: { maxBytes?: number } = {}) {
    const clock = { time: 0 };
    const cache = createPageCache({
      ttlMs: 1000,
      now: () => new Date(clock.time),
      currentVersion: async () => version.value,
      ...options,
    });
    return { cache, clock };
  }
  /** Lets lookups started before it reach the entries they wait for. */
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const body = (lookup: Lookup) => (lookup.kind === 'hit' ? lookup.body.toString() : undefined);

  it('serves a page drawn at the same version, with the new nonce everywhere', async () => {
    const version = { value: 1n };
    const { cache, clock } = cacheAt(version);
    const miss = await cache.lookup('/a', 'N1');
    expect(miss.kind).toBe('miss');
    if (miss.kind === 'miss') miss.pending!.settle(page('<s nonce="N1"></s><p>N1</p>', 'N1'));
    expect(body(await cache.lookup('/a', 'N2'))).toBe('<s nonce="N2"></s><p>N2</p>');
    expect((await cache.lookup('/b', 'N3')).kind).toBe('miss');
    clock.time = 1000;
    expect((await cache.lookup('/a', 'N4')).kind).toBe('miss');
  });

  it('never serves a page drawn before the version moved', async () => {
    const version = { value: 1n };
    const { cache } = cacheAt(version);
    const miss = await cache.lookup('/a', 'N1');
    if (miss.kind === 'miss') miss.pending!.settle(page('old', 'N1'));
    version.value = 2n;
    const again = await cache.lookup('/a', 'N2');
    expect(again.kind).toBe('miss');
    if (again.kind === 'miss') again.pending!.settle(page('new', 'N2'));
    expect(body(await cache.lookup('/a', 'N3'))).toBe('new');
  });

  it('shares one drawing among concurrent misses; keeps nothing of one that cannot be reused', async () => {
    const version = { value: 1n };
    const { cache } = cacheAt(version);
    const first = await cache.lookup('/a', 'N1');
    const waiting = cache.lookup('/a', 'N2');
    await tick();
    if (first.kind === 'miss') first.pending!.settle(page('x N1', 'N1'));
    expect(body(await waiting)).toBe('x N2');

    const failed = await cache.lookup('/f', 'N1');
    const waiter = cache.lookup('/f', 'N2');
    await tick();
    if (failed.kind === 'miss') failed.pending!.settle(undefined);
    // The waiter draws for itself, and keeps what it draws.
    const own = await waiter;
    expect(own).toMatchObject({ kind: 'miss', pending: undefined });
    const later = await cache.lookup('/f', 'N3');
    expect(later.kind).toBe('miss');
    expect(later.kind === 'miss' && later.pending).toBeTruthy();
  });

  it('drops the oldest pages past its byte bound', async () => {
    const version = { value: 1n };
    const { cache } = cacheAt(version, { maxBytes: 250 });
    for (const key of ['/1', '/2', '/3']) {
      const miss = await cache.lookup(key, 'N');
      if (miss.kind === 'miss') miss.pending!.settle(page('x'.repeat(100), 'N'));
    }
    expect((await cache.lookup('/1', 'N')).kind).toBe('miss');
    expect((await cache.lookup('/3', 'N')).kind).toBe('hit');
  });
});
