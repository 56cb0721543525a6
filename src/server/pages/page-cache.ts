// An exact cache of the pages drawn for anonymous visitors (no session cookie): every one of them
// sees the same page at the same URL, drawn in 50–100 ms, where a copy is sent in a few.
//
// Exact means: a request that starts after a write has been acknowledged never gets a page from
// before that write. page_data_version (migration 110) is bumped as part of the commit of every
// transaction that changes the data anonymous pages show, whoever writes it (requests, jobs, other
// processes), so it moves in the same instant as that data.
// Each page remembers the version read BEFORE it began to be drawn (so it includes every write
// that version counts), and is served again only to a request whose own read of the version, by a
// query started after the request arrived (shared with concurrent requests:
// src/server/db/coalesce.ts), finds the same value: then no write was acknowledged in between.
//
// The version does not move with the clock: a page is kept `ttlMs` at most, so the times it shows
// relative to now ("hace 5 minutos") are never older than that.
//
// A page carries its response's CSP nonce (the router's inline scripts); it is kept split at every
// occurrence of that nonce and joined with the nonce of each response that reuses it.

export interface DrawnPage {
  html: string;
  /** The nonce the page was drawn with, replaced by each response's own. */
  nonce: string;
}

export interface PageCacheOptions {
  /** Upper bound on the age of a reused page; 0 disables the cache. */
  ttlMs: number;
  now: () => Date;
  /** page_data_version as read by a query started after the call. */
  currentVersion: () => Promise<bigint>;
  /** Pages kept at most (keys are URLs the client chooses: queries of any spelling). */
  maxEntries?: number;
  /** Upper bound on the bytes the pages and their URLs hold; the oldest pages go first. */
  maxBytes?: number;
}

interface Entry {
  version: bigint;
  expires: number;
  /** The page split at its nonce, as UTF-8; undefined when the drawing cannot be reused. */
  page: Promise<Buffer[] | undefined>;
  bytes: number;
}

/** A drawing in progress that other requests may wait for. */
export interface PendingPage {
  /** The page as drawn, or undefined when it must not be reused (its requests draw their own). */
  settle(page: DrawnPage | undefined): void;
}

export type Lookup =
  | { kind: 'hit'; body: Buffer }
  /** Nothing to reuse: draw the page, and settle `pending` (when set) with it. */
  | { kind: 'miss'; pending: PendingPage | undefined };

export function createPageCache({
  ttlMs,
  now,
  currentVersion,
  maxEntries = 500,
  maxBytes = 16 * 1024 * 1024,
}: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  let held = 0;
  const remove = (key: string, entry: Entry) => {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    held -= entry.bytes;
  };
  /** Drops the oldest pages (Map order is insertion order) until both bounds hold. */
  const trim = () => {
    for (const [key, entry] of entries) {
      if (held <= maxBytes && entries.size <= maxEntries) break;
      remove(key, entry);
    }
  };

  return {
    /**
     * The page at `key` (path and query) as a hit, with `nonce` in place of the one it was drawn
     * with; or a miss, to draw. Concurrent misses for one key at one version share one drawing:
     * the first draws, the others wait for it (and draw their own only if it cannot be reused).
     */
    async lookup(key: string, nonce: string): Promise<Lookup> {
      if (ttlMs <= 0) return { kind: 'miss', pending: undefined };
      let version: bigint;
      try {
        version = await currentVersion();
      } catch {
        // The stamp cannot be read (the database is away): draw, and keep nothing.
        return { kind: 'miss', pending: undefined };
      }
      const t = now().getTime();
      const current = entries.get(key);
      if (current && current.version === version && current.expires > t) {
        const parts = await current.page;
        if (parts) return { kind: 'hit', body: join(parts, nonce) };
        return { kind: 'miss', pending: undefined };
      }
      // An entry of a newer version (a request that read the stamp later) is not replaced.
      if (current && current.version > version && current.expires > t) {
        return { kind: 'miss', pending: undefined };
      }
      let settle!: (parts: Buffer[] | undefined) => void;
      const entry: Entry = {
        version,
        expires: t + ttlMs,
        bytes: 0,
        page: new Promise((resolve) => {
          settle = resolve;
        }),
      };
      if (current) remove(key, current);
      entries.set(key, entry);
      trim();
      return {
        kind: 'miss',
        pending: {
          settle(page) {
            if (!page) {
              remove(key, entry);
              settle(undefined);
              return;
            }
            const parts = page.html.split(page.nonce).map((part) => Buffer.from(part));
            settle(parts);
            if (entries.get(key) !== entry) return;
            entry.bytes = key.length * 2 + parts.reduce((sum, part) => sum + part.length, 0);
            held += entry.bytes;
            trim();
          },
        },
      };
    },
  };
}

function join(parts: Buffer[], nonce: string): Buffer {
  if (parts.length === 1) return parts[0]!;
  const glue = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(glue);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

export type PageCache = ReturnType<typeof createPageCache>;
