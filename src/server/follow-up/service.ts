// Closing an adoption and following it up. The rescuer closes it with an approved application;
// the adopter accepts the acta (its version and time stored), which makes the dog adopted,
// declines the other open applications and lays out the check-ins of the follow-up schedule and
// the sterilization due date. A background job (`runDue`, every minute) e-mails each check-in
// that fell due a single-use link, reminds once, tells the rescuer after twice the reminder
// pause, and sends the sterilization reminders; every e-mail is a job stored in the same
// transaction as the change that causes it. Time always comes from `now()`. Until the acta is
// accepted the rescuer may cancel the adoption. An adoption outlives its dog's listing: deleting
// the dog keeps it (dog_id NULL, the name it kept) and its follow-up goes on.
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '../../shared/api';
import {
  ACTA_VERSION,
  actaText,
  FOLLOW_UP_MESSAGES as M,
  STERILIZATION_DAYS,
  STERILIZATION_MIN_AGE_MONTHS,
  STERILIZATION_REMINDER_DAYS_BEFORE,
  type Adoption,
  type AdoptionDetail,
  type Checkin,
  type CheckinInput,
  type CheckinPrompt,
  type HappyEnding,
  type SterilizationInput,
} from '../../shared/follow-up';
import type { Photo } from '../../shared/photo';
import { MY_APPLICATIONS_PATH } from '../../shared/site';
import type { Db, Queryable } from '../db/db';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/db';
import type { ListCache } from '../dogs/list-cache';
import { managedBy, VISIBLE } from '../dogs/repository';
import { HttpError } from '../http/errors';
import {
  actaAcceptedMail,
  actaToAcceptMail,
  adoptionCancelledMail,
  checkinAlertMail,
  checkinMail,
  checkinOverdueMail,
  sterilizationReminderMail,
} from '../mail/follow-up-messages';
import { applicationStateMail } from '../mail/messages';
import type { MailQueue } from '../mail/queue';
import { hashToken } from '../sessions/service';

