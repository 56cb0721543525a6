// All SQL about dog listings. The owner's contact is joined in only when it will be shown.
import {
  DOG_COUNT_CAP,
  DOG_PROFILE_FIELDS,
  MEDIA_URL_PATTERN,
  type Dog,
  type DogCount,
  type DogFilters,
  type DogInput,
  type DogOrg,
  type DogSex,
  type DogSize,
  type DogStatus,
} from '../../shared/dog';
import type { Photo } from '../../shared/photo';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, type Queryable } from '../db/db';
import type { LoadedPage } from './list-cache';

/** Largest value of a PostgreSQL integer (the type of dogs.id). */
const MAX_DOG_ID = 2_147_483_647;

/** The cover photo's URL, or NULL when the dog has no photos. */
const COVER_URL = `(SELECT p.public->>'url' FROM photos p WHERE p.dog_id = d.id ORDER BY p.position LIMIT 1)`;
/** The dog's photos in order, as a JSON array. */
const PHOTOS = `coalesce((SELECT json_agg(p.public ORDER BY p.position) FROM photos p WHERE p.dog_id = d.id), '[]'::json)`;
/** A timestamp as the API shows it: ISO 8601 in UTC, the same through every path. */
const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column.slice(2)}`;
/** The organization that publishes the dog, as its card shows it, or NULL. */
const ORG = `(SELECT json_build_object('id', o.id, 'slug', o.slug, 'name', o.name, 'verified', o.verified_at IS NOT NULL) FROM orgs o WHERE o.id = d.org_id)`;
/** `image` is the cover photo when there is one, else the URL the owner typed (`image_url`). */
const COLUMNS =
  `d.id, d.name, d.height, d.weight, d.city, coalesce(${COVER_URL}, d.image) AS image, ` +
  `d.personality, d.life_span, d.hostage_id, d.image AS image_url, ${PHOTOS} AS photos, ` +
  `d.sex, d.size, d.age_months, d.sterilized, d.vaccinated, d.good_with_kids, ` +
  `d.good_with_dogs, d.good_with_cats, d.status, d.demo, ${iso('d.created_at')}, ${iso('d.updated_at')}, ` +
  `${ORG} AS org`;

/**
 * Who may manage dog `d` (edit it, delete it, answer its applications): the person who published
 * it and, when an organization publishes it, every member of that organization. `user` is the
 * SQL of the person's id (a parameter). Every ownership check on dogs goes through here.
 */
export const managedBy = (user: string) =>
  `(d.hostage_id = ${user} OR d.org_id IN (SELECT m.org_id FROM org_members m WHERE m.user_id = ${user}))`;

/** Age ranges of the catalogue, in months: [from, below). */
export const AGE_RANGES: Record<NonNullable<DogFilters['age']>, [number, number]> = {
  puppy: [0, 12],
  young: [12, 36],
  adult: [36, 96],
  senior: [96, 32_767],
};
/** At most this many words of `q` are searched (each one must match). */
const MAX_QUERY_WORDS = 8;

/** The words of a free-text query (accents and case are the database's business). */
export function queryWords(q: string | undefined): string[] {
  if (!q) return [];
  return q
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_QUERY_WORDS);
}

/** Whether `filters` narrows the list at all (else it is the seed's list). */
export function hasFilters(filters: DogFilters): boolean {
  return (
    queryWords(filters.q).length > 0 ||
    !!filters.city ||
    !!filters.size ||
    !!filters.sex ||
    !!filters.age ||
    !!filters.status
  );
}

/**
 * The catalogue's text comparisons in parts: the dog's side (its city, its searchable document),
 * how a value is normalised, and what "a word matches the document" means. DOG_FILTER_SQL puts
 * them together; saved alerts store their values already normalised and compare them with the
 * dog's side computed once (alerts/repository.ts).
 */
export const DOG_TEXT_SQL = {
  city: 'dog_search_norm(d.city)',
  document: 'dog_search_document(d.name, d.city, d.personality)',
  norm: (value: string) => `dog_search_norm(${value})`,
  // Word similarity (pg_trgm): "simon" finds "Simón", "simom" too; the default threshold 0.6.
  wordMatches: (document: string, word: string) => `${document} OPERATOR(public.%>) ${word}`,
};

/**
 * The condition of each catalogue filter on the dog `d`, given the SQL of the filter's value (a
 * query parameter here, a saved alert's column in alerts/repository.ts): the one definition of
 * what each filter means, whoever compares.
 */
export const DOG_FILTER_SQL = {
  city: (value: string) => `${DOG_TEXT_SQL.city} = ${DOG_TEXT_SQL.norm(value)}`,
  size: (value: string) => `d.size = ${value}`,
  sex: (value: string) => `d.sex = ${value}`,
  ageRange: (from: string, below: string) => `d.age_months >= ${from} AND d.age_months < ${below}`,
  word: (value: string) =>
    DOG_TEXT_SQL.wordMatches(DOG_TEXT_SQL.document, DOG_TEXT_SQL.norm(value)),
};

/**
 * The WHERE conditions of `filters`, with their parameters numbered from `first`. Every condition
 * is one an index of migration 005 serves: the status, city, size, sex and age indexes end with
 * the id, and the text search uses the trigram index of dog_search_document().
 */
function filterSql(
  filters: DogFilters,
  first: number,
): { conditions: string[]; textConditions: string[]; params: unknown[] } {
  const conditions: string[] = [];
  const textConditions: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${first + params.length - 1}`;
  };
  // Never a listing moderation hid, nor one of a blocked account.
  conditions.push(VISIBLE);
  const status = filters.status;
  // The seed's list and the catalogue's default: every dog still looking for a home.
  if (status === undefined) conditions.push(`d.status IN ('available', 'pending')`);
  else if (status !== 'all') conditions.push(`d.status = ${param(status)}`);
  if (filters.city) conditions.push(DOG_FILTER_SQL.city(param(filters.city)));
  if (filters.size) conditions.push(DOG_FILTER_SQL.size(param(filters.size)));
  if (filters.sex) conditions.push(DOG_FILTER_SQL.sex(param(filters.sex)));
  if (filters.age) {
    const [from, below] = AGE_RANGES[filters.age];
    conditions.push(DOG_FILTER_SQL.ageRange(param(from), param(below)));
  }
  for (const word of queryWords(filters.q)) textConditions.push(DOG_FILTER_SQL.word(param(word)));
  return { conditions, textConditions, params };
}

