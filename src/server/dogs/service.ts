// The dogs service: the only way to the dog listings. Reads go through the exact list cache;
// every write invalidates it before it returns, so the write is answered only once no cached
// page from before it can be served. Route handlers never touch the cache themselves.
import type { z } from 'zod';
import {
  DOG_PAGE_DEFAULT,
  dogCountResponseSchema,
  publicDogListResponseSchema,
  publicDogSchema,
  type Dog,
  type DogFilters,
  type DogInput,
} from '../../shared/dog';
import { ORG_MESSAGES } from '../../shared/org';
import type { Db, Queryable } from '../db/db';
import { HttpError } from '../http/errors';
import { createPhotoRepository } from '../photos/repository';
import type { ListCache, LoadedPage } from './list-cache';
import { createDogRepository, hasFilters, queryWords, type DogRepository } from './repository';

/**
 * The cache key part of `filters`: the same for every spelling of the same search (field order,
 * blank values, spaces between words). Empty when there is no filter, so the seed's list keeps
 * its key.
 */
function filterKey(filters: DogFilters): string {
  if (!hasFilters(filters)) return '';
  return JSON.stringify([
    queryWords(filters.q).join(' '),
    filters.city ?? '',
    filters.size ?? '',
    filters.sex ?? '',
    filters.age ?? '',
    filters.status ?? '',
  ]);
}

/**
 * `page` as the bytes to send, after checking that its JSON matches `schema`. The pages are
 * served pre-serialized, which Fastify's response serializer does not see; checking each page
 * once, when the cache loads it (a load, never a per-request cost), keeps the guarantee that
 * nothing leaves the API in a shape other than the one it declares: a page that does not match
 * throws here, and the request answers 500 with nothing of it sent (a failed load is not cached).
 */
function checked(page: LoadedPage<string>, schema: z.ZodType, what: string): LoadedPage<Buffer> {
  const result = schema.safeParse(JSON.parse(page.json));
  if (!result.success) {
    throw new Error(`${what} built by the database does not match its schema`, {
      cause: result.error,
    });
  }
  return { json: utf8(page.json), version: page.version };
}

/**
 * `text` as UTF-8 in a buffer of its own. Buffer.from would put a short one (a dog, a count) in a
 * slice of Node's shared 8 KiB pool, and a cached slice keeps the whole slab alive.
 */
