// An exact cache of dog list pages. The list is the busiest endpoint and the same for every
// anonymous visitor (and, with owner contacts, for every logged-in one), while the embedded
// database answers one query at a time.
//
// Exact means: a read that starts after a write has been acknowledged never gets a page from
// before that write. Every entry remembers the data version its load was guaranteed to include:
// - embedded PGlite (one process per DATA_DIR, enforced by the lock): the version is a counter
//   in this process, bumped by `invalidate()` after every write, before the write is answered;
// - PostgreSQL (possibly several processes): `currentVersion` reads dog_list_version, which a
//   trigger bumps in the same transaction as every write to dogs (migration 002), through a query
//   that started after the read arrived (shared with concurrent reads: src/server/db/coalesce.ts),
//   and each load returns the version it saw in the same snapshot as its page.
// An entry serves a read only when its version is at least the one that read observed first.
// Anonymous pages and logged-in pages (with owners' e-mails) live in two separate maps.
//
// The dogs service caches pages as UTF-8 bytes: a hit is then written to the socket as it is,
// where a string would be encoded again for every request (about 10 µs for a 14 KB page, as
// much as a third of what a bare node:http server spends on the whole request).

export type Audience = 'anonymous' | 'owner';

/** A page as cached: UTF-8 bytes (the service) or text (tests). */
export type PageBody = Buffer | string;

export interface LoadedPage<Body extends PageBody = PageBody> {
  json: Body;
  /** dog_list_version seen in the same snapshot as `json` (PostgreSQL), if known. */
  version?: bigint;
}

export interface ListCacheOptions {
  /** Upper bound on the age of a reused page; 0 disables the cache. */
  ttlMs: number;
  now: () => Date;
  maxEntries?: number;
  /**
   * Upper bound on the memory the pages of one audience hold (their bytes, or 2 bytes per
   * character of text; a page's compressed forms, about a tenth of it each, are not counted);
   * reached, that audience's pages are dropped. Keys are client-chosen (`before`), so a count alone
   * would let pages of 100 long dogs add up to hundreds of MB.
   */
  maxBytes?: number;
  /**
   * The data version as read by a query started after the call; set when other processes may
   * write (PostgreSQL).
   */
  currentVersion?: () => Promise<bigint>;
}

interface Entry<Body extends PageBody> {
  expires: number;
  /** Every write up to this version is included in the page. */
  version: bigint;
  value: Promise<Body>;
  /** Bytes counted for the page once it has loaded (0 before). */
  bytes: number;
}

const sizeOf = (body: PageBody) => (typeof body === 'string' ? body.length * 2 : body.length);

export function createListCache<Body extends PageBody = Buffer>({
  ttlMs,
  now,
  maxEntries = 500,
  maxBytes = 8 * 1024 * 1024,
  currentVersion,
}: ListCacheOptions) {
  const maps: Record<Audience, Map<string, Entry<Body>>> = {
    anonymous: new Map(),
    owner: new Map(),
  };
  const held: Record<Audience, number> = { anonymous: 0, owner: 0 };
  const clear = (audience: Audience) => {
    maps[audience].clear();
    held[audience] = 0;
  };
  const remove = (audience: Audience, key: string, entry: Entry<Body>) => {
    if (maps[audience].get(key) !== entry) return;
    maps[audience].delete(key);
    held[audience] -= entry.bytes;
  };
  /** Bumped by every write through this process. */
  let local = 0n;

  return {
    /**
     * The page for `key` seen by `audience`: a cached one that includes every write acknowledged
     * before this call, or the one `load` produces (concurrent reads share one load).
     */
    async get(
      audience: Audience,
      key: string,
      load: () => Promise<LoadedPage<Body>>,
    ): Promise<Body> {
      if (ttlMs <= 0) return (await load()).json;
      const entries = maps[audience];
      const observedLocal = local;
      const observed = currentVersion ? await currentVersion() : observedLocal;
      // `local === observedLocal`: no write through this process while the version was read.
      const t = now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expires > t && hit.version >= observed && local === observedLocal) {
        return hit.value;
      }
      if (entries.size >= maxEntries) clear(audience);
      const entry: Entry<Body> = {
        bytes: 0,
        expires: t + ttlMs,
        version: observed,
        value: load().then((page) => {
          // The load saw at least this version: later readers that observed it may reuse the page.
          if (currentVersion && page.version !== undefined && page.version > entry.version) {
            entry.version = page.version;
          }
          return page.json;
        }),
      };
      // Never replace a page that includes newer writes (reads racing on their version queries).
      const current = entries.get(key);
      if (
        local === observedLocal &&
        !(current && current.expires > t && current.version > observed)
      ) {
        if (current) remove(audience, key, current);
        entries.set(key, entry);
      }
      // A failed load is not remembered; nor is one that raced with a write in this process.
      entry.value.then(
        (json) => {
          if (entries.get(key) !== entry) return;
          if (local !== observedLocal) return remove(audience, key, entry);
          entry.bytes = sizeOf(json);
          held[audience] += entry.bytes;
          if (held[audience] > maxBytes) clear(audience);
        },
        () => remove(audience, key, entry),
      );
      return entry.value;
    },

    /** Called after every write to dogs through this process, before the write is answered. */
    invalidate(): void {
      local += 1n;
      clear('anonymous');
      clear('owner');
    },
  };
}

export type ListCache = ReturnType<typeof createListCache<Buffer>>;