/**
 * How many of the newest dogs that pass the other filters a text search checks one by one before
 * it asks the trigram index instead (see listSql).
 */
export const SEARCH_WALK_ROWS = 400;
const WITH_OWNER = `${COLUMNS}, u.name AS owner_name, u.email AS owner_email, u.phone AS owner_phone`;
/**
 * The owner's contact as the API shows it to logged-in requesters: name, e-mail and, when the
 * owner gave one, the phone (for "Escribir por WhatsApp"). Never joined for anonymous requests.
 */
const OWNER_JSON = `json_strip_nulls(json_build_object('name', u.name, 'email', u.email, 'phone', u.phone))`;
/**
 * What anonymous requesters get in the owner's place: an empty contact, so clients that read
 * `dog.user.name` without checking (the original site's) keep working, and no owner data.
 */
const ANONYMOUS_OWNER_JSON = `json_build_object('name', '', 'email', '')`;
/** The public columns plus `user`: the owner's contact, or the empty one for anonymous requesters. */
const publicColumns = (withOwner: boolean) =>
  `${COLUMNS}, ${withOwner ? OWNER_JSON : ANONYMOUS_OWNER_JSON} AS "user"`;
/**
 * The listing may be shown to anyone: moderation has not hidden it and its owner's account is not
 * blocked (migration 007). Every public read of dogs filters with it; only the owner's own view
 * of a hidden listing (getHiddenOwned) does not.
 */
