// The data version stamps other processes may move (migrations 002 and 003), read together in
// one statement, hence one snapshot, so one coalesced query serves every cache.
import type { Queryable } from './db';

export interface Stamps {
  /** dog_list_version: bumped by every change to the dogs and the owner contacts they show. */
  dogs: bigint;
  /** session_version: bumped by every change that can end or alter a live session. */
  sessions: bigint;
}

export async function readStamps(db: Queryable): Promise<Stamps> {
  // Run for nearly every request under load: prepared once per connection, planned once.
  const rows = await db.query<{ dogs: string; sessions: string }>(
    `SELECT (SELECT version FROM dog_list_version)::text AS dogs,
            (SELECT version FROM session_version)::text AS sessions`,
    [],
    { name: 'data_stamps' },
  );
  return { dogs: BigInt(rows[0]!.dogs), sessions: BigInt(rows[0]!.sessions) };
}
