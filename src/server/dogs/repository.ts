// All SQL about dog listings. The owner's contact is joined in only when it will be shown.
import type { Dog, DogInput } from '../../shared/dog';
import type { Queryable } from '../db/db';
import type { LoadedPage } from './list-cache';

/** Largest value of a PostgreSQL integer (the type of dogs.id). */
export const MAX_DOG_ID = 2_147_483_647;

const COLUMNS =
  'd.id, d.name, d.height, d.weight, d.city, d.image, d.personality, d.life_span, d.hostage_id';
const WITH_OWNER = `${COLUMNS}, u.name AS owner_name, u.email AS owner_email`;

interface DogRow {
  id: number;
  name: string;
  height: string;
  weight: string;
  city: string;
  image: string;
  personality: string;
  life_span: string;
  hostage_id: number;
  owner_name?: string;
  owner_email?: string;
}

function toDog(row: DogRow): Dog {
  const dog: Dog = {
    id: row.id,
    name: row.name,
    height: row.height,
    weight: row.weight,
    city: row.city,
    image: row.image,
    personality: row.personality,
    life_span: row.life_span,
    hostage_id: row.hostage_id,
  };
  if (row.owner_email !== undefined) dog.user = { name: row.owner_name!, email: row.owner_email };
  return dog;
}

export function createDogRepository(db: Queryable) {
  return {
    /**
     * Newest first; `before` is exclusive (keyset pagination on the primary key). Returns the
     * JSON array text built by PostgreSQL itself: the hottest endpoint then skips row decoding
     * and JSON.stringify in Node (about twice as fast on PGlite). The data version (migration
     * 002) is read in the same statement, hence the same snapshot, for the list cache.
     */
    async listJson(opts: {
      limit: number;
      before?: number;
      withOwner: boolean;
    }): Promise<LoadedPage> {
      const cols = opts.withOwner
        ? `${COLUMNS}, json_build_object('name', u.name, 'email', u.email) AS "user"`
        : COLUMNS;
      const from = opts.withOwner ? 'dogs d JOIN users u ON u.id = d.hostage_id' : 'dogs d';
      // A cursor above every possible id is the same as no cursor (and would overflow integer).
      const noCursor = opts.before === undefined || opts.before > MAX_DOG_ID;
      const page = noCursor
        ? `SELECT ${cols} FROM ${from} ORDER BY d.id DESC LIMIT $1`
        : `SELECT ${cols} FROM ${from} WHERE d.id < $2 ORDER BY d.id DESC LIMIT $1`;
      const rows = await db.query<{ json: string; version: string }>(
        `SELECT coalesce(json_agg(p ORDER BY p.id DESC), '[]')::text AS json,
                (SELECT version FROM dog_list_version)::text AS version
           FROM (${page}) p`,
        noCursor ? [opts.limit] : [opts.limit, opts.before],
      );
      return { json: rows[0]!.json, version: BigInt(rows[0]!.version) };
    },

    /**
     * One dog as JSON text built by PostgreSQL (`null` when there is none), with the data version
     * read in the same statement, for the exact cache the list uses.
     */
    async getJson(id: number, withOwner: boolean): Promise<LoadedPage> {
      // No dog can have it, whatever the data.
      if (id > MAX_DOG_ID) return { json: 'null' };
      const cols = withOwner
        ? `${COLUMNS}, json_build_object('name', u.name, 'email', u.email) AS "user"`
        : COLUMNS;
      const from = withOwner ? 'dogs d JOIN users u ON u.id = d.hostage_id' : 'dogs d';
      const rows = await db.query<{ json: string | null; version: string }>(
        `SELECT (SELECT row_to_json(p)::text FROM (SELECT ${cols} FROM ${from} WHERE d.id = $1) p)
                  AS json,
                (SELECT version FROM dog_list_version)::text AS version`,
        [id],
      );
      return { json: rows[0]!.json ?? 'null', version: BigInt(rows[0]!.version) };
    },

    async get(id: number, withOwner: boolean): Promise<Dog | undefined> {
      if (id > MAX_DOG_ID) return undefined;
      const rows = withOwner
        ? await db.query<DogRow>(
            `SELECT ${WITH_OWNER} FROM dogs d JOIN users u ON u.id = d.hostage_id WHERE d.id = $1`,
            [id],
          )
        : await db.query<DogRow>(`SELECT ${COLUMNS} FROM dogs d WHERE d.id = $1`, [id]);
      return rows[0] && toDog(rows[0]);
    },

    /** The owner's id, or undefined when the dog does not exist. */
    async ownerOf(id: number): Promise<number | undefined> {
      if (id > MAX_DOG_ID) return undefined;
      const rows = await db.query<{ hostage_id: number }>(
        'SELECT hostage_id FROM dogs WHERE id = $1',
        [id],
      );
      return rows[0]?.hostage_id;
    },

    async insert(input: DogInput, ownerId: number): Promise<Dog> {
      const rows = await db.query<DogRow>(
        `INSERT INTO dogs AS d (name, height, weight, city, image, personality, life_span, hostage_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         RETURNING ${COLUMNS}`,
        [
          input.name,
          input.height,
          input.weight,
          input.city,
          input.image,
          input.personality,
          input.life_span,
          ownerId,
        ],
      );
      return toDog(rows[0]!);
    },

    /** Updates only when `ownerId` owns the dog; undefined means "missing or not yours". */
    async updateOwned(id: number, ownerId: number, input: DogInput): Promise<Dog | undefined> {
      if (id > MAX_DOG_ID) return undefined;
      const rows = await db.query<DogRow>(
        `UPDATE dogs AS d SET name = $3, height = $4, weight = $5, city = $6, image = $7,
                personality = $8, life_span = $9, updated_at = now()
          WHERE d.id = $1 AND d.hostage_id = $2
          RETURNING ${COLUMNS}`,
        [
          id,
          ownerId,
          input.name,
          input.height,
          input.weight,
          input.city,
          input.image,
          input.personality,
          input.life_span,
        ],
      );
      return rows[0] && toDog(rows[0]);
    },

    /** Deletes only when `ownerId` owns the dog; false means "missing or not yours". */
    async deleteOwned(id: number, ownerId: number): Promise<boolean> {
      if (id > MAX_DOG_ID) return false;
      const rows = await db.query(
        'DELETE FROM dogs WHERE id = $1 AND hostage_id = $2 RETURNING id',
        [id, ownerId],
      );
      return rows.length > 0;
    },
  };
}

export type DogRepository = ReturnType<typeof createDogRepository>;
