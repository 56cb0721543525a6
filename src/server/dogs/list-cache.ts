// A very short-lived cache of dog list pages. The list is the busiest endpoint and the same for
// every anonymous visitor (and, with owner contacts, for every logged-in one), while the embedded
// database answers one query at a time. Writes through this process clear it at once; other
// processes sharing a PostgreSQL see a new dog at most `ttlMs` later.

export interface ListCacheOptions {
  ttlMs: number;
  now: () => Date;
  maxEntries?: number;
}

interface Entry {
  expires: number;
  value: Promise<string>;
}

export function createListCache({ ttlMs, now, maxEntries = 1000 }: ListCacheOptions) {
  const entries = new Map<string, Entry>();
  let generation = 0;

  return {
    /** The cached page for `key`, or the one `load` produces (concurrent misses share one load). */
    get(key: string, load: () => Promise<string>): Promise<string> {
      if (ttlMs <= 0) return load();
      const t = now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expires > t) return hit.value;
      if (entries.size >= maxEntries) entries.clear();
      const startedIn = generation;
      const value = load();
      const entry = { expires: t + ttlMs, value };
      entries.set(key, entry);
      // A failed load is not remembered; nor is one that raced with a write.
      value.then(
        () => {
          if (startedIn !== generation && entries.get(key) === entry) entries.delete(key);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },

    /** Called after every change to dogs (or to what a page shows about their owners). */
    clear(): void {
      generation += 1;
      entries.clear();
    },
  };
}

export type ListCache = ReturnType<typeof createListCache>;
