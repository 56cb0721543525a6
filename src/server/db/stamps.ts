// The data version stamps other processes may move (migrations 002, 003 and 110), read together in
// one statement, hence one snapshot, so one coalesced query serves every cache.
import type { Queryable } from './db';

export interface Stamps {
  /** dog_list_version: bumped by every change to the dogs and the owner contacts they show. */
  dogs: bigint;
  /** session_version: bumped by every change that can end or alter a live session. */
  sessions: bigint;
  /** page_data_version: bumped by every committed change anonymous pages may show. */
  pages: bigint;
}

export async function readStamps(db: Queryable): Promise<Stamps> {
  // Run for nearly every request under load: prepared once per connection, planned once.
  const rows = await db.query<{ dogs: string; sessions: string; pages: string }>(
    `SELECT (SELECT version FROM dog_list_version)::text AS dogs,
            (SELECT version FROM session_version)::text AS sessions,
            (SELECT version FROM page_data_version)::text AS pages`,
    [],
    { name: 'data_stamps' },
  );
  const row = rows[0]!;
  return { dogs: BigInt(row.dogs), sessions: BigInt(row.sessions), pages: BigInt(row.pages) };
}

/** page_data_version alone (the embedded database, where no other stamp needs reading). */
export async function readPageDataVersion(db: Queryable): Promise<bigint> {
  const rows = await db.query<{ pages: string }>(
    'SELECT version::text AS pages FROM page_data_version',
    [],
    { name: 'page_data_version' },
  );
  return BigInt(rows[0]!.pages);
}