function utf8(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** getJson's answer for a dog that is not there (or not public). */
const NO_DOG = Buffer.from('null');

export interface DogPage {
  /** 1…DOG_PAGE_MAX; DOG_PAGE_DEFAULT when absent. */
  limit?: number;
  /** Only dogs with a smaller id (keyset pagination, newest first). */
  before?: number;
  /** With each owner's name and e-mail: only for logged-in requesters. */
  withOwner: boolean;
  /** The catalogue's filters; none is the seed's list (every dog but the adopted ones). */
  filters?: DogFilters;
}

export function createDogService(
  db: Db,
  listCache: ListCache,
  repository: DogRepository = createDogRepository(db),
) {
  const removeListeners: RemoveListener[] = [];
  const availableListeners: AvailableListener[] = [];
  const becameAvailable = async (tx: Queryable, dogId: number) => {
    for (const listener of availableListeners) await listener(tx, dogId);
  };
  const writeListeners: WriteListener[] = [];
  /** A dog may be published only for an organization its editor belongs to (403 otherwise). */
  const checkOrg = async (dogs: DogRepository, input: DogInput, userId: number) => {
    if (input.org_id != null && !(await dogs.isOrgMember(input.org_id, userId)))
      throw new HttpError(403, ORG_MESSAGES.notDogOrg);
  };
  const listJson = async (query: Parameters<DogRepository['listJson']>[0]) =>
    checked(await repository.listJson(query), publicDogListResponseSchema, 'A dog list page');
  return {
    /** A page of dogs as UTF-8 JSON (an array matching publicDogListResponseSchema). */
    list(page: DogPage): Promise<Buffer> {
      const filters = page.filters ?? {};
      const query = { limit: page.limit ?? DOG_PAGE_DEFAULT, before: page.before };
      const filtered = filterKey(filters);
      // The page depends on whether there is a logged-in requester, not on who it is; the cache
      // keeps anonymous and logged-in pages apart. Filtered pages are cached by the same rules
      // (every write invalidates them all), under keys that cannot meet the seed list's.
      return listCache.get(
        page.withOwner ? 'owner' : 'anonymous',
        `${query.limit}:${query.before ?? ''}${filtered ? `:${filtered}` : ''}`,
        () => listJson({ ...query, withOwner: page.withOwner, filters }),
      );
    },

    /** How many dogs match `filters`, as UTF-8 JSON (matching dogCountResponseSchema). */
    count(filters: DogFilters): Promise<Buffer> {
      // Owners' contacts play no part in a count: one entry serves everyone.
      return listCache.get('anonymous', `count:${filterKey(filters)}`, async () =>
        checked(await repository.countJson(filters), dogCountResponseSchema, 'A dog count'),
      );
    },

    /**
     * A page of an organization's dogs looking for a home, as anonymous visitors see them (its
     * public page): UTF-8 JSON matching publicDogListResponseSchema.
     */
    orgDogs(orgId: number, limit: number, before?: number): Promise<Buffer> {
      return listCache.get('anonymous', `org:${orgId}:${limit}:${before ?? ''}`, async () =>
        checked(
          await repository.orgDogsJson(orgId, limit, before),
          publicDogListResponseSchema,
          "An organization's dog page",
        ),
      );
    },

    /** The plan of a list page's query (the benchmark prints it). */
    explainList(query: { limit: number; before?: number; filters?: DogFilters }) {
      return repository.explainList(query);
    },

    /** One dog as UTF-8 JSON (matching publicDogSchema), or null when there is none. */
    async get(id: number, withOwner: boolean): Promise<Buffer | null> {
      const json = await listCache.get(withOwner ? 'owner' : 'anonymous', `dog:${id}`, async () => {
        const page = await repository.getJson(id, withOwner);
        return page.json === 'null'
          ? { json: NO_DOG, version: page.version }
          : checked(page, publicDogSchema, 'A dog');
      });
      return json === NO_DOG ? null : json;
    },

    /**
     * The owner's own view of a listing moderation hid (with the reason), or undefined when the
     * dog is not hidden or not `ownerId`'s. Read past the cache: it is for one person only.
     */
    getHiddenOwned(id: number, ownerId: number): Promise<Dog | undefined> {
      return repository.getHiddenOwned(id, ownerId);
    },

    /**
     * The list cache itself, for writes that change dogs outside this service (an account's
     * deletion removes its dogs; a new name changes the owner shown on them; moderation hides
     * listings and blocks accounts): they invalidate it.
     */
    lists: listCache,

    /** Available dogs for the sitemap: id and last change. */
    availableForSitemap(max: number) {
      return repository.availableForSitemap(max);
    },

    /** `ownerId`'s own listings, any status, hidden ones with the reason ("Mis publicaciones"). */
    listOwned(ownerId: number): Promise<Dog[]> {
      return repository.listOwned(ownerId);
    },

    /** The owner's id, or undefined when the dog does not exist. */
    ownerOf(id: number): Promise<number | undefined> {
      return repository.ownerOf(id);
    },

    /** The new dog; it and its photos are written together, or not at all. */
    async create(input: DogInput, ownerId: number): Promise<Dog> {
      const dog = await db.transaction(async (tx) => {
        const dogs = createDogRepository(tx);
        await checkOrg(dogs, input, ownerId);
        const created = await dogs.insert(input, ownerId);
        if (created.status === 'available') await becameAvailable(tx, created.id);
        if (input.photo_ids?.length)
          await createPhotoRepository(tx).attach(created.id, ownerId, input.photo_ids);
        for (const listener of writeListeners) await listener(tx, created.id);
        return input.photo_ids?.length ? (await dogs.get(created.id, false))! : created;
      });
      listCache.invalidate();
      return dog;
    },

    /**
     * The updated dog, or undefined when it is missing or `userId` may not manage it (its
     * publisher, or a member of the organization that publishes it). Without `photo_ids` the dog
     * keeps its photos; with them, they replace its photos in the same transaction.
     */
    async update(id: number, userId: number, input: DogInput): Promise<Dog | undefined> {
      const dog = await db.transaction(async (tx) => {
        const dogs = createDogRepository(tx);
        await checkOrg(dogs, input, userId);
        const before = await dogs.lockStatusOwned(id, userId);
        const updated = await dogs.updateOwned(id, userId, input);
        if (!updated) return updated;
        // Re-opened: back to available from pending or adopted.
        if (before !== 'available' && updated.status === 'available')
          await becameAvailable(tx, id);
        if (input.photo_ids !== undefined)
          await createPhotoRepository(tx).attach(id, userId, input.photo_ids);
        for (const listener of writeListeners) await listener(tx, id);
        return input.photo_ids !== undefined ? (await dogs.get(id, false))! : updated;
      });
      if (dog) listCache.invalidate();
      return dog;
    },

    /**
     * Registers work for a dog that becomes one anyone may adopt: published as available,
     * re-opened (back to available) or shown again by moderation. `listener` runs in the
     * transaction of that change.
     */
    onAvailable(listener: AvailableListener): void {
      availableListeners.push(listener);
    },

    /** Runs the available listeners for `dogId` in `tx` (moderation showing a listing again). */
    becameAvailable,

    /**
     * Registers work after a dog is created or edited: `listener` runs in the write's
     * transaction, once the dog and its photos are written (automatic moderation flags).
     */
    onWrite(listener: WriteListener): void {
      writeListeners.push(listener);
    },

    /**
     * Registers work around a deletion: `listener` runs in the deletion's transaction, before
     * the dog is deleted; what it writes stays only if the dog is deleted.
     */
    onRemove(listener: RemoveListener): void {
      removeListeners.push(listener);
    },

    /**
     * Runs the removal listeners for every dog of `ownerId` in `tx`, the transaction that deletes
     * the owner's account (and with it their dogs).
     */
    async beforeOwnerRemoved(tx: Queryable, ownerId: number): Promise<void> {
      for (const dogId of await createDogRepository(tx).idsOwnedBy(ownerId))
        for (const listener of removeListeners) await listener(tx, dogId, ownerId);
    },

    /** False when the dog is missing or not `ownerId`'s. */
    async remove(id: number, ownerId: number): Promise<boolean> {
      const deleted = await db
        .transaction(async (tx) => {
          for (const listener of removeListeners) await listener(tx, id, ownerId);
          if (!(await createDogRepository(tx).deleteOwned(id, ownerId))) throw new NothingDeleted();
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof NothingDeleted) return false;
          throw error;
        });
      if (deleted) listCache.invalidate();
      return deleted;
    },
  };
}

export type DogService = ReturnType<typeof createDogService>;
/**
 * Runs inside the transaction that deletes dog `dogId` of `ownerId`, before the deletion (it may
 * read what goes with the dog, and write what should happen with it, such as e-mails to send).
 */
export type RemoveListener = (tx: Queryable, dogId: number, ownerId: number) => Promise<void>;

/** Runs inside the transaction of a change that makes dog `dogId` available to everyone. */
export type AvailableListener = (tx: Queryable, dogId: number) => Promise<void>;

/** Runs inside the transaction that created or edited dog `dogId`, after the write. */
export type WriteListener = (tx: Queryable, dogId: number) => Promise<void>;

/** Thrown inside a deletion's transaction when nothing was deleted, so listeners' writes roll back. */
class NothingDeleted extends Error {}
