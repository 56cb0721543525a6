// The dog list cache on its own: coalescing, expiry, audiences kept apart, and never a page from
// before an acknowledged write (in-process invalidation, and the shared data version).
import { describe, expect, it } from 'vitest';
import { createListCache, type LoadedPage } from '../../src/server/dogs/list-cache';
import { TestClock } from './helpers/app';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const page = (json: string, version?: bigint): LoadedPage<string> => ({ json, version });

describe('list cache', () => {
  it('concurrent misses share one load; entries expire after the TTL', async () => {
    const clock = new TestClock();
    const cache = createListCache<string>({ ttlMs: 1000, now: clock.now });
    let loads = 0;
    const load = async () => page(`page ${++loads}`);
    expect(
      await Promise.all([
        cache.get('anonymous', 'k', load),
        cache.get('anonymous', 'k', load),
        cache.get('anonymous', 'k', load),
      ]),
    ).toEqual(['page 1', 'page 1', 'page 1']);
    clock.advance(999);
    expect(await cache.get('anonymous', 'k', load)).toBe('page 1');
    clock.advance(1);
    expect(await cache.get('anonymous', 'k', load)).toBe('page 2');
    expect(await cache.get('anonymous', 'other', load)).toBe('page 3');
  });

  it('an expired page is replaced, also when pages carry the database version', async () => {
    const clock = new TestClock();
    const cache = createListCache<string>({ ttlMs: 1000, now: clock.now });
    let loads = 0;
    const load = async () => page(`page ${++loads}`, 7n);
    expect(await cache.get('anonymous', 'k', load)).toBe('page 1');
    clock.advance(1000);
    expect(await cache.get('anonymous', 'k', load)).toBe('page 2');
    expect(await cache.get('anonymous', 'k', load)).toBe('page 2');
    expect(loads).toBe(2);
  });

  it('keeps anonymous and logged-in pages apart, even under the same key', async () => {
    const cache = createListCache<string>({ ttlMs: 60_000, now: new TestClock().now });
    const withEmail = deferred<LoadedPage<string>>();
    const owner = cache.get('owner', 'k', () => withEmail.promise);
    const anonymous = cache.get('anonymous', 'k', async () => page('[{"name":"Lola"}]'));
    withEmail.resolve(page('[{"name":"Lola","user":{"email":"olga@example.com"}}]'));
    expect(await owner).toContain('email');
    expect(await anonymous).not.toContain('email');
    expect(await cache.get('anonymous', 'k', async () => page('reloaded'))).not.toContain('email');
    expect(await cache.get('owner', 'k', async () => page('reloaded'))).toContain('email');
  });

  it('a write through this process is seen by the very next read', async () => {
    const cache = createListCache<string>({ ttlMs: 60_000, now: new TestClock().now });
    expect(await cache.get('anonymous', 'k', async () => page('before'))).toBe('before');
    cache.invalidate();
    expect(await cache.get('anonymous', 'k', async () => page('after'))).toBe('after');
  });

  it('a load that was running when a write happened is neither kept nor shared', async () => {
    const cache = createListCache<string>({ ttlMs: 60_000, now: new TestClock().now });
    const slow = deferred<LoadedPage<string>>();
    const first = cache.get('anonymous', 'k', () => slow.promise);
    cache.invalidate(); // a dog changed while the old page was being read
    const second = cache.get('anonymous', 'k', async () => page('new'));
    slow.resolve(page('old'));
    expect(await first).toBe('old');
    expect(await second).toBe('new');
    expect(await cache.get('anonymous', 'k', async () => page('newer'))).toBe('new');
  });

  it('failed loads are not remembered', async () => {
    const cache = createListCache<string>({ ttlMs: 1000, now: new TestClock().now });
    await expect(
      cache.get('anonymous', 'k', async () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow('db down');
    expect(await cache.get('anonymous', 'k', async () => page('ok'))).toBe('ok');
  });

  it('a TTL of 0 always loads', async () => {
    const cache = createListCache<string>({ ttlMs: 0, now: new TestClock().now });
    let n = 0;
    await cache.get('anonymous', 'k', async () => page(`${++n}`));
    expect(await cache.get('anonymous', 'k', async () => page(`${++n}`))).toBe('2');
  });

  describe('with a shared data version (several processes on one PostgreSQL)', () => {
    it('reuses a page while the version stands and reloads as soon as it moves', async () => {
      let version = 1n;
      const cache = createListCache<string>({
        ttlMs: 60_000,
        now: new TestClock().now,
        currentVersion: async () => version,
      });
      let loads = 0;
      const load = async () => page(`page ${++loads}`, version);
      expect(await cache.get('anonymous', 'k', load)).toBe('page 1');
      expect(await cache.get('anonymous', 'k', load)).toBe('page 1');
      version = 2n; // another process wrote (its trigger bumped the version)
      expect(await cache.get('anonymous', 'k', load)).toBe('page 2');
      expect(await cache.get('anonymous', 'k', load)).toBe('page 2');
    });

    it('never hands a read a load that started before the version it observed', async () => {
      let version = 1n;
      const cache = createListCache<string>({
        ttlMs: 60_000,
        now: new TestClock().now,
        currentVersion: async () => version,
      });
      const slow = deferred<LoadedPage<string>>();
      const first = cache.get('anonymous', 'k', () => slow.promise);
      await Promise.resolve();
      version = 2n;
      const second = cache.get('anonymous', 'k', async () => page('fresh', 2n));
      slow.resolve(page('stale', 1n));
      expect(await first).toBe('stale');
      expect(await second).toBe('fresh');
    });

    it('a page loaded from a newer snapshot serves the readers of that version', async () => {
      let version = 1n;
      const cache = createListCache<string>({
        ttlMs: 60_000,
        now: new TestClock().now,
        currentVersion: async () => version,
      });
      // Observed 1, but the write of version 2 committed before the load's snapshot.
      expect(await cache.get('anonymous', 'k', async () => page('v2', 2n))).toBe('v2');
      version = 2n;
      expect(await cache.get('anonymous', 'k', async () => page('reloaded', 2n))).toBe('v2');
    });
  });
});

describe('list cache bounds', () => {
  it('drops an audience’s pages once they hold more than maxBytes', async () => {
    // Three 100-character pages fit (2 bytes per character), a fourth does not.
    const cache = createListCache<string>({
      ttlMs: 60_000,
      now: new TestClock().now,
      maxBytes: 600,
    });
    let loads = 0;
    const load = async () => page(`${++loads}`.padEnd(100, '.'));
    for (const key of ['a', 'b', 'c']) await cache.get('anonymous', key, load);
    await cache.get('anonymous', 'a', load);
    expect(loads).toBe(3); // still cached
    await cache.get('owner', 'x', load); // the other audience has its own budget
    await cache.get('anonymous', 'a', load);
    expect(loads).toBe(4);
    await cache.get('anonymous', 'd', load); // over the budget: everything is dropped
    await cache.get('anonymous', 'a', load);
    expect(loads).toBe(6);
    await cache.get('owner', 'x', load);
    expect(loads).toBe(6);
  });

  it('counts the bytes of pages held as UTF-8 (what the dogs service caches)', async () => {
    // Two pages of 199 bytes (1 + 99 'ñ' of 2 bytes each) fit in 450 bytes, a third does not.
    const cache = createListCache<Buffer>({
      ttlMs: 60_000,
      now: new TestClock().now,
      maxBytes: 450,
    });
    let loads = 0;
    const load = async () => ({ json: Buffer.from(`${++loads % 10}`.padEnd(100, 'ñ')) });
    await cache.get('anonymous', 'a', load);
    await cache.get('anonymous', 'b', load);
    await cache.get('anonymous', 'a', load);
    expect(loads).toBe(2); // both still cached
    await cache.get('anonymous', 'c', load); // 600 bytes: everything is dropped
    await cache.get('anonymous', 'a', load);
    expect(loads).toBe(4);
  });

  it('a replaced page no longer counts against the budget', async () => {
    const clock = new TestClock();
    const cache = createListCache<string>({ ttlMs: 1000, now: clock.now, maxBytes: 600 });
    let loads = 0;
    const load = async () => page(`${++loads}`.padEnd(100, '.'));
    for (let i = 0; i < 2; i++) {
      clock.advance(1000); // both expire and are replaced: two pages held, never four
      await cache.get('anonymous', 'b', load);
      await cache.get('anonymous', 'a', load);
    }
    await cache.get('anonymous', 'b', load);
    expect(loads).toBe(4); // 'b' was never dropped
  });
});
