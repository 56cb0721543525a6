// The personal data export: every section of what is stored about a person, in one list. A table
// that holds personal data adds its section here; a table that references the person's account
// but has no section yet is still exported, as raw rows (secrets and binary data left out), so
// the download never silently misses data.
import type { Db, Queryable } from '../db/db';
import { PRIVACY_POLICY } from '../../shared/privacy';

type Rows = Record<string, unknown>[];

interface Section {
  /** Key in the exported JSON. */
  key: string;
  /** The tables this section covers (a column that references users(id) in them is not repeated). */
  tables: string[];
  load(db: Queryable, userId: number): Promise<unknown>;
}

/** Column names never exported whatever the table: credentials and their hashes. */
const SECRET_COLUMN = /(^|_)(password|hash|token|secret)(_|$)/;

const SECTIONS: Section[] = [
  {
    key: 'profile',
    tables: ['users'],
    load: async (db, userId) =>
      (
        await db.query('SELECT id, name, email, phone, role, created_at FROM users WHERE id = $1', [
          userId,
        ])
      )[0],
  },
  {
    key: 'consents',
    tables: ['consents'],
    load: (db, userId) =>
      db.query(
        'SELECT policy_version, accepted_at FROM consents WHERE user_id = $1 ORDER BY accepted_at, id',
        [userId],
      ),
  },
  {
    key: 'dogs',
    tables: ['dogs'],
    load: (db, userId) =>
      db.query(
        `SELECT id, name, city, height, weight, life_span, personality, image, created_at, updated_at
           FROM dogs WHERE hostage_id = $1 ORDER BY id`,
        [userId],
      ),
  },
  {
    key: 'photos',
    tables: ['photos'],
    // The photos the person uploaded, with the address each is served at.
    load: (db, userId) =>
      db.query(
        `SELECT id, dog_id, lost_found_id, position, width, height, public->>'url' AS url, created_at
           FROM photos WHERE owner_id = $1 ORDER BY id`,
        [userId],
      ),
  },
  {
    key: 'favorites',
    tables: ['favorites'],
    // The dogs the person saved ("Guardados").
    load: (db, userId) =>
      db.query(
        `SELECT f.dog_id, d.name AS dog_name, f.created_at
           FROM favorites f JOIN dogs d ON d.id = f.dog_id
          WHERE f.user_id = $1 ORDER BY f.created_at DESC, f.dog_id`,
        [userId],
      ),
  },
  {
    key: 'reports',
    tables: ['reports'],
    // The listings the person reported (moderation, migration 007) and what became of each.
    load: (db, userId) =>
      db.query(
        `SELECT dog_id, reason, details, state, created_at, closed_at
           FROM reports WHERE reporter_id = $1 ORDER BY created_at, id`,
        [userId],
      ),
  },
  {
    key: 'adopter_profile',
    tables: ['adopter_profiles'],
    // The adopter profile the person filled in ("Perfil de adoptante"), or null.
    load: async (db, userId) =>
      (
        await db.query('SELECT profile, updated_at FROM adopter_profiles WHERE user_id = $1', [
          userId,
        ])
      )[0] ?? null,
  },
  {
    key: 'interests',
    tables: ['interests'],
    // Adoption applications: the ones the person sent (with the message, phone and profile copy
    // they gave) and the ones they received about their dogs (from whom, what they said, how to
    // reach them, their profile copy); each with its history of states.
    load: async (db, userId) => ({
      sent: await db.query(
        `SELECT i.id, i.dog_id, d.name AS dog_name, i.message, i.phone, i.state, i.history,
                i.profile, i.created_at, i.updated_at
           FROM interests i JOIN dogs d ON d.id = i.dog_id
          WHERE i.sender_id = $1 ORDER BY i.created_at, i.id`,
        [userId],
      ),
      received: await db.query(
        `SELECT i.id, i.dog_id, d.name AS dog_name, s.name AS sender_name, s.email AS sender_email,
                i.message, i.phone, i.state, i.history, i.profile, i.created_at, i.updated_at
           FROM interests i JOIN dogs d ON d.id = i.dog_id JOIN users s ON s.id = i.sender_id
          WHERE d.hostage_id = $1 ORDER BY i.created_at, i.id`,
        [userId],
      ),
    }),
  },
  {
    key: 'alerts',
    tables: ['alerts', 'alert_matches', 'alert_report_matches', 'alert_unsubscribe_tokens'],
    // The saved searches, each with the dogs or lost and found reports it told of (never the
    // unsubscribe tokens' hashes).
    load: (db, userId) =>
      db.query(
        `SELECT a.id, a.scope, a.frequency, a.q, a.city, a.size, a.sex, a.age, a.kind, a.zone,
                a.paused, a.created_at,
                coalesce((SELECT json_agg(json_build_object('dog_id', m.dog_id,
                                   'matched_at', m.matched_at, 'sent_at', m.sent_at)
                                   ORDER BY m.matched_at, m.dog_id)
                            FROM alert_matches m WHERE m.alert_id = a.id), '[]'::json) AS matches,
                coalesce((SELECT json_agg(json_build_object('report_id', m.report_id,
                                   'matched_at', m.matched_at, 'sent_at', m.sent_at)
                                   ORDER BY m.matched_at, m.report_id)
                            FROM alert_report_matches m WHERE m.alert_id = a.id), '[]'::json)
                  AS report_matches
           FROM alerts a WHERE a.user_id = $1 ORDER BY a.id`,
        [userId],
      ),
  },
  {
    key: 'lost_found',
    tables: ['lost_found_reports', 'lost_found_flags', 'lost_found_contacts'],
    // Lost and found: the person's reports, the reports they flagged to the admins, and the
    // reporters they wrote to through the site (the message itself went by e-mail only).
    load: async (db, userId) => ({
      reports: await db.query(
        `SELECT id, kind, name, sex, size, colors, description,
                to_char(seen_on, 'YYYY-MM-DD') AS date, zone, status, expires_at, hidden_at,
                hidden_reason, created_at, updated_at, closed_at
           FROM lost_found_reports WHERE reporter_id = $1 ORDER BY id`,
        [userId],
      ),
      flagged: await db.query(
        `SELECT report_id, reason, details, state, created_at, closed_at
           FROM lost_found_flags WHERE flagger_id = $1 ORDER BY created_at, id`,
        [userId],
      ),
      contacted: await db.query(
        `SELECT report_id, shared_email, created_at
           FROM lost_found_contacts WHERE sender_id = $1 ORDER BY created_at, id`,
        [userId],
      ),
    }),
  },
  {
    key: 'organizations',
    tables: ['org_members', 'org_invitations'],
    // The organizations the person belongs to and their role, and the invitations they sent
    // (to whom, when, whether accepted); never an invitation's token or its hash.
    load: async (db, userId) => ({
      memberships: await db.query(
        `SELECT o.id AS org_id, o.name AS org_name, o.slug AS org_slug, m.role, m.joined_at
           FROM org_members m JOIN orgs o ON o.id = m.org_id
          WHERE m.user_id = $1 ORDER BY m.joined_at, o.id`,
        [userId],
      ),
      invitations_sent: await db.query(
        `SELECT i.org_id, o.name AS org_name, i.email, i.created_at, i.expires_at, i.accepted_at
           FROM org_invitations i JOIN orgs o ON o.id = i.org_id
          WHERE i.invited_by = $1 ORDER BY i.created_at, i.id`,
        [userId],
      ),
      invitations_received: await db.query(
        `SELECT i.org_id, o.name AS org_name, i.email, i.created_at, i.expires_at, i.accepted_at
           FROM org_invitations i JOIN orgs o ON o.id = i.org_id
          WHERE lower(i.email) = (SELECT lower(email) FROM users WHERE id = $1)
          ORDER BY i.created_at, i.id`,
        [userId],
      ),
    }),
  },
  {
    key: 'adoptions',
    tables: ['adoptions'],
    // Adoptions closed as rescuer or as adopter: the acta accepted, the check-ins (answers,
    // messages, photo ids), the sterilization record, a return or a cancellation; dog_id is
    // null once the listing was deleted (dog_name is the name the adoption kept).
    load: (db, userId) =>
      db.query(
        `SELECT a.id, a.dog_id, COALESCE(d.name, a.dog_name) AS dog_name,
                CASE WHEN a.rescuer_id = $1 THEN 'rescuer' ELSE 'adopter' END AS role,
                a.state, a.acta_version, a.created_at, a.accepted_at, a.returned_at, a.return_note,
                a.cancelled_at,
                a.share_consent, a.sterilization_due, a.sterilized_on, a.sterilization_clinic,
                a.sterilization_photo_id, a.sterilization_recorded_at,
                COALESCE((SELECT json_agg(json_build_object(
                          'seq', c.seq, 'due_at', c.due_at, 'sent_at', c.sent_at,
                          'answered_at', c.answered_at, 'status', c.status, 'message', c.message,
                          'photo_ids', (SELECT COALESCE(json_agg(cp.photo_id ORDER BY cp.position), '[]')
                                          FROM checkin_photos cp WHERE cp.checkin_id = c.id))
                          ORDER BY c.seq)
                  FROM adoption_checkins c WHERE c.adoption_id = a.id), '[]') AS checkins
           FROM adoptions a LEFT JOIN dogs d ON d.id = a.dog_id
          WHERE a.rescuer_id = $1 OR a.adopter_id = $1 ORDER BY a.created_at, a.id`,
        [userId],
      ),
  },
  {
    key: 'sessions',
    tables: ['sessions'],
    // When each session started and was last used; never its token or hash.
    load: (db, userId) =>
      db.query(
        `SELECT created_at, last_seen_at FROM sessions WHERE user_id = $1
          ORDER BY created_at DESC, token_hash`,
        [userId],
      ),
  },
  {
    key: 'password_resets',
    tables: ['password_resets'],
    load: (db, userId) =>
      db.query(
        `SELECT created_at, expires_at, used_at FROM password_resets WHERE user_id = $1
          ORDER BY created_at DESC, token_hash`,
        [userId],
      ),
  },
];

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Columns of the current schema that reference users(id), with their table. */
async function userReferences(db: Queryable) {
  return db.query<{ table_name: string; column_name: string }>(
    `SELECT rel.relname AS table_name, att.attname AS column_name
       FROM pg_constraint con
       JOIN pg_class rel ON rel.oid = con.conrelid
       JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = ANY (con.conkey)
      WHERE con.contype = 'f'
        AND con.confrelid = 'users'::regclass
      ORDER BY rel.relname, att.attname`,
  );
}

