// Remembers live sessions for a few seconds so logged-in requests skip the session query, without
// ever trusting a session that has ended: an entry serves a request only while the session stamp
// (migration 003, bumped by every logout, expiry, new login and account change, on any process)
// is where it was when the entry was loaded, as read by a query that started after the request
// arrived. A logout acknowledged by any process therefore ends the session for the very next
// request on every process.
//
// Recording activity (`touch`) does not move the stamp; the entry keeps the newest activity this
// process recorded, and a cached session is never close to its idle limit: one idle for a minute
// is touched, which refreshes the entry. Unknown tokens are never remembered.
import type { SessionRepository, SessionWithUser } from './repository';

export interface SessionCacheOptions {
  /** The session stamp from a query started after the call (the coalesced stamp query). */
  stamp: () => Promise<bigint>;
  now: () => Date;
  /** Upper bound on the reuse of a loaded session. */
  ttlMs?: number;
  maxEntries?: number;
}

const SESSION_CACHE_MS = 5_000;

interface Entry {
  expires: number;
  /** The stamp observed before the load: every change up to it is in the row. */
  stamp: bigint;
  row: Promise<SessionWithUser | undefined>;
  /** Latest activity recorded through this process since the load. */
  touched?: Date;
}

/** `repo` with findWithUser answered from memory while the session stamp stands. */
export function withSessionCache(
  repo: SessionRepository,
  { stamp, now, ttlMs = SESSION_CACHE_MS, maxEntries = 10_000 }: SessionCacheOptions,
): SessionRepository {
  const entries = new Map<string, Entry>();

  const view = (entry: Entry, row: SessionWithUser | undefined) =>
    row && entry.touched && entry.touched > row.last_seen_at
      ? { ...row, last_seen_at: entry.touched }
      : row;

  return {
    ...repo,

    async findWithUser(tokenHash: string): Promise<SessionWithUser | undefined> {
      const observed = await stamp();
      const t = now().getTime();
      const hit = entries.get(tokenHash);
      if (hit && hit.expires > t && hit.stamp >= observed) return view(hit, await hit.row);
      if (entries.size >= maxEntries) entries.clear();
      const entry: Entry = {
        expires: t + ttlMs,
        stamp: observed,
        row: repo.findWithUser(tokenHash),
      };
      // Never replace an entry loaded after a newer stamp (requests racing on their stamp reads).
      const current = entries.get(tokenHash);
      if (!(current && current.expires > t && current.stamp > observed)) {
        entries.set(tokenHash, entry);
      }
      const forget = () => {
        if (entries.get(tokenHash) === entry) entries.delete(tokenHash);
      };
      entry.row.then((row) => row || forget(), forget);
      return view(entry, await entry.row);
    },

    async touch(tokenHash: string, at: Date): Promise<void> {
      await repo.touch(tokenHash, at);
      const entry = entries.get(tokenHash);
      if (entry && !(entry.touched && entry.touched > at)) entry.touched = at;
    },

    async delete(tokenHash: string): Promise<void> {
      entries.delete(tokenHash);
      await repo.delete(tokenHash);
      entries.delete(tokenHash);
    },
  };
}
