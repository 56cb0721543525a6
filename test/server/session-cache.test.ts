// The session cache on its own (fake repository and stamp): a remembered session serves only
// while the session stamp stands, unknown tokens are never remembered, recorded activity is kept.
import { describe, expect, it } from 'vitest';
import { withSessionCache } from '../../src/server/sessions/cache';
import type { SessionRepository, SessionWithUser } from '../../src/server/sessions/repository';
import { TestClock } from './helpers/app';

function fakeRepo(clock: TestClock) {
  const rows = new Map<string, SessionWithUser>();
  let finds = 0;
  const repo = {
    async insert() {},
    async findWithUser(tokenHash: string) {
      finds += 1;
      const row = rows.get(tokenHash);
      return row && { ...row };
    },
    async touch(tokenHash: string, at: Date) {
      const row = rows.get(tokenHash);
      if (row) row.last_seen_at = at;
    },
    async delete(tokenHash: string) {
      rows.delete(tokenHash);
    },
    async purgeExpired() {
      return 0;
    },
  } satisfies SessionRepository;
  const add = (tokenHash: string, name = 'Ana') =>
    rows.set(tokenHash, {
      user_id: 1,
      name,
      email: 'ana@example.com',
      role: 'user',
      created_at: clock.now(),
      last_seen_at: clock.now(),
    });
  return { repo, rows, add, finds: () => finds };
}

describe('session cache', () => {
  it('serves a session from memory while the stamp stands, reloads as soon as it moves', async () => {
    const clock = new TestClock();
    const fake = fakeRepo(clock);
    let stamp = 1n;
    const repo = withSessionCache(fake.repo, { stamp: async () => stamp, now: clock.now });
    fake.add('t');
    expect((await repo.findWithUser('t'))?.name).toBe('Ana');
    expect((await repo.findWithUser('t'))?.name).toBe('Ana');
    expect(fake.finds()).toBe(1);
    // Another process logs out (its trigger moves the stamp).
    fake.rows.delete('t');
    stamp = 2n;
    expect(await repo.findWithUser('t')).toBeUndefined();
    expect(fake.finds()).toBe(2);
  });

  it('never remembers an unknown token', async () => {
    const clock = new TestClock();
    const fake = fakeRepo(clock);
    const repo = withSessionCache(fake.repo, { stamp: async () => 1n, now: clock.now });
    expect(await repo.findWithUser('t')).toBeUndefined();
    fake.add('t'); // a login inserts the session without moving the stamp
    expect((await repo.findWithUser('t'))?.name).toBe('Ana');
  });

  it('keeps the activity recorded through this process and expires entries after the TTL', async () => {
    const clock = new TestClock();
    const fake = fakeRepo(clock);
    const repo = withSessionCache(fake.repo, {
      stamp: async () => 1n,
      now: clock.now,
      ttlMs: 5000,
    });
    fake.add('t');
    await repo.findWithUser('t');
    clock.advance(1000);
    await repo.touch('t', clock.now());
    expect((await repo.findWithUser('t'))?.last_seen_at).toEqual(clock.now());
    expect(fake.finds()).toBe(1);
    clock.advance(4000);
    await repo.findWithUser('t');
    expect(fake.finds()).toBe(2);
  });

  it('a delete through this process forgets the session at once', async () => {
    const clock = new TestClock();
    const fake = fakeRepo(clock);
    const repo = withSessionCache(fake.repo, { stamp: async () => 1n, now: clock.now });
    fake.add('t');
    await repo.findWithUser('t');
    await repo.delete('t');
    expect(await repo.findWithUser('t')).toBeUndefined();
  });
});