/** Rows of a table not covered by a section, without secret or binary columns. */
async function rawRows(
  db: Queryable,
  table: string,
  column: string,
  userId: number,
): Promise<Rows> {
  const columns = await db.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped
        AND atttypid <> 'bytea'::regtype
      ORDER BY attnum`,
    [quoteIdent(table)],
  );
  const kept = columns.map((c) => c.name).filter((name) => !SECRET_COLUMN.test(name));
  if (kept.length === 0) return [];
  return db.query(
    `SELECT ${kept.map(quoteIdent).join(', ')} FROM ${quoteIdent(table)} WHERE ${quoteIdent(column)} = $1`,
    [userId],
  );
}

/** Everything stored about the person, read from one snapshot of the database. */
export function exportAccount(db: Db, userId: number, now: Date) {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    return collect(tx, userId, now);
  });
}

async function collect(db: Queryable, userId: number, now: Date) {
  const data: Record<string, unknown> = {
    exported_at: now.toISOString(),
    policy_version: PRIVACY_POLICY.version,
  };
  for (const section of SECTIONS) data[section.key] = await section.load(db, userId);
  const covered = new Set(SECTIONS.flatMap((s) => s.tables));
  const others: Record<string, Rows> = {};
  for (const ref of await userReferences(db)) {
    if (covered.has(ref.table_name)) continue;
    const rows = await rawRows(db, ref.table_name, ref.column_name, userId);
    others[`${ref.table_name}.${ref.column_name}`] = rows;
  }
  if (Object.keys(others).length > 0) data.other = others;
  return data;
}