// NOT IN, not NOT EXISTS: PostgreSQL turns NOT EXISTS into an anti-join, which made the planner
// give up the newest-first index walk for a scan and a sort of every dog; NOT IN stays a filter on
// that walk, checked against the (short) hashed list of blocked accounts. ids are never NULL.
export const VISIBLE =
  'd.hidden_at IS NULL AND d.hostage_id NOT IN ' +
  '(SELECT b.id FROM users b WHERE b.blocked_at IS NOT NULL)';

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
  image_url: string;
  photos: Photo[];
  sex: DogSex | null;
  size: DogSize | null;
  age_months: number | null;
  sterilized: boolean | null;
  vaccinated: boolean | null;
  good_with_kids: boolean | null;
  good_with_dogs: boolean | null;
  good_with_cats: boolean | null;
  status: DogStatus;
  demo: boolean;
  created_at: string;
  updated_at: string;
  org: DogOrg | null;
  owner_name?: string;
  owner_email?: string;
  owner_phone?: string | null;
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
    image_url: row.image_url,
    photos: row.photos,
    sex: row.sex,
    size: row.size,
    age_months: row.age_months,
    sterilized: row.sterilized,
    vaccinated: row.vaccinated,
    good_with_kids: row.good_with_kids,
    good_with_dogs: row.good_with_dogs,
    good_with_cats: row.good_with_cats,
    status: row.status,
    demo: row.demo,
    created_at: row.created_at,
    updated_at: row.updated_at,
    org: row.org,
  };
  if (row.owner_email !== undefined) {
    dog.user = { name: row.owner_name!, email: row.owner_email };
    if (row.owner_phone) dog.user.phone = row.owner_phone;
  }
  return dog;
}

/**
 * A page's query: newest first below `before` (exclusive), with the filters' conditions.
 *
 * Without words the page is read in order from the primary key or a filter's (filter, id) index.
 * With words no single plan is good for every word: walking the primary key and checking each
 * dog's text is fast when the words are common, but reads every dog when they are rare (or only
 * match dogs the other filters leave out); collecting the trigram index's matches first is fast
 * for rare words but checks tens of thousands of texts for a common one, and the planner's
 * estimate of a word's frequency is too rough to choose. So the statement does both, in turn:
 * - `walk`: the SEARCH_WALK_ROWS newest dogs that pass the other filters, checked one by one;
 *   when that finds a full page, it is the page (no newer dog can match: all of them were seen);
 * - `matched`: only otherwise (a one-time filter skips reading it), every dog that passes the filters,
 *   found through the trigram index (with a filter's index when that narrows it further) behind a
 *   MATERIALIZED fence, so the planner cannot turn it back into a primary-key walk; then the
 *   order and the limit.
 * Both give the same rows as the plain query, in the same order.
 */
function listSql(opts: {
  limit: number;
  before?: number;
  withOwner: boolean;
  filters?: DogFilters;
}): { page: string; params: unknown[] } {
  const cols = publicColumns(opts.withOwner);
  const from = opts.withOwner ? 'dogs d JOIN users u ON u.id = d.hostage_id' : 'dogs d';
  const params: unknown[] = [opts.limit];
  const conditions: string[] = [];
  // A cursor above every possible id is the same as no cursor (and would overflow integer).
  if (opts.before !== undefined && opts.before <= MAX_DOG_ID) {
    params.push(opts.before);
    conditions.push('d.id < $2');
  }
  const filtered = filterSql(opts.filters ?? {}, params.length + 1);
  conditions.push(...filtered.conditions);
  params.push(...filtered.params);
  const where = (all: string[]) => (all.length ? `WHERE ${all.join(' AND ')}` : '');
  const text = filtered.textConditions;
  if (text.length === 0) {
    return {
      page: `SELECT ${cols} FROM ${from} ${where(conditions)} ORDER BY d.id DESC LIMIT $1`,
      params,
    };
  }
  const page = `WITH walk AS MATERIALIZED (
      SELECT d.id FROM (
        SELECT d.id, d.name, d.city, d.personality FROM dogs d ${where(conditions)}
         ORDER BY d.id DESC LIMIT ${SEARCH_WALK_ROWS}
      ) d ${where(text)} ORDER BY d.id DESC LIMIT $1
    ), matched AS MATERIALIZED (
      SELECT d.id FROM dogs d ${where([...conditions, ...text])}
    ), picked AS (
      SELECT id FROM walk WHERE (SELECT count(*) FROM walk) >= $1
      UNION ALL
      -- A CTE runs when first read: never, when the walk found a full page.
      (SELECT id FROM matched WHERE (SELECT count(*) FROM walk) < $1 ORDER BY id DESC LIMIT $1)
    )
    SELECT ${cols} FROM ${from} WHERE d.id IN (SELECT id FROM picked) ORDER BY d.id DESC LIMIT $1`;
  return { page, params };
}

