// The dogs service owns the list cache: reads go through it, and every write through the service
// invalidates it, so the next read sees the write. Pages are checked against their schema once,
// when the cache loads them.
import type { Db } from '../../src/server/db/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createListCache } from '../../src/server/dogs/list-cache';
import { createDogRepository, type DogRepository } from '../../src/server/dogs/repository';
import { createDogService, type DogService } from '../../src/server/dogs/service';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';
import { createUser, TestClock, validDog } from './helpers/app';

/** The service answers UTF-8 bytes, as they are sent. */
const text = (json: Buffer | null) => json?.toString('utf8') ?? 'null';
const names = (json: Buffer | null) =>
  (JSON.parse(text(json)) as { name: string }[] | null)?.map((d) => d.name);

describe.each(BACKENDS)('dogs service on %s', (backend) => {
  let t: TestDatabase;
  let repository: DogRepository;
  let dogs: DogService;
  let owner: number;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    repository = createDogRepository(t.db);
    // A cache that would serve the same page for a minute if nothing invalidated it.
    dogs = createDogService(
      t.db,
      createListCache({ ttlMs: 60_000, now: new TestClock().now }),
      repository,
    );
    owner = (await createUser(t.db)).id;
  });

  it('list and get read through the cache', async () => {
    expect(text(await dogs.list({ withOwner: false }))).toBe('[]');
    // Written behind the service's back: the cached page is still served.
    const hidden = await repository.insert({ ...validDog, name: 'Oculto' }, owner);
    expect(text(await dogs.list({ withOwner: false }))).toBe('[]');
    expect(await dogs.get(hidden.id, false)).not.toBeNull();
  });

  it('a create, an update and a delete through the service are seen by the next read', async () => {
    expect(names(await dogs.list({ withOwner: true }))).toEqual([]);
    const luna = await dogs.create({ ...validDog, name: 'Luna' }, owner);
    expect(names(await dogs.list({ withOwner: true }))).toEqual(['Luna']);
    expect(names(await dogs.list({ withOwner: false, limit: 24 }))).toEqual(['Luna']);
    expect(JSON.parse(text(await dogs.get(luna.id, false))).name).toBe('Luna');

    await dogs.update(luna.id, owner, { ...validDog, name: 'Luna Nueva' });
    expect(names(await dogs.list({ withOwner: true }))).toEqual(['Luna Nueva']);
    expect(JSON.parse(text(await dogs.get(luna.id, false))).name).toBe('Luna Nueva');

    expect(await dogs.remove(luna.id, owner)).toBe(true);
    expect(names(await dogs.list({ withOwner: true }))).toEqual([]);
    expect(await dogs.get(luna.id, false)).toBeNull();
  });

  it('pages are cached as the UTF-8 bytes that are sent: a hit is the very same buffer', async () => {
    const dog = await dogs.create({ ...validDog, name: 'Ñandú' }, owner);
    const first = await dogs.list({ withOwner: false });
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(names(first)).toEqual(['Ñandú']);
    // No encoding per request: the second read is the first one's buffer.
    expect(await dogs.list({ withOwner: false })).toBe(first);
    const one = await dogs.get(dog.id, false);
    expect(await dogs.get(dog.id, false)).toBe(one);
    // A buffer of its own, not a slice of Node's shared pool that would keep 8 KiB alive.
    expect(one!.byteOffset).toBe(0);
    expect(one!.buffer.byteLength).toBe(one!.length);
    expect(JSON.parse(text(one)).name).toBe('Ñandú');
  });

  it('someone else’s update or delete changes nothing and keeps the pages', async () => {
    const luna = await dogs.create({ ...validDog, name: 'Luna' }, owner);
    const other = (await createUser(t.db)).id;
    expect(await dogs.update(luna.id, other, { ...validDog, name: 'Robado' })).toBeUndefined();
    expect(await dogs.remove(luna.id, other)).toBe(false);
    expect(names(await dogs.list({ withOwner: false }))).toEqual(['Luna']);
  });
});

describe('pages that do not match their schema', () => {
  it('are refused when loaded (never served) and not cached', async () => {
    let json = '[{"id":"uno","name":"Luna"}]';
    const repository = {
      listJson: async () => ({ json }),
      getJson: async () => ({ json: '{"id":1}' }),
    } as unknown as DogRepository;
    const dogs = createDogService(
      {} as Db,
      createListCache({ ttlMs: 60_000, now: new TestClock().now }),
      repository,
    );
    await expect(dogs.list({ withOwner: false })).rejects.toThrow(/does not match its schema/);
    await expect(dogs.get(1, false)).rejects.toThrow(/does not match its schema/);
    json = '[]';
    expect(text(await dogs.list({ withOwner: false }))).toBe('[]');
  });
});