export interface FollowUpDeps {
  db: Db;
  mail: MailQueue;
  /** The dogs' cached pages: acceptance, a return and a sterilization change the dog. */
  listCache: Pick<ListCache, 'invalidate'>;
  publicUrl: string;
  contact: string;
  now: () => Date;
  /** When each check-in falls due after acceptance, in seconds, ascending. */
  scheduleS: number[];
  /** A reminder after this long without an answer; twice this tells the rescuer. */
  reminderAfterS: number;
  /** A returned dog published again: what a dog becoming available sets off (saved alerts). */
  becameAvailable?: (tx: Queryable, dogId: number) => Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_ID = 2_147_483_647;
/** The last check-in's link lasts this long (no next one ends it). */
const LAST_CHECKIN_VALID_MS = 90 * DAY_MS;
/** Rows handled per transaction of the follow-up job. */
export const FOLLOW_UP_BATCH = 500;
/** The path of the adoption page and of the check-in page. */
export const adoptionPath = (id: number) => `/adopciones/${id}`;
export const checkinPath = (token: string) => `/seguimiento/${token}`;

const isoText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const dayText = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
/** What stands for the dog's photo once its listing (and with it its photos) was deleted. */
export const DELETED_DOG_IMAGE = '/dog-placeholder.svg';
const DOG_IMAGE =
  `COALESCE((SELECT p.public->>'url' FROM photos p WHERE p.dog_id = d.id AND p.position = 0), ` +
  `d.image, '${DELETED_DOG_IMAGE}')`;
/** The dog's name: the listing's, or the one kept by the adoption once the listing is deleted. */
const DOG_NAME = 'COALESCE(d.name, a.dog_name)';

/** The calendar day in Cali (UTC−5, no daylight saving) of an instant. */
export function bogotaDay(at: Date): string {
  return new Date(at.getTime() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The sterilization due date: 60 days after acceptance, or the day the dog turns 6 months old
 * if later (its age as published, counted from the listing's creation).
 */
export function sterilizationDue(
  acceptedAt: Date,
  dog: { created_at: Date; age_months: number | null },
): string {
  const byDays = addDays(bogotaDay(acceptedAt), STERILIZATION_DAYS);
  if (dog.age_months === null || dog.age_months >= STERILIZATION_MIN_AGE_MONTHS) return byDays;
  // The age was as of the listing (never later than the acceptance).
  const sixMonths = new Date(Math.min(dog.created_at.getTime(), acceptedAt.getTime()));
  sixMonths.setUTCMonth(sixMonths.getUTCMonth() + STERILIZATION_MIN_AGE_MONTHS - dog.age_months);
  const byAge = bogotaDay(sixMonths);
  return byAge > byDays ? byAge : byDays;
}

type Role = 'rescuer' | 'adopter' | 'admin';
type User = { id: number; role: string };

/**
 * Whether adoption `adoption` has a check-in overdue as of `at`: sent, still open and unanswered
 * `pause` seconds after it was sent (twice the reminder pause: when its rescuer is told). The
 * arguments are SQL (an alias and two parameters).
 */
function checkinOverdue(adoption: string, at: string, pause: string) {
  return `EXISTS (
    SELECT 1 FROM adoption_checkins c
     WHERE c.adoption_id = ${adoption}.id AND c.sent_at IS NOT NULL AND c.answered_at IS NULL
       AND c.sent_at + ${pause} * interval '1 second' <= ${at} AND c.expires_at > ${at})`;
}

interface AdoptionRow {
  id: number;
  state: Adoption['state'];
  dog_id: number | null;
  dog_name: string;
  dog_image: string;
  rescuer_id: number;
  rescuer_name: string;
  rescuer_email: string;
  adopter_id: number | null;
  adopter_name: string | null;
  adopter_email: string | null;
  interest_id: number | null;
  acta_version: string | null;
  created_at: string;
  accepted_at: string | null;
  returned_at: string | null;
  return_note: string | null;
  cancelled_at: string | null;
  share_consent: boolean;
  sterilization_due: string | null;
  sterilized_on: string | null;
  sterilization_clinic: string | null;
  sterilization_photo: Photo | null;
  sterilization_recorded_at: string | null;
  checkin_overdue: boolean;
}

const ADOPTION_SELECT = `
  SELECT a.id, a.state, a.dog_id, ${DOG_NAME} AS dog_name, ${DOG_IMAGE} AS dog_image,
         a.rescuer_id, r.name AS rescuer_name, r.email AS rescuer_email,
         a.adopter_id, u.name AS adopter_name, u.email AS adopter_email, a.interest_id,
         a.acta_version, ${isoText('a.created_at')} AS created_at,
         ${isoText('a.accepted_at')} AS accepted_at, ${isoText('a.returned_at')} AS returned_at,
         a.return_note, ${isoText('a.cancelled_at')} AS cancelled_at, a.share_consent,
         ${dayText('a.sterilization_due')} AS sterilization_due,
         ${dayText('a.sterilized_on')} AS sterilized_on, a.sterilization_clinic,
         (SELECT p.public FROM photos p WHERE p.id = a.sterilization_photo_id) AS sterilization_photo,
         ${isoText('a.sterilization_recorded_at')} AS sterilization_recorded_at,
         (a.state = 'active' AND ${checkinOverdue('a', '$1', '$2')}) AS checkin_overdue
    FROM adoptions a LEFT JOIN dogs d ON d.id = a.dog_id JOIN users r ON r.id = a.rescuer_id
    LEFT JOIN users u ON u.id = a.adopter_id`;

export function createFollowUpService(deps: FollowUpDeps) {
  const {
    db,
    mail,
    listCache,
    publicUrl,
    contact,
    now,
    scheduleS,
    reminderAfterS,
    becameAvailable,
  } = deps;
  const escalateAfterS = 2 * reminderAfterS;
  const link = (path: string) => `${publicUrl}${path}`;

  const sterilizationOverdue = (row: AdoptionRow, today: string) =>
    row.state === 'active' &&
    row.sterilization_due !== null &&
    row.sterilized_on === null &&
    row.sterilization_due < today;

  function toAdoption(row: AdoptionRow, role: Role, today: string): Adoption {
    return {
      id: row.id,
      state: row.state,
      dog: { id: row.dog_id, name: row.dog_name, image: row.dog_image },
      rescuer: { name: row.rescuer_name, email: row.rescuer_email },
      adopter:
        row.adopter_name === null ? null : { name: row.adopter_name, email: row.adopter_email! },
      interest_id: row.interest_id,
      acta_version: row.acta_version,
      acta: actaText(row.dog_name, row.sterilization_due),
      created_at: row.created_at,
      accepted_at: row.accepted_at,
      returned_at: row.returned_at,
      return_note: row.return_note,
      cancelled_at: row.cancelled_at,
      share_consent: row.share_consent,
      role,
      overdue: row.checkin_overdue || sterilizationOverdue(row, today),
    };
  }

  async function loadRow(q: Queryable, id: number): Promise<AdoptionRow | undefined> {
    if (id > MAX_ID) return undefined;
    const [row] = await q.query<AdoptionRow>(`${ADOPTION_SELECT} WHERE a.id = $3`, [
      now(),
      escalateAfterS,
      id,
    ]);
    return row;
  }

  /**
   * Who `user` is to an adoption: its rescuer (or someone else who manages its dog, such as a
   * member of the dog's organization: they act on the rescuer's side), its adopter, or an admin.
   */
  async function roleOf(q: Queryable, row: AdoptionRow, user: User): Promise<Role | undefined> {
    if (row.rescuer_id === user.id) return 'rescuer';
    if (row.adopter_id === user.id) return 'adopter';
    if (row.dog_id !== null) {
      const [manages] = await q.query(
        `SELECT 1 FROM dogs d WHERE d.id = $1 AND ${managedBy('$2')}`,
        [row.dog_id, user.id],
      );
      if (manages) return 'rescuer';
    }
    if (user.role === 'admin') return 'admin';
    return undefined;
  }

  /**
   * Ends pending adoption `row` (locked): `cancelled`, so its acta can no longer be accepted and
   * its dog can get a new adoption. `tell` e-mails the adopter.
   */
  async function cancelPending(tx: Queryable, row: AdoptionRow, tell: boolean): Promise<void> {
    await tx.query(`UPDATE adoptions SET state = 'cancelled', cancelled_at = $2 WHERE id = $1`, [
      row.id,
      now(),
    ]);
    if (tell && row.adopter_name !== null)
      await mail.enqueue(
        tx,
        'adoption-cancelled',
        adoptionCancelledMail(
          { name: row.adopter_name, email: row.adopter_email! },
          row.rescuer_name,
          row.dog_name,
          link(adoptionPath(row.id)),
          contact,
        ),
      );
  }

  async function checkinsOf(q: Queryable, adoptionId: number): Promise<Checkin[]> {
    return q.query<Checkin>(
      `SELECT c.id, c.seq, ${isoText('c.due_at')} AS due_at, ${isoText('c.expires_at')} AS expires_at,
              ${isoText('c.sent_at')} AS sent_at, ${isoText('c.reminded_at')} AS reminded_at,
              ${isoText('c.escalated_at')} AS escalated_at,
              ${isoText('c.answered_at')} AS answered_at, c.status, c.message,
              COALESCE((SELECT json_agg(p.public ORDER BY cp.position)
                          FROM checkin_photos cp JOIN photos p ON p.id = cp.photo_id
                         WHERE cp.checkin_id = c.id), '[]') AS photos,
              (c.sent_at IS NOT NULL AND c.answered_at IS NULL
                 AND c.sent_at + $2 * interval '1 second' <= $3) AS overdue
         FROM adoption_checkins c WHERE c.adoption_id = $1 ORDER BY c.seq`,
      [adoptionId, escalateAfterS, now()],
    );
  }

  /** The check-in a token opens, locked when `lock`; 404 forged, 410 used or expired. */
  async function checkinOfToken(q: Queryable, token: string, lock: boolean) {
    const [row] = await q.query<{
      id: number;
      seq: number;
      adoption_id: number;
      due_at: string;
      expires_at: Date;
      expires_text: string;
      answered_at: Date | null;
      state: string;
      adopter_id: number | null;
      dog_name: string;
      dog_image: string;
      total: number;
    }>(
      `SELECT c.id, c.seq, c.adoption_id, ${isoText('c.due_at')} AS due_at, c.expires_at,
              ${isoText('c.expires_at')} AS expires_text, c.answered_at, a.state, a.adopter_id,
              ${DOG_NAME} AS dog_name, ${DOG_IMAGE} AS dog_image,
              (SELECT count(*)::int FROM adoption_checkins x WHERE x.adoption_id = a.id) AS total
         FROM checkin_tokens t JOIN adoption_checkins c ON c.id = t.checkin_id
         JOIN adoptions a ON a.id = c.adoption_id LEFT JOIN dogs d ON d.id = a.dog_id
        WHERE t.token_hash = $1${lock ? ' FOR UPDATE OF c' : ''}`,
      [hashToken(token)],
    );
    if (!row || row.adopter_id === null) throw new HttpError(404, M.checkinNotFound);
    if (row.answered_at !== null) throw new HttpError(410, M.checkinUsed);
    if (row.state !== 'active' || row.expires_at.getTime() <= now().getTime())
      throw new HttpError(410, M.checkinExpired);
    return { ...row, adopter_id: row.adopter_id };
  }

  /**
   * Photos `ids` for an adoption's adopter: theirs, attached to no dog, check-in or certificate
   * (400 otherwise).
   */
  async function checkPhotos(q: Queryable, ids: number[], adopterId: number): Promise<void> {
    if (ids.length === 0) return;
    const rows = await q.query<{ id: number; owner_id: number; used: boolean }>(
      `SELECT p.id, p.owner_id,
              (p.dog_id IS NOT NULL
               OR EXISTS (SELECT 1 FROM checkin_photos c WHERE c.photo_id = p.id)
               OR EXISTS (SELECT 1 FROM adoptions a WHERE a.sterilization_photo_id = p.id)) AS used
         FROM photos p WHERE p.id = ANY ($1::int[]) FOR UPDATE OF p`,
      [ids],
    );
    if (rows.length !== ids.length) throw new HttpError(400, M.photoUnknown);
    if (rows.some((r) => r.owner_id !== adopterId)) throw new HttpError(400, M.photoForeign);
    if (rows.some((r) => r.used)) throw new HttpError(400, M.photoUsed);
  }

  async function detail(q: Queryable, row: AdoptionRow, role: Role): Promise<AdoptionDetail> {
    const today = bogotaDay(now());
    return {
      adoption: toAdoption(row, role, today),
      checkins: await checkinsOf(q, row.id),
      sterilization: {
        required: row.sterilization_due !== null,
        due: row.sterilization_due,
        done_on: row.sterilized_on,
        clinic: row.sterilization_clinic,
        photo: row.sterilization_photo,
        recorded_at: row.sterilization_recorded_at,
        overdue: sterilizationOverdue(row, today),
      },
    };
  }

  /** Runs `fn` with the adoption locked, after checking that `user` has one of `roles`. */
  async function withAdoption<T>(
    id: number,
    user: User,
    allowed: Role[],
    refusal: string,
    fn: (tx: Queryable, row: AdoptionRow) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      if (id > MAX_ID) throw new HttpError(404, M.notFound);
      const [locked] = await tx.query('SELECT id FROM adoptions WHERE id = $1 FOR UPDATE', [id]);
      const row = locked && (await loadRow(tx, id));
      if (!row) throw new HttpError(404, M.notFound);
      const role = await roleOf(tx, row, user);
      if (!role) throw new HttpError(403, M.forbidden);
      if (!allowed.includes(role)) throw new HttpError(403, refusal);
      return fn(tx, row);
    });
  }

  return {
    /**
     * The rescuer closes dog `dogId`'s adoption with an approved application: the adoption
     * waits for the adopter to accept the acta (they are e-mailed a link to it).
     */
    async close(dogId: number, userId: number, interestId: number) {
      return db.transaction(async (tx) => {
        if (dogId > MAX_ID) throw new HttpError(404, MESSAGES.dogNotFound);
        const [dog] = await tx.query<{ id: number; name: string; hostage_id: number }>(
          'SELECT id, name, hostage_id FROM dogs WHERE id = $1 FOR UPDATE',
          [dogId],
        );
        if (!dog) throw new HttpError(404, MESSAGES.dogNotFound);
        if (dog.hostage_id !== userId) throw new HttpError(403, M.notOwner);
        const [interest] = await tx.query<{
          state: string;
          sender_id: number;
          name: string;
          email: string;
        }>(
          `SELECT i.state, i.sender_id, s.name, s.email FROM interests i
             JOIN users s ON s.id = i.sender_id WHERE i.id = $1 AND i.dog_id = $2`,
          [interestId, dogId],
        );
        if (!interest) throw new HttpError(404, M.interestNotFound);
        if (interest.state !== 'approved') throw new HttpError(409, M.interestNotApproved);
        let id: number;
        try {
          const [created] = await tx.query<{ id: number }>(
            `INSERT INTO adoptions (dog_id, dog_name, interest_id, rescuer_id, adopter_id, created_at)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [dogId, dog.name, interestId, userId, interest.sender_id, now()],
          );
          id = created!.id;
        } catch (error) {
          if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new HttpError(409, M.alreadyOpen);
          throw error;
        }
        await mail.enqueue(
          tx,
          'adoption-acta',
          actaToAcceptMail(interest, dog.name, link(adoptionPath(id)), contact),
        );
        return toAdoption((await loadRow(tx, id))!, 'rescuer', bogotaDay(now()));
      });
    },

    /**
     * The adopter accepts the acta: stored with its time and version; the dog is adopted, its
     * application `adopted`, every other open application declined (each applicant e-mailed);
     * the check-ins and the sterilization date are laid out.
     */
    async accept(id: number, user: User) {
      const accepted = await withAdoption(id, user, ['adopter'], M.notAdopter, async (tx, row) => {
        if (row.state !== 'pending') throw new HttpError(409, M.notPending);
        if (row.dog_id === null) throw new HttpError(409, M.dogGone);
        const at = now();
        const stamp = JSON.stringify([{ state: 'adopted', at: at.toISOString() }]);
        const adopted = await tx.query(
          `UPDATE interests SET state = 'adopted', updated_at = $2, history = history || $3::jsonb,
                  emailed_states = array_append(emailed_states, 'adopted')
            WHERE id = $1 AND state = 'approved' RETURNING id`,
          [row.interest_id, at, stamp],
        );
        if (adopted.length === 0) throw new HttpError(409, M.applicationClosed);
        const [dog] = await tx.query<{
          sterilized: boolean | null;
          created_at: Date;
          age_months: number | null;
        }>(
          `UPDATE dogs SET status = 'adopted', updated_at = $2 WHERE id = $1
           RETURNING sterilized, created_at, age_months`,
          [row.dog_id, at],
        );
        const due = dog!.sterilized === true ? null : sterilizationDue(at, dog!);
        await tx.query(
          `UPDATE adoptions SET state = 'active', accepted_at = $2, acta_version = $3,
                  sterilization_due = $4::date WHERE id = $1`,
          [id, at, ACTA_VERSION, due],
        );
        // The check-ins: each valid until the next one falls due.
        const dues = scheduleS.map((s) => at.getTime() + s * 1000);
        for (const [i, dueMs] of dues.entries()) {
          const expires = dues[i + 1] ?? dueMs + LAST_CHECKIN_VALID_MS;
          await tx.query(
            `INSERT INTO adoption_checkins (adoption_id, seq, due_at, expires_at)
             VALUES ($1, $2, $3, $4)`,
            [id, i + 1, new Date(dueMs), new Date(expires)],
          );
        }
        // The other open applications end, each applicant told kindly.
        const declined = await tx.query<{ name: string; email: string }>(
          `WITH d AS (
             UPDATE interests SET state = 'declined', updated_at = $2,
                    history = history || $3::jsonb,
                    emailed_states = CASE WHEN 'declined' = ANY (emailed_states) THEN emailed_states
                                          ELSE array_append(emailed_states, 'declined') END
              WHERE dog_id = $1 AND id <> $4 AND state IN ('new', 'reviewing', 'interview', 'approved')
              RETURNING sender_id)
           SELECT s.name, s.email FROM d JOIN users s ON s.id = d.sender_id ORDER BY s.id`,
          [
            row.dog_id,
            at,
            JSON.stringify([{ state: 'declined', at: at.toISOString() }]),
            row.interest_id,
          ],
        );
        for (const applicant of declined)
          await mail.enqueue(
            tx,
            'interest-declined',
            applicationStateMail(
              applicant,
              { dogName: row.dog_name, state: 'declined' },
              link(MY_APPLICATIONS_PATH),
              contact,
            ),
          );
        await mail.enqueue(
          tx,
          'adoption-accepted',
          actaAcceptedMail(
            { name: row.rescuer_name, email: row.rescuer_email },
            row.adopter_name ?? '',
            row.dog_name,
            link(adoptionPath(id)),
            contact,
          ),
        );
        return toAdoption((await loadRow(tx, id))!, 'adopter', bogotaDay(at));
      });
      listCache.invalidate();
      return accepted;
    },

    /** The adoption with its check-ins and sterilization, for its rescuer, adopter or an admin. */
    async get(id: number, user: User): Promise<AdoptionDetail> {
      const row = await loadRow(db, id);
      if (!row) throw new HttpError(404, M.notFound);
      const role = await roleOf(db, row, user);
      if (!role) throw new HttpError(403, M.forbidden);
      return detail(db, row, role);
    },

    /** `userId`'s adoptions, as rescuer and as adopter: overdue ones first, then newest. */
    async listMine(userId: number): Promise<Adoption[]> {
      const rows = await db.query<AdoptionRow>(
        `${ADOPTION_SELECT} WHERE (a.rescuer_id = $3 OR a.adopter_id = $3)
                              AND a.state <> 'cancelled'
          ORDER BY a.created_at DESC, a.id DESC`,
        [now(), escalateAfterS, userId],
      );
      const today = bogotaDay(now());
      const list = rows.map((r) =>
        toAdoption(r, r.rescuer_id === userId ? 'rescuer' : 'adopter', today),
      );
      return [...list.filter((a) => a.overdue), ...list.filter((a) => !a.overdue)];
    },

    /**
     * The rescuer (or whoever manages the dog) cancels an adoption whose acta is not accepted yet:
     * the adopter's link then says so and they are e-mailed; the dog can get a new adoption.
     */
    async cancel(id: number, user: User) {
      return withAdoption(id, user, ['rescuer'], M.notRescuerCancel, async (tx, row) => {
        if (row.state !== 'pending') throw new HttpError(409, M.notCancellable);
        await cancelPending(tx, row, true);
        return toAdoption((await loadRow(tx, id))!, 'rescuer', bogotaDay(now()));
      });
    },

    /**
     * Runs in the transaction deleting dog `dogId`, before the deletion: its pending adoption is
     * cancelled (its acta could no longer make the dog adopted; the adopter's application is
     * already told the listing was deleted). Active and past adoptions stay, with the dog's name.
     */
    async beforeDogRemoved(tx: Queryable, dogId: number): Promise<void> {
      const [pending] = await tx.query<{ id: number }>(
        `SELECT id FROM adoptions WHERE dog_id = $1 AND state = 'pending' FOR UPDATE`,
        [dogId],
      );
      if (pending) await cancelPending(tx, (await loadRow(tx, pending.id))!, false);
    },

    /** The adopter lets (or stops letting) the dog's page and /finales-felices show check-ins. */
    async setConsent(id: number, user: User, share: boolean) {
      return withAdoption(id, user, ['adopter'], M.onlyAdopter, async (tx, row) => {
        await tx.query('UPDATE adoptions SET share_consent = $2 WHERE id = $1', [id, share]);
        return toAdoption({ ...row, share_consent: share }, 'adopter', bogotaDay(now()));
      });
    },

    /**
     * The rescuer records that the dog came back: the adoption is `returned`, its pending
     * check-ins end, and (`publish`) the dog is available again.
     */
    async recordReturn(id: number, user: User, input: { note?: string; publish: boolean }) {
      const returned = await withAdoption(id, user, ['rescuer'], M.notRescuer, async (tx, row) => {
        if (row.state !== 'active') throw new HttpError(409, M.notActive);
        const at = now();
        await tx.query(
          `UPDATE adoptions SET state = 'returned', returned_at = $2, return_note = $3 WHERE id = $1`,
          [id, at, input.note ?? null],
        );
        await tx.query('DELETE FROM adoption_checkins WHERE adoption_id = $1 AND sent_at IS NULL', [
          id,
        ]);
        if (input.publish) {
          await tx.query(`UPDATE dogs SET status = 'available', updated_at = $2 WHERE id = $1`, [
            row.dog_id,
            at,
          ]);
          if (row.dog_id !== null) await becameAvailable?.(tx, row.dog_id);
        }
        return toAdoption((await loadRow(tx, id))!, 'rescuer', bogotaDay(at));
      });
      listCache.invalidate();
      return returned;
    },

    /** The adopter records the sterilization (date, clinic, an optional certificate photo). */
    async recordSterilization(id: number, user: User, input: SterilizationInput) {
      const recorded = await withAdoption(id, user, ['adopter'], M.onlyAdopter, async (tx, row) => {
        if (row.state !== 'active') throw new HttpError(409, M.notActive);
        if (row.sterilization_due === null) throw new HttpError(409, M.notRequired);
        if (input.date > bogotaDay(now())) throw new HttpError(400, M.futureDate);
        await checkPhotos(tx, input.photo_ids, user.id);
        await tx.query(
          `UPDATE adoptions SET sterilized_on = $2::date, sterilization_clinic = $3,
                  sterilization_photo_id = $4, sterilization_recorded_at = $5 WHERE id = $1`,
          [id, input.date, input.clinic ?? null, input.photo_ids[0] ?? null, now()],
        );
        await tx.query('UPDATE dogs SET sterilized = true WHERE id = $1', [row.dog_id]);
        return detail(tx, (await loadRow(tx, id))!, 'adopter');
      });
      listCache.invalidate();
      return recorded;
    },

    /** What the check-in page shows for a token: the dog and which check-in (410/404 otherwise). */
    async prompt(token: string): Promise<CheckinPrompt> {
      const row = await checkinOfToken(db, token, false);
      return {
        seq: row.seq,
        total: row.total,
        due_at: row.due_at,
        expires_at: row.expires_text,
        dog: { name: row.dog_name, image: row.dog_image },
      };
    },

    /** The adopter of the token's check-in, to own the photos uploaded through it. */
    async tokenOwner(token: string): Promise<number> {
      return (await checkinOfToken(db, token, false)).adopter_id;
    },

    /**
     * Answers the token's check-in (once: every link of it then answers 410). "Necesito ayuda" and
     * "Ya no puedo tenerlo" e-mail the rescuer at once.
     */
    async answer(token: string, input: CheckinInput) {
      return db.transaction(async (tx) => {
        const row = await checkinOfToken(tx, token, true);
        await checkPhotos(tx, input.photo_ids, row.adopter_id);
        const at = now();
        await tx.query(
          `UPDATE adoption_checkins SET answered_at = $2, status = $3, message = $4 WHERE id = $1`,
          [row.id, at, input.status, input.message ?? null],
        );
        for (const [position, photoId] of input.photo_ids.entries())
          await tx.query(
            'INSERT INTO checkin_photos (photo_id, checkin_id, position) VALUES ($1, $2, $3)',
            [photoId, row.id, position],
          );
        if (input.status !== 'ok') {
          const adoption = (await loadRow(tx, row.adoption_id))!;
          await mail.enqueue(
            tx,
            `checkin-${input.status}`,
            checkinAlertMail(
              { name: adoption.rescuer_name, email: adoption.rescuer_email },
              adoption.dog_name,
              input.status,
              input.message,
              link(adoptionPath(adoption.id)),
              contact,
            ),
          );
        }
        return { status: input.status, answered_at: at.toISOString() };
      });
    },

    /**
     * The follow-up job's work, as of `now()`: e-mails the check-ins that fell due, reminds
     * those unanswered after the reminder pause, tells the rescuer of those unanswered after
     * twice that, and sends the sterilization reminders. Each row is handled once, in batches
     * locked with SKIP LOCKED, so processes running it together share the work.
     */
    async runDue(): Promise<{
      sent: number;
      reminded: number;
      escalated: number;
      sterilization: number;
    }> {
      const counts = { sent: 0, reminded: 0, escalated: 0, sterilization: 0 };
      const at = now();
      const batch = async (
        select: string,
        params: unknown[],
        handle: (tx: Queryable, row: Record<string, unknown>) => Promise<void>,
      ): Promise<number> => {
        let total = 0;
        for (;;) {
          const n = await db.transaction(async (tx) => {
            const rows = await tx.query<Record<string, unknown>>(select, params);
            for (const row of rows) await handle(tx, row);
            return rows.length;
          });
          total += n;
          if (n < FOLLOW_UP_BATCH) return total;
        }
      };
      const batchAll = async (
        select: string,
        params: unknown[],
        handle: (tx: Queryable, rows: Record<string, unknown>[]) => Promise<void>,
      ): Promise<number> => {
        let total = 0;
        for (;;) {
          const n = await db.transaction(async (tx) => {
            const rows = await tx.query<Record<string, unknown>>(select, params);
            if (rows.length > 0) await handle(tx, rows);
            return rows.length;
          });
          total += n;
          if (n < FOLLOW_UP_BATCH) return total;
        }
      };
      const checkinRow = `c.id, c.adoption_id, ${dayText("(c.expires_at AT TIME ZONE 'America/Bogota')")} AS expires_on,
              c.expires_at > $1 AS open, ${DOG_NAME} AS dog_name, u.name AS adopter_name,
              u.email AS adopter_email, r.name AS rescuer_name, r.email AS rescuer_email`;
      const checkinFrom = `adoption_checkins c JOIN adoptions a ON a.id = c.adoption_id
              LEFT JOIN dogs d ON d.id = a.dog_id JOIN users u ON u.id = a.adopter_id
              JOIN users r ON r.id = a.rescuer_id`;
      type CheckinJobRow = {
        id: number;
        adoption_id: number;
        expires_on: string;
        open: boolean;
        dog_name: string;
        adopter_name: string;
        adopter_email: string;
        rescuer_name: string;
        rescuer_email: string;
      };

      /**
       * E-mails a link for each row still open (a new single-use token each, stored hashed),
       * all in one statement per table, and stamps `column` on every row.
       */
      const sendLinks = async (
        tx: Queryable,
        rows: CheckinJobRow[],
        column: 'sent_at' | 'reminded_at',
        reminder: boolean,
      ) => {
        const open = rows.filter((row) => row.open);
        const tokens = open.map(() => randomBytes(32).toString('base64url'));
        if (open.length > 0)
          await tx.query(
            `INSERT INTO checkin_tokens (token_hash, checkin_id)
             SELECT * FROM unnest($1::text[], $2::int[])`,
            [tokens.map(hashToken), open.map((row) => row.id)],
          );
        await mail.enqueueMany(
          tx,
          open.map((row, i) => ({
            kind: reminder ? 'checkin-reminder' : 'checkin',
            message: checkinMail(
              { name: row.adopter_name, email: row.adopter_email },
              row.dog_name,
              link(checkinPath(tokens[i]!)),
              row.expires_on,
              reminder,
              contact,
            ),
          })),
        );
        await tx.query(`UPDATE adoption_checkins SET ${column} = $2 WHERE id = ANY ($1::int[])`, [
          rows.map((row) => row.id),
          at,
        ]);
      };

      // A check-in whose link would already have expired (the site was down past it) is
      // recorded as sent and missed, never e-mailed late; the same for a late reminder.
      counts.sent = await batchAll(
        `SELECT ${checkinRow} FROM ${checkinFrom}
          WHERE c.sent_at IS NULL AND c.due_at <= $1 AND a.state = 'active'
          ORDER BY c.due_at LIMIT ${FOLLOW_UP_BATCH} FOR UPDATE OF c SKIP LOCKED`,
        [at],
        (tx, rows) => sendLinks(tx, rows as CheckinJobRow[], 'sent_at', false),
      );

      counts.reminded = await batchAll(
        `SELECT ${checkinRow} FROM ${checkinFrom}
          WHERE c.sent_at IS NOT NULL AND c.answered_at IS NULL AND c.reminded_at IS NULL
            AND c.escalated_at IS NULL AND c.sent_at + $2 * interval '1 second' <= $1
            AND a.state = 'active'
          ORDER BY c.due_at LIMIT ${FOLLOW_UP_BATCH} FOR UPDATE OF c SKIP LOCKED`,
        [at, reminderAfterS],
        (tx, rows) => sendLinks(tx, rows as CheckinJobRow[], 'reminded_at', true),
      );

      counts.escalated = await batch(
        `SELECT ${checkinRow} FROM ${checkinFrom}
          WHERE c.sent_at IS NOT NULL AND c.answered_at IS NULL AND c.escalated_at IS NULL
            AND c.sent_at + $2 * interval '1 second' <= $1 AND a.state = 'active'
          ORDER BY c.due_at LIMIT ${FOLLOW_UP_BATCH} FOR UPDATE OF c SKIP LOCKED`,
        [at, escalateAfterS],
        async (tx, r) => {
          const row = r as CheckinJobRow;
          await mail.enqueue(
            tx,
            'checkin-overdue',
            checkinOverdueMail(
              { name: row.rescuer_name, email: row.rescuer_email },
              row.dog_name,
              link(adoptionPath(row.adoption_id)),
              contact,
            ),
          );
          await tx.query('UPDATE adoption_checkins SET escalated_at = $2 WHERE id = $1', [
            row.id,
            at,
          ]);
        },
      );

      const today = bogotaDay(at);
      counts.sterilization = await batch(
        `SELECT a.id, ${dayText('a.sterilization_due')} AS due, a.sterilization_reminders AS sent,
                ${DOG_NAME} AS dog_name, u.name AS adopter_name, u.email AS adopter_email
           FROM adoptions a LEFT JOIN dogs d ON d.id = a.dog_id JOIN users u ON u.id = a.adopter_id
          WHERE a.state = 'active' AND a.sterilized_on IS NULL AND a.sterilization_due IS NOT NULL
            AND ((a.sterilization_due <= $1::date AND NOT ('due' = ANY (a.sterilization_reminders)))
              OR (a.sterilization_due - ${STERILIZATION_REMINDER_DAYS_BEFORE} <= $1::date
                  AND NOT ('before' = ANY (a.sterilization_reminders))))
          ORDER BY a.sterilization_due LIMIT ${FOLLOW_UP_BATCH} FOR UPDATE OF a SKIP LOCKED`,
        [today],
        async (tx, r) => {
          const row = r as {
            id: number;
            due: string;
            dog_name: string;
            adopter_name: string;
            adopter_email: string;
          };
          // On or after the date only the day's reminder goes (the earlier one is then moot).
          const when = row.due <= today ? 'due' : 'before';
          await mail.enqueue(
            tx,
            `sterilization-${when}`,
            sterilizationReminderMail(
              { name: row.adopter_name, email: row.adopter_email },
              row.dog_name,
              row.due,
              when,
              link(adoptionPath(row.id)),
              contact,
            ),
          );
          await tx.query(
            `UPDATE adoptions SET sterilization_reminders = $2::text[] WHERE id = $1`,
            [row.id, when === 'due' ? ['before', 'due'] : ['before']],
          );
        },
      );
      return counts;
    },

    /**
     * How the follow-ups of an organization's dogs stand: its active adoptions, and how many of
     * them have no check-in overdue (the same notion that puts an adoption first in the rescuer's
     * list).
     */
    async orgStanding(orgId: number): Promise<{ active: number; up_to_date: number }> {
      if (orgId > MAX_ID) return { active: 0, up_to_date: 0 };
      const [row] = await db.query<{ active: number; up_to_date: number }>(
        `SELECT count(*)::int AS active,
                (count(*) FILTER (WHERE NOT ${checkinOverdue('a', '$2', '$3')}))::int AS up_to_date
           FROM adoptions a JOIN dogs d ON d.id = a.dog_id
          WHERE d.org_id = $1 AND a.state = 'active'`,
        [orgId, now(), escalateAfterS],
      );
      return row!;
    },

    /**
     * The latest check-in photo of each adoption whose adopter agreed to share it, for dogs
     * anyone may see, and for dogs whose listing was deleted (the story outlives the listing;
     * its rescuer must not be blocked); `dogId` narrows it to one dog. No names or contacts.
     */
    async happyEndings(dogId?: number, limit = 60): Promise<HappyEnding[]> {
      if (dogId !== undefined && dogId > MAX_ID) return [];
      return db.query<HappyEnding>(
        `SELECT json_build_object('id', a.dog_id, 'name', ${DOG_NAME}) AS dog, latest.photo,
                ${isoText('latest.answered_at')} AS at, ${isoText('a.accepted_at')} AS adopted_at
           FROM adoptions a LEFT JOIN dogs d ON d.id = a.dog_id
           CROSS JOIN LATERAL (
             SELECT p.public AS photo, c.answered_at
               FROM adoption_checkins c JOIN checkin_photos cp ON cp.checkin_id = c.id
               JOIN photos p ON p.id = cp.photo_id
              WHERE c.adoption_id = a.id
              ORDER BY c.answered_at DESC, cp.position LIMIT 1) latest
          WHERE a.state = 'active' AND a.share_consent AND a.adopter_id IS NOT NULL
            AND CASE WHEN d.id IS NULL
                     THEN NOT EXISTS (SELECT 1 FROM users b
                                       WHERE b.id = a.rescuer_id AND b.blocked_at IS NOT NULL)
                     ELSE ${VISIBLE} END
            ${dogId !== undefined ? 'AND a.dog_id = $2' : ''}
          ORDER BY latest.answered_at DESC, a.id DESC LIMIT $1`,
        dogId !== undefined ? [limit, dogId] : [limit],
      );
    },
  };
}

export type FollowUpService = ReturnType<typeof createFollowUpService>;