/**
 * How many dogs match `filters`, up to DOG_COUNT_CAP + 1: the scan stops there, so a common word
 * costs a thousand matches' checks, not one per dog.
 */
function countSql(filters: DogFilters): { count: string; params: unknown[] } {
  const { conditions, textConditions, params } = filterSql(filters, 1);
  const all = [...conditions, ...textConditions];
  const where = all.length ? `WHERE ${all.join(' AND ')}` : '';
  return {
    count: `SELECT count(*) FROM (SELECT 1 FROM dogs d ${where} LIMIT ${DOG_COUNT_CAP + 1}) c`,
    params,
  };
}

/** The profile values of an insert: absent is null (status: available). */
function profileValues(input: DogInput): unknown[] {
  return [
    input.sex ?? null,
    input.size ?? null,
    input.age_months ?? null,
    input.sterilized ?? null,
    input.vaccinated ?? null,
    input.good_with_kids ?? null,
    input.good_with_dogs ?? null,
    input.good_with_cats ?? null,
    input.status ?? 'available',
  ];
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
      filters?: DogFilters;
    }): Promise<LoadedPage<string>> {
      const { page, params } = listSql(opts);
      const rows = await db.query<{ json: string; version: string }>(
        `SELECT coalesce(json_agg(p ORDER BY p.id DESC), '[]')::text AS json,
                (SELECT version FROM dog_list_version)::text AS version
           FROM (${page}) p`,
        params,
      );
      return { json: rows[0]!.json, version: BigInt(rows[0]!.version) };
    },

    /** The plan of listJson's page query, for the benchmark's log. */
    async explainList(opts: { limit: number; before?: number; filters?: DogFilters }) {
      const { page, params } = listSql({ ...opts, withOwner: false });
      const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${page}`, params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    },

    /** The plan of countJson's count, for the benchmark's log. */
    async explainCount(filters: DogFilters) {
      const { count, params } = countSql(filters);
      const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${count}`, params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    },

    /** How many dogs match `filters` (DogCount) as JSON text, with the data version. */
    async countJson(filters: DogFilters): Promise<LoadedPage<string>> {
      const { count: sql, params } = countSql(filters);
      const rows = await db.query<{ count: number; version: string }>(
        `SELECT (${sql})::int AS count,
                (SELECT version FROM dog_list_version)::text AS version`,
        params,
      );
      const found = rows[0]!.count;
      const count: DogCount =
        found > DOG_COUNT_CAP
          ? { count: DOG_COUNT_CAP, more: true }
          : { count: found, more: false };
      return {
        json: JSON.stringify(count),
        version: BigInt(rows[0]!.version),
      };
    },

    /**
     * One dog as JSON text built by PostgreSQL (`null` when there is none), with the data version
     * read in the same statement, for the exact cache the list uses.
     */
    async getJson(id: number, withOwner: boolean): Promise<LoadedPage<string>> {
      // No dog can have it, whatever the data.
      if (id > MAX_DOG_ID) return { json: 'null' };
      const cols = publicColumns(withOwner);
      const from = withOwner ? 'dogs d JOIN users u ON u.id = d.hostage_id' : 'dogs d';
      const rows = await db.query<{ json: string | null; version: string }>(
        `SELECT (SELECT row_to_json(p)::text FROM (SELECT ${cols} FROM ${from} WHERE d.id = $1 AND ${VISIBLE}) p)
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

    /** Every available dog's id and last change, newest first (the sitemap). */
    async availableForSitemap(max: number): Promise<{ id: number; updated_at: string }[]> {
      return db.query(
        `SELECT d.id, ${iso('d.updated_at')} FROM dogs d
          WHERE d.status = 'available' AND ${VISIBLE} ORDER BY d.id DESC LIMIT $1`,
        [max],
      );
    },

    /**
     * The dog with owner contact and the reason moderation gave, only when `ownerId` owns it and it
     * is hidden: the one view of a hidden listing (its owner sees why). Never cached.
     */
    async getHiddenOwned(id: number, ownerId: number): Promise<Dog | undefined> {
      if (id > MAX_DOG_ID) return undefined;
      const rows = await db.query<DogRow & { hidden_reason: string }>(
        `SELECT ${WITH_OWNER}, d.hidden_reason FROM dogs d JOIN users u ON u.id = d.hostage_id
          WHERE d.id = $1 AND ${managedBy('$2')} AND d.hidden_at IS NOT NULL`,
        [id, ownerId],
      );
      return rows[0] && { ...toDog(rows[0]), hidden_reason: rows[0].hidden_reason ?? '' };
    },

    /**
     * `ownerId`'s own listings ("Mis publicaciones"), newest first, whatever their status; hidden
     * ones come with the reason moderation gave. Read past the cache: it is for one person only.
     */
    async listOwned(ownerId: number): Promise<Dog[]> {
      const rows = await db.query<
        DogRow & { hidden_at: Date | null; hidden_reason: string | null }
      >(
        `SELECT ${WITH_OWNER}, d.hidden_at, d.hidden_reason
           FROM dogs d JOIN users u ON u.id = d.hostage_id
          WHERE ${managedBy('$1')} ORDER BY d.id DESC`,
        [ownerId],
      );
      return rows.map((row) =>
        row.hidden_at ? { ...toDog(row), hidden_reason: row.hidden_reason ?? '' } : toDog(row),
      );
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

    /** The dogs `userId` saved ("Guardados"), the most recently saved first, with their owners. */
    async listFavorites(userId: number): Promise<Dog[]> {
      const rows = await db.query<DogRow>(
        `SELECT ${WITH_OWNER}
           FROM favorites f JOIN dogs d ON d.id = f.dog_id JOIN users u ON u.id = d.hostage_id
          WHERE f.user_id = $1 AND ${VISIBLE}
          ORDER BY f.created_at DESC, d.id DESC`,
        [userId],
      );
      return rows.map(toDog);
    },

    /**
     * Saves a dog for `userId`; false when there is no such dog (or it is hidden). Saving it again
     * changes nothing.
     */
    async addFavorite(userId: number, dogId: number): Promise<boolean> {
      if (dogId > MAX_DOG_ID) return false;
      const rows = await db
        .query(
          `INSERT INTO favorites (user_id, dog_id)
           SELECT $1, d.id FROM dogs d WHERE d.id = $2 AND ${VISIBLE}
           ON CONFLICT (user_id, dog_id) DO NOTHING
           RETURNING dog_id`,
          [userId, dogId],
        )
        .catch((error: unknown) => {
          // Deleted between this statement's snapshot and its foreign key check.
          if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) return 'gone' as const;
          throw error;
        });
      if (rows === 'gone') return false;
      if (rows.length > 0) return true;
      // Saved before: still there if the dog still is.
      const visible = await db.query(`SELECT 1 FROM dogs d WHERE d.id = $1 AND ${VISIBLE}`, [
        dogId,
      ]);
      return visible.length > 0;
    },

    /** Forgets a saved dog (nothing happens when it was not saved). */
    async removeFavorite(userId: number, dogId: number): Promise<void> {
      if (dogId > MAX_DOG_ID) return;
      await db.query('DELETE FROM favorites WHERE user_id = $1 AND dog_id = $2', [userId, dogId]);
    },

    async insert(input: DogInput, ownerId: number): Promise<Dog> {
      const rows = await db.query<DogRow>(
        `INSERT INTO dogs AS d (name, height, weight, city, image, personality, life_span, hostage_id,
                                sex, size, age_months, sterilized, vaccinated, good_with_kids,
                                good_with_dogs, good_with_cats, status, org_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
         RETURNING ${COLUMNS}`,
        [
          input.name,
          input.height,
          input.weight,
          input.city,
          // The cover photo's URL sent back is not a typed URL.
          MEDIA_URL_PATTERN.test(input.image) ? '' : input.image,
          input.personality,
          input.life_span,
          ownerId,
          ...profileValues(input),
          input.org_id ?? null,
        ],
      );
      return toDog(rows[0]!);
    },

    /** The status of a dog `userId` may manage, its row locked until the transaction ends. */
    async lockStatusOwned(id: number, userId: number): Promise<DogStatus | undefined> {
      if (id > MAX_DOG_ID) return undefined;
      const rows = await db.query<{ status: DogStatus }>(
        `SELECT d.status FROM dogs d WHERE d.id = $1 AND ${managedBy('$2')} FOR UPDATE`,
        [id, userId],
      );
      return rows[0]?.status;
    },

    /**
     * Updates only when `userId` may manage the dog (managedBy); undefined means "missing or not
     * yours".
     */
    async updateOwned(id: number, userId: number, input: DogInput): Promise<Dog | undefined> {
      if (id > MAX_DOG_ID) return undefined;
      // Profile fields the request left out keep their values (a seed client knows none of them);
      // so does the organization.
      const fields = [
        ...DOG_PROFILE_FIELDS.filter((field) => input[field] !== undefined),
        ...(input.org_id !== undefined ? (['org_id'] as const) : []),
      ];
      const profileSet = fields.map((field, i) => `, ${field} = $${10 + i}`).join('');
      const rows = await db.query<DogRow>(
        // The cover photo's URL sent back (as a client that resends the dog it read does) leaves
        // the typed URL as it was.
        `UPDATE dogs AS d SET name = $3, height = $4, weight = $5, city = $6,
                image = CASE WHEN $7::text ~ '^/media/' THEN d.image ELSE $7 END,
                personality = $8, life_span = $9, updated_at = now()${profileSet}
          WHERE d.id = $1 AND ${managedBy('$2')}
          RETURNING ${COLUMNS}`,
        [
          id,
          userId,
          input.name,
          input.height,
          input.weight,
          input.city,
          input.image,
          input.personality,
          input.life_span,
          ...fields.map((field) => input[field]),
        ],
      );
      return rows[0] && toDog(rows[0]);
    },

    /**
     * An organization's dogs looking for a home (available or in process), newest first, below
     * `before`, as anonymous visitors see them: the JSON array text, with the data version.
     */
    async orgDogsJson(orgId: number, limit: number, before?: number): Promise<LoadedPage<string>> {
      const rows = await db.query<{ json: string; version: string }>(
        `SELECT coalesce(json_agg(p ORDER BY p.id DESC), '[]')::text AS json,
                (SELECT version FROM dog_list_version)::text AS version
           FROM (SELECT ${publicColumns(false)} FROM dogs d
                  WHERE d.org_id = $1 AND d.id < $3 AND d.status IN ('available', 'pending')
                    AND ${VISIBLE}
                  ORDER BY d.id DESC LIMIT $2) p`,
        [orgId, limit, Math.min(before ?? MAX_DOG_ID, MAX_DOG_ID)],
      );
      return { json: rows[0]!.json, version: BigInt(rows[0]!.version) };
    },

    /** Whether `userId` is a member of organization `orgId`. */
    async isOrgMember(orgId: number, userId: number): Promise<boolean> {
      if (orgId > MAX_DOG_ID) return false;
      const rows = await db.query(
        'SELECT 1 FROM org_members WHERE org_id = $1 AND user_id = $2 FOR SHARE',
        [orgId, userId],
      );
      return rows.length > 0;
    },

    /** The ids of every dog `ownerId` has published. */
    async idsOwnedBy(ownerId: number): Promise<number[]> {
      const rows = await db.query<{ id: number }>('SELECT id FROM dogs WHERE hostage_id = $1', [
        ownerId,
      ]);
      return rows.map((r) => r.id);
    },

    /** Deletes only when `userId` may manage the dog; false means "missing or not yours". */
    async deleteOwned(id: number, userId: number): Promise<boolean> {
      if (id > MAX_DOG_ID) return false;
      const rows = await db.query(
        `DELETE FROM dogs d WHERE d.id = $1 AND ${managedBy('$2')} RETURNING d.id`,
        [id, userId],
      );
      return rows.length > 0;
    },
  };
}

export type DogRepository = ReturnType<typeof createDogRepository>;
