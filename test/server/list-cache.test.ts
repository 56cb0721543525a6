// The dog list micro-cache on its own: coalescing, expiry, and no stale page after a write.
import { describe, expect, it } from 'vitest';
import { createListCache } from '../../src/server/dogs/list-cache';
import { TestClock } from './helpers/app';

function deferred() {
  let resolve!: (v: string) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('list cache', () => {
  it('concurrent misses share one load; entries expire after the TTL', async () => {
    const clock = new TestClock();
    const cache = createListCache({ ttlMs: 1000, now: clock.now });
    let loads = 0;
    const load = async () => `page ${++loads}`;
    expect(
      await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]),
    ).toEqual(['page 1', 'page 1', 'page 1']);
    clock.advance(999);
    expect(await cache.get('k', load)).toBe('page 1');
    clock.advance(1);
    expect(await cache.get('k', load)).toBe('page 2');
    expect(await cache.get('other', load)).toBe('page 3');
  });

  it('a load that was running when a write happened is not kept', async () => {
    const cache = createListCache({ ttlMs: 1000, now: new TestClock().now });
    const slow = deferred();
    const first = cache.get('k', () => slow.promise);
    cache.clear(); // a dog changed while the old page was being read
    slow.resolve('old');
    expect(await first).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('failed loads are not remembered', async () => {
    const cache = createListCache({ ttlMs: 1000, now: new TestClock().now });
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('a TTL of 0 always loads', async () => {
    const cache = createListCache({ ttlMs: 0, now: new TestClock().now });
    let n = 0;
    await cache.get('k', async () => `${++n}`);
    expect(await cache.get('k', async () => `${++n}`)).toBe('2');
  });
});
