// Closing an adoption and its follow-up: who may close, accept, read and return (every refusal),
// the acta's version and time, the other applications declined, a year of check-ins with the
// reminder and the rescuer told, the check-in link single-use, expired and forged, photos through
// the link, help reaching the rescuer at once, sterilization reminders and record, consent to
// share and the public happy endings, the export and the adopter's account deletion; the
// rescuer's (or the dog's organization's) cancellation of a pending adoption, and adoptions that
// outlive the dog's deleted listing.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACTA_VERSION,
  adoptionDetailSchema,
  adoptionListSchema,
  FOLLOW_UP_MESSAGES as M,
  happyEndingListSchema,
} from '../../src/shared/follow-up';
import { DELETED_DOG_IMAGE } from '../../src/server/follow-up/service';
import { makeJpegPhoto } from '../support/photos';
import {
  createDog,
  createUser,
  DAY,
  insertSession,
  login,
  makeApp,
  recordingMailer,
  TestClock,
  testConfig,
  type TestUser,
} from './helpers/app';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';

const PUBLIC_URL = 'https://happydog.example';
const PROFILE = {
  housing: 'house',
  owns_home: true,
  adults: 2,
  children: 0,
  household_agrees: true,
  other_animals: 'Ninguno',
  experience: 'Tuve perros toda la vida',
  hours_alone: 3,
  sleeps_where: 'Dentro de la casa',
  zone: 'cali-comuna-17',
  will_sterilize: true,
  accepts_follow_up: true,
};

function multipart(bytes: Buffer) {
  const boundary = '----happydog-followup-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="hoy.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(BACKENDS)('adoption follow-up on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  let mailer: ReturnType<typeof recordingMailer>;
  let rescuer: TestUser;
  let adopter: TestUser;
  let other: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    clock = new TestClock();
    mailer = recordingMailer();
    app = await makeApp(t.db, {
      clock,
      mailer,
      config: testConfig({}, { PUBLIC_URL }),
    });
    rescuer = await createUser(t.db, { name: 'Olga Rescatista', email: 'olga@example.com' });
    adopter = await createUser(t.db, { name: 'Vera Adoptante', email: 'vera@example.com' });
    other = await createUser(t.db, { name: 'Otto Solicitante', email: 'otto@example.com' });
    stranger = await createUser(t.db, { name: 'Eloy Extraño', email: 'eloy@example.com' });
    admin = await createUser(t.db, { name: 'Ada Admin', email: 'ada@example.com' });
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
    for (const [key, user] of Object.entries({ rescuer, adopter, other, stranger, admin }))
      cookies[key] = await login(app, user);
  });
  afterEach(async () => {
    await app.close();
  });

  const req = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    who?: keyof typeof cookies | null,
    payload?: object,
  ) =>
    app.inject({
      method,
      url,
      headers: who ? { cookie: cookies[who]! } : {},
      ...(payload === undefined ? {} : { payload }),
    });
  /** New sessions at the clock's time (moving through months ends the old ones). */
  const refreshSessions = async () => {
    for (const [key, user] of Object.entries({ rescuer, adopter, other, stranger, admin }))
      cookies[key] = await insertSession(t.db, user.id, clock.now());
  };
  const expectError = (res: LightMyRequestResponse, status: number, message?: string) => {
    expect(res.statusCode, res.body).toBe(status);
    if (message) expect(res.json()).toEqual({ error: message });
    else expect(typeof res.json().error).toBe('string');
  };
  const sent = async () => {
    await app.mailer.idle();
    return mailer.sent;
  };
  const sentKinds = async (to: string) =>
    (await sent()).filter((m) => m.to === to).map((m) => m.kind);
  const tokenIn = (text: string) => /\/seguimiento\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  /** The link of the newest check-in e-mail (`kind`: the first one or the reminder). */
  const lastToken = async (kind: 'checkin' | 'checkin-reminder' = 'checkin') => {
    const messages = (await sent()).filter((m) => m.to === adopter.email && m.kind === kind);
    return tokenIn(messages.at(-1)!.text)!;
  };

  /** A dog (not sterilized unless said), with an approved application from the adopter. */
  async function approvedApplication(fields: Record<string, unknown> = {}) {
    const dog = await createDog(app, cookies.rescuer!, { name: 'Luna', ...fields });
    const interests: Record<string, number> = {};
    for (const who of ['adopter', 'other'] as const) {
      expect((await req('PUT', '/api/me/adopter-profile', who, PROFILE)).statusCode).toBe(200);
      const res = await req('POST', `/api/dog/${dog.id}/interest`, who, {
        message: 'Hola, tengo patio y mucho tiempo para ella.',
      });
      expect(res.statusCode, res.body).toBe(201);
      interests[who] = res.json().interest.id;
    }
    const approve = await req('PATCH', `/api/interest/${interests.adopter}`, 'rescuer', {
      state: 'approved',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    return { dog, interestId: interests.adopter!, otherInterestId: interests.other! };
  }

  async function activeAdoption(fields: Record<string, unknown> = {}) {
    const { dog, interestId, otherInterestId } = await approvedApplication(fields);
    const close = await req('POST', `/api/dog/${dog.id}/adoption`, 'rescuer', {
      interest_id: interestId,
    });
    expect(close.statusCode, close.body).toBe(201);
    const id = close.json().adoption.id as number;
    const accept = await req('POST', `/api/adoptions/${id}/accept`, 'adopter');
    expect(accept.statusCode, accept.body).toBe(200);
    return { dog, id, interestId, otherInterestId };
  }

  const detail = async (id: number, who: keyof typeof cookies = 'rescuer') => {
    const res = await req('GET', `/api/adoptions/${id}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return adoptionDetailSchema.parse(res.json());
  };

  it('closes only with an approved application of the own dog, once', async () => {
    const { dog, interestId, otherInterestId } = await approvedApplication();
    const url = `/api/dog/${dog.id}/adoption`;
    expectError(await req('POST', url, null, { interest_id: interestId }), 401);
    expectError(await req('POST', url, 'stranger', { interest_id: interestId }), 403, M.notOwner);
    expectError(await req('POST', url, 'adopter', { interest_id: interestId }), 403, M.notOwner);
    expectError(await req('POST', url, 'rescuer', {}), 400);
    expectError(await req('POST', url, 'rescuer', { interest_id: 'uno' }), 400);
    expectError(
      await req('POST', `/api/dog/999999/adoption`, 'rescuer', { interest_id: interestId }),
      404,
    );
    expectError(
      await req('POST', url, 'rescuer', { interest_id: 999999 }),
      404,
      M.interestNotFound,
    );
    expectError(
      await req('POST', url, 'rescuer', { interest_id: otherInterestId }),
      409,
      M.interestNotApproved,
    );
    const res = await req('POST', url, 'rescuer', { interest_id: interestId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().adoption).toMatchObject({
      state: 'pending',
      accepted_at: null,
      acta_version: null,
      adopter: { name: adopter.name, email: adopter.email },
    });
    expectError(await req('POST', url, 'rescuer', { interest_id: interestId }), 409, M.alreadyOpen);
    const acta = (await sent()).find((m) => m.kind === 'adoption-acta')!;
    expect(acta.to).toBe(adopter.email);
    expect(acta.text).toContain(`${PUBLIC_URL}/adopciones/${res.json().adoption.id}`);
  });

  it('the adopter alone accepts the acta: version and time stored, dog adopted, others declined', async () => {
    const { dog, interestId, otherInterestId } = await approvedApplication();
    const close = await req('POST', `/api/dog/${dog.id}/adoption`, 'rescuer', {
      interest_id: interestId,
    });
    const id = close.json().adoption.id as number;
    const url = `/api/adoptions/${id}/accept`;
    expectError(await req('POST', url, null), 401);
    expectError(await req('POST', url, 'rescuer'), 403, M.notAdopter);
    expectError(await req('POST', url, 'stranger'), 403, M.forbidden);
    expectError(await req('POST', url, 'admin'), 403, M.notAdopter);
    expectError(await req('POST', '/api/adoptions/999999/accept', 'adopter'), 404, M.notFound);
    expectError(await req('POST', '/api/adoptions/abc/accept', 'adopter'), 400);
    clock.advance(60_000);
    const res = await req('POST', url, 'adopter');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().adoption).toMatchObject({
      state: 'active',
      acta_version: ACTA_VERSION,
      accepted_at: clock.now().toISOString(),
    });
    expectError(await req('POST', url, 'adopter'), 409, M.notPending);

    const dogNow = await req('GET', `/api/dog/${dog.id}`, null);
    expect(dogNow.json().status).toBe('adopted');
    const received = (await req('GET', '/api/me/interests?box=received', 'rescuer')).json() as {
      id: number;
      state: string;
    }[];
    expect(received.find((i) => i.id === interestId)!.state).toBe('adopted');
    expect(received.find((i) => i.id === otherInterestId)!.state).toBe('declined');
    expect(await sentKinds(other.email)).toContain('interest-declined');
    expect(await sentKinds(rescuer.email)).toContain('adoption-accepted');
    // No new application for an adopted dog.
    expectError(
      await req('POST', `/api/dog/${dog.id}/interest`, 'stranger', {
        message: 'Hola, me encantaría conocerla pronto.',
      }),
      409,
    );
  });

  it('shows an adoption to its rescuer, its adopter and admins only; lists one’s own', async () => {
    const { id } = await activeAdoption();
    for (const who of ['rescuer', 'adopter', 'admin'] as const) {
      const d = await detail(id, who);
      expect(d.adoption.role).toBe(who);
      expect(d.checkins.map((c) => c.seq)).toEqual([1, 2, 3, 4]);
      expect(d.adoption.acta.join(' ')).toContain('Luna');
      expect(d.sterilization).toMatchObject({ required: true, done_on: null, overdue: false });
    }
    expectError(await req('GET', `/api/adoptions/${id}`, 'stranger'), 403, M.forbidden);
    expectError(await req('GET', `/api/adoptions/${id}`, 'other'), 403, M.forbidden);
    expectError(await req('GET', `/api/adoptions/${id}`, null), 401);
    expectError(await req('GET', `/api/adoptions/999999`, 'admin'), 404, M.notFound);

    const mine = (who: string) =>
      req('GET', '/api/me/adoptions', who).then((r) => adoptionListSchema.parse(r.json()));
    expect((await mine('rescuer')).map((a) => [a.id, a.role])).toEqual([[id, 'rescuer']]);
    expect((await mine('adopter')).map((a) => [a.id, a.role])).toEqual([[id, 'adopter']]);
    expect(await mine('stranger')).toEqual([]);
    expectError(await req('GET', '/api/me/adoptions', null), 401);
  });

  it('a sterilized dog sets no sterilization date; a puppy’s is its 6 months if later', async () => {
    const { id } = await activeAdoption({ sterilized: true });
    expect((await detail(id)).sterilization).toMatchObject({ required: false, due: null });
    const puppy = await activeAdoption({ name: 'Toby', age_months: 2, sterilized: false });
    // Listed today at 2 months: 6 months in 4 months (after the 60 days).
    expect((await detail(puppy.id)).sterilization.due).toBe('2025-05-15');
    const adult = await activeAdoption({ name: 'Rocky', age_months: 24 });
    expect((await detail(adult.id)).sterilization.due).toBe('2025-03-16');
  });

  it('moves through a year of check-ins, reminders, the rescuer told and sterilization', async () => {
    const { id } = await activeAdoption();
    const step = async (days: number) => {
      clock.advance(days * DAY);
      await refreshSessions();
      return app.followUp.runDue();
    };
    expect(await app.followUp.runDue()).toEqual({
      sent: 0,
      reminded: 0,
      escalated: 0,
      sterilization: 0,
    });
    // Day 3: the first check-in.
    expect(await step(3)).toMatchObject({ sent: 1, reminded: 0 });
    expect(await step(0)).toMatchObject({ sent: 0 });
    expect(await sentKinds(adopter.email)).toContain('checkin');
    const first = await lastToken();
    expect((await req('GET', `/api/checkins/${first}`)).json().checkin).toMatchObject({
      seq: 1,
      total: 4,
      dog: { name: 'Luna' },
    });
    // Day 10: one reminder with a new link; the first still works.
    expect(await step(7)).toMatchObject({ reminded: 1, escalated: 0 });
    expect(await step(1)).toMatchObject({ reminded: 0 });
    const reminder = await lastToken('checkin-reminder');
    expect(reminder).not.toBe(first);
    expect(await sentKinds(adopter.email)).toContain('checkin-reminder');
    expect((await req('GET', `/api/checkins/${first}`)).statusCode).toBe(200);
    // Day 17: the rescuer is told, once; the adoption is overdue first in the list.
    expect(await step(6)).toMatchObject({ escalated: 1 });
    expect(await step(0)).toMatchObject({ escalated: 0 });
    expect(await sentKinds(rescuer.email)).toContain('checkin-overdue');
    const listed = await req('GET', '/api/me/adoptions', 'rescuer');
    expect(listed.statusCode, listed.body).toBe(200);
    const list = adoptionListSchema.parse(listed.json());
    expect(list[0]).toMatchObject({ id, overdue: true });
    // The answer, through the reminder's link: every link of the check-in is then used.
    const answer = await req('POST', `/api/checkins/${reminder}`, null, {
      status: 'ok',
      message: 'Luna duerme en el sofá',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expectError(await req('GET', `/api/checkins/${first}`), 410, M.checkinUsed);
    expectError(await req('POST', `/api/checkins/${reminder}`, null, { status: 'ok' }), 410);
    expect((await detail(id)).adoption.overdue).toBe(false);
    // Day 21: the second, answered at once (no reminder follows).
    expect(await step(4)).toMatchObject({ sent: 1 });
    const second = await lastToken();
    expect((await req('POST', `/api/checkins/${second}`, null, { status: 'ok' })).statusCode).toBe(
      201,
    );
    // Day 53: the sterilization reminder a week before; day 60: the day's.
    expect(await step(32)).toMatchObject({ sterilization: 1, reminded: 0 });
    expect(await sentKinds(adopter.email)).toContain('sterilization-before');
    expect(await step(7)).toMatchObject({ sterilization: 1 });
    expect(await step(1)).toMatchObject({ sterilization: 0 });
    expect(await sentKinds(adopter.email)).toContain('sterilization-due');
    expect((await detail(id)).sterilization.overdue).toBe(true);
    const record = await req('POST', `/api/adoptions/${id}/sterilization`, 'adopter', {
      date: '2025-03-14',
      clinic: 'Clínica Veterinaria del Sur',
    });
    expect(record.statusCode, record.body).toBe(200);
    expect(adoptionDetailSchema.parse(record.json()).sterilization).toMatchObject({
      done_on: '2025-03-14',
      clinic: 'Clínica Veterinaria del Sur',
      overdue: false,
    });
    // Day 90: the third goes unanswered until day 365 ends its link.
    expect(await step(29)).toMatchObject({ sent: 1 });
    const third = await lastToken();
    expect(await step(7)).toMatchObject({ reminded: 1 });
    expect(await step(7)).toMatchObject({ escalated: 1 });
    expect(await step(365 - 104)).toMatchObject({ sent: 1, sterilization: 0 });
    expectError(await req('GET', `/api/checkins/${third}`), 410, M.checkinExpired);
    const fourth = await lastToken();
    const fourthPrompt = await req('GET', `/api/checkins/${fourth}`);
    expect(fourthPrompt.statusCode, fourthPrompt.body).toBe(200);
    expect(fourthPrompt.json().checkin.seq).toBe(4);
    expect(await step(7)).toMatchObject({ reminded: 1 });
    expect(await step(7)).toMatchObject({ escalated: 1 });
    // After the year nothing more is due.
    expect(await step(200)).toEqual({ sent: 0, reminded: 0, escalated: 0, sterilization: 0 });
    const d = await detail(id);
    expect(d.checkins.map((c) => [c.seq, c.status])).toEqual([
      [1, 'ok'],
      [2, 'ok'],
      [3, null],
      [4, null],
    ]);
    expect(d.checkins[2]).toMatchObject({ overdue: true });
    // Its last link expired too: the adoption no longer counts as overdue.
    expect(d.adoption.overdue).toBe(false);
    const kinds = await sentKinds(rescuer.email);
    expect(kinds.filter((k) => k === 'checkin-overdue')).toHaveLength(3);
    expect((await sentKinds(adopter.email)).filter((k) => k === 'checkin-reminder')).toHaveLength(
      3,
    );
  });

  it('refuses forged links and bad answers; help reaches the rescuer at once', async () => {
    const { id } = await activeAdoption();
    clock.advance(3 * DAY);
    await app.followUp.runDue();
    const token = await lastToken();
    expectError(await req('GET', '/api/checkins/forged-token'), 404, M.checkinNotFound);
    expectError(await req('POST', '/api/checkins/forged-token', null, { status: 'ok' }), 404);
    expectError(await req('GET', `/api/checkins/${'x'.repeat(300)}`), 400);
    expectError(await req('POST', `/api/checkins/${token}`, null, { status: 'bien' }), 400);
    expectError(await req('POST', `/api/checkins/${token}`, null, {}), 400);
    expectError(
      await req('POST', `/api/checkins/${token}`, null, { status: 'ok', photo_ids: [1, 2, 3] }),
      400,
    );
    expectError(
      await req('POST', `/api/checkins/${token}`, null, { status: 'ok', photo_ids: [424242] }),
      400,
      M.photoUnknown,
    );
    const res = await req('POST', `/api/checkins/${token}`, null, {
      status: 'help',
      message: 'Luna no quiere comer',
    });
    expect(res.statusCode, res.body).toBe(201);
    const alert = (await sent()).find((m) => m.kind === 'checkin-help')!;
    expect(alert.to).toBe(rescuer.email);
    expect(alert.text).toContain('Luna no quiere comer');
    expect(alert.text).toContain(`${PUBLIC_URL}/adopciones/${id}`);
    expect((await detail(id)).checkins[0]).toMatchObject({ status: 'help' });
  });

  it('takes photos through the link; with consent the dog page and the happy endings show them', async () => {
    const { dog, id } = await activeAdoption();
    clock.advance(3 * DAY);
    await app.followUp.runDue();
    const token = await lastToken();
    const body = multipart(await makeJpegPhoto(64, 48));
    const upload = await app.inject({
      method: 'POST',
      url: `/api/checkins/${token}/photos`,
      ...body,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const photoId = upload.json().photo.id as number;
    const forged = await app.inject({ method: 'POST', url: '/api/checkins/nope/photos', ...body });
    expectError(forged, 404, M.checkinNotFound);
    // Someone else's upload cannot be used.
    const theirs = await app.inject({
      method: 'POST',
      url: '/api/photos',
      payload: body.payload,
      headers: { ...body.headers, cookie: cookies.stranger! },
    });
    expectError(
      await req('POST', `/api/checkins/${token}`, null, {
        status: 'ok',
        photo_ids: [theirs.json().photo.id],
      }),
      400,
      M.photoForeign,
    );
    const answer = await req('POST', `/api/checkins/${token}`, null, {
      status: 'ok',
      photo_ids: [photoId],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await detail(id)).checkins[0]!.photos.map((p) => p.id)).toEqual([photoId]);
    // The purge of unattached photos keeps it.
    clock.advance(3 * DAY);
    await app.purgeExpired();
    expect((await detail(id)).checkins[0]!.photos).toHaveLength(1);

    expect((await req('GET', `/api/dog/${dog.id}/today`)).json()).toEqual({ today: null });
    expect((await req('GET', '/api/happy-endings')).json()).toEqual([]);
    expectError(
      await req('PATCH', `/api/adoptions/${id}`, 'rescuer', { share_consent: true }),
      403,
      M.onlyAdopter,
    );
    expectError(
      await req('PATCH', `/api/adoptions/${id}`, 'adopter', { share_consent: 'sí' }),
      400,
    );
    const consent = await req('PATCH', `/api/adoptions/${id}`, 'adopter', { share_consent: true });
    expect(consent.statusCode, consent.body).toBe(200);
    const today = (await req('GET', `/api/dog/${dog.id}/today`)).json().today;
    expect(today).toMatchObject({ dog: { id: dog.id, name: 'Luna' }, photo: { id: photoId } });
    const endings = await req('GET', '/api/happy-endings');
    expect(happyEndingListSchema.parse(endings.json())).toHaveLength(1);
    for (const personal of [adopter.name, adopter.email, rescuer.name, rescuer.email])
      expect(endings.body).not.toContain(personal);
  });

  it('records a return by the rescuer only, ends the follow-up and publishes the dog again', async () => {
    const { dog, id } = await activeAdoption({ city: 'Dagua' });
    // Someone saved an alert on the way: the dog published again is matched against it.
    const alert = await req('POST', '/api/me/alerts', 'stranger', {
      filters: { city: 'Dagua' },
      frequency: 'daily',
    });
    expect(alert.statusCode, alert.body).toBe(201);
    const url = `/api/adoptions/${id}/return`;
    expectError(await req('POST', url, 'adopter', {}), 403, M.notRescuer);
    expectError(await req('POST', url, 'stranger', {}), 403, M.forbidden);
    expectError(await req('POST', url, 'rescuer', { note: 'x'.repeat(1001) }), 400);
    const res = await req('POST', url, 'rescuer', { note: 'Se mudó a otra ciudad' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().adoption).toMatchObject({
      state: 'returned',
      return_note: 'Se mudó a otra ciudad',
    });
    expectError(await req('POST', url, 'rescuer', {}), 409, M.notActive);
    expect((await req('GET', `/api/dog/${dog.id}`)).json().status).toBe('available');
    await app.alerts.idle();
    expect(
      await t.db.query('SELECT alert_id, dog_id FROM alert_matches ORDER BY alert_id'),
    ).toEqual([{ alert_id: alert.json().alert.id, dog_id: dog.id }]);
    expect((await detail(id)).checkins).toEqual([]);
    clock.advance(400 * DAY);
    await refreshSessions();
    expect(await app.followUp.runDue()).toEqual({
      sent: 0,
      reminded: 0,
      escalated: 0,
      sterilization: 0,
    });
    // The dog takes applications again, and a new adoption can be closed.
    const again = await req('POST', `/api/dog/${dog.id}/interest`, 'stranger', {
      message: 'Hola, me encantaría conocerla pronto.',
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refuses a sterilization record from others, in the future, or for a sterilized dog', async () => {
    const { id } = await activeAdoption();
    const url = `/api/adoptions/${id}/sterilization`;
    expectError(await req('POST', url, 'rescuer', { date: '2025-01-10' }), 403, M.onlyAdopter);
    expectError(await req('POST', url, 'adopter', {}), 400);
    expectError(await req('POST', url, 'adopter', { date: '2025-02-30' }), 400);
    expectError(await req('POST', url, 'adopter', { date: '2030-01-01' }), 400, M.futureDate);
    const sterilized = await activeAdoption({ name: 'Nube', sterilized: true });
    expectError(
      await req('POST', `/api/adoptions/${sterilized.id}/sterilization`, 'adopter', {
        date: '2025-01-10',
      }),
      409,
      M.notRequired,
    );
  });

  it('exports adoptions; the adopter’s deletion keeps the rescuer’s record without the person', async () => {
    const { id } = await activeAdoption();
    clock.advance(3 * DAY);
    await app.followUp.runDue();
    const token = await lastToken();
    await req('POST', `/api/checkins/${token}`, null, { status: 'ok', message: 'Feliz' });
    const exported = await req('GET', '/api/user/export', 'adopter');
    expect(exported.statusCode).toBe(200);
    const adoptions = exported.json().adoptions as {
      id: number;
      role: string;
      checkins: { message: string }[];
    }[];
    expect(adoptions).toMatchObject([{ id, role: 'adopter' }]);
    expect(adoptions[0]!.checkins[0]!.message).toBe('Feliz');
    expect((await req('GET', '/api/user/export', 'rescuer')).json().adoptions).toMatchObject([
      { id, role: 'rescuer' },
    ]);

    const del = await req('DELETE', '/api/user/me', 'adopter', { password: adopter.password });
    expect(del.statusCode, del.body).toBe(204);
    const d = await detail(id);
    expect(d.adoption.adopter).toBeNull();
    expect(d.checkins[0]).toMatchObject({ status: 'ok' });
    expect(JSON.stringify(d)).not.toContain(adopter.email);
    // Nothing more is sent to nobody.
    clock.advance(30 * DAY);
    expect(await app.followUp.runDue()).toMatchObject({ sent: 0, sterilization: 0 });
  });
  it('the rescuer cancels a pending adoption: the acta cannot be accepted, the adopter is told, a new adoption follows', async () => {
    const { dog, interestId } = await approvedApplication();
    const close = await req('POST', `/api/dog/${dog.id}/adoption`, 'rescuer', {
      interest_id: interestId,
    });
    const id = close.json().adoption.id as number;
    const url = `/api/adoptions/${id}/cancel`;
    expectError(await req('POST', url, null), 401);
    expectError(await req('POST', url, 'adopter'), 403, M.notRescuerCancel);
    expectError(await req('POST', url, 'admin'), 403, M.notRescuerCancel);
    expectError(await req('POST', url, 'stranger'), 403, M.forbidden);
    expectError(await req('POST', '/api/adoptions/999999/cancel', 'rescuer'), 404, M.notFound);
    expectError(await req('POST', '/api/adoptions/abc/cancel', 'rescuer'), 400);
    expect(await sentKinds(adopter.email)).not.toContain('adoption-cancelled');

    clock.advance(60_000);
    const res = await req('POST', url, 'rescuer');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().adoption).toMatchObject({
      id,
      state: 'cancelled',
      cancelled_at: clock.now().toISOString(),
      accepted_at: null,
    });
    expectError(await req('POST', url, 'rescuer'), 409, M.notCancellable);
    // The adopter's link now shows a cancelled adoption whose acta cannot be accepted.
    expect((await detail(id, 'adopter')).adoption).toMatchObject({ state: 'cancelled' });
    expectError(await req('POST', `/api/adoptions/${id}/accept`, 'adopter'), 409, M.notPending);
    const told = (await sent()).filter((m) => m.kind === 'adoption-cancelled');
    expect(told.map((m) => m.to)).toEqual([adopter.email]);
    expect(told[0]!.text).toContain(`${PUBLIC_URL}/adopciones/${id}`);
    expect(told[0]!.text).toContain('Olga Rescatista canceló la adopción de Luna');
    expect((await req('GET', `/api/dog/${dog.id}`)).json().status).not.toBe('adopted');

    // The dog can get a new adoption, which goes on as usual; an active one cannot be cancelled.
    const again = await req('POST', `/api/dog/${dog.id}/adoption`, 'rescuer', {
      interest_id: interestId,
    });
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json().adoption.id as number;
    expect(second).not.toBe(id);
    const listed = await req('GET', '/api/me/adoptions', 'rescuer');
    expect(adoptionListSchema.parse(listed.json()).map((a) => a.id)).toEqual([second]);
    expect((await req('POST', `/api/adoptions/${second}/accept`, 'adopter')).statusCode).toBe(200);
    expectError(
      await req('POST', `/api/adoptions/${second}/cancel`, 'rescuer'),
      409,
      M.notCancellable,
    );
    expect((await req('GET', `/api/dog/${dog.id}`)).json().status).toBe('adopted');
  });

  it('a member of the dog’s organization may cancel its pending adoption; others may not', async () => {
    const [org] = await t.db.query<{ id: number }>(
      `INSERT INTO orgs (slug, name, kind, zone, description, created_at, updated_at)
       VALUES ('patitas', 'Patitas', 'fundacion', 'cali-comuna-17', '', $1, $1) RETURNING id`,
      [clock.now()],
    );
    for (const [user, role] of [
      [rescuer, 'admin'],
      [stranger, 'member'],
    ] as const)
      await t.db.query(
        `INSERT INTO org_members (org_id, user_id, role, joined_at) VALUES ($1, $2, $3, $4)`,
        [org!.id, user.id, role, clock.now()],
      );
    const { dog, interestId } = await approvedApplication({ org_id: org!.id });
    const close = await req('POST', `/api/dog/${dog.id}/adoption`, 'rescuer', {
      interest_id: interestId,
    });
    const id = close.json().adoption.id as number;
    expectError(await req('POST', `/api/adoptions/${id}/cancel`, 'other'), 403, M.forbidden);
    // The member sees it on the rescuer's side, and cancels it.
    expect((await detail(id, 'stranger')).adoption.role).toBe('rescuer');
    const res = await req('POST', `/api/adoptions/${id}/cancel`, 'stranger');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().adoption.state).toBe('cancelled');
    expect(await sentKinds(adopter.email)).toContain('adoption-cancelled');
  });

  it('deleting the dog keeps its adoption, check-ins and follow-up, with the name it had', async () => {
    const { dog, id } = await activeAdoption();
    clock.advance(3 * DAY);
    await app.followUp.runDue();
    const first = await lastToken();
    const body = multipart(await makeJpegPhoto(64, 48));
    const upload = await app.inject({
      method: 'POST',
      url: `/api/checkins/${first}/photos`,
      ...body,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const photoId = upload.json().photo.id as number;
    expect(
      (await req('POST', `/api/checkins/${first}`, null, { status: 'ok', photo_ids: [photoId] }))
        .statusCode,
    ).toBe(201);
    expect(
      (await req('PATCH', `/api/adoptions/${id}`, 'adopter', { share_consent: true })).statusCode,
    ).toBe(200);

    const removed = await req('DELETE', `/api/dog/${dog.id}`, 'rescuer');
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await req('GET', `/api/dog/${dog.id}`)).statusCode).toBe(404);

    for (const who of ['rescuer', 'adopter', 'admin'] as const) {
      const d = await detail(id, who);
      expect(d.adoption).toMatchObject({
        state: 'active',
        dog: { id: null, name: 'Luna', image: DELETED_DOG_IMAGE },
      });
      expect(d.adoption.acta.join(' ')).toContain('Luna');
      expect(d.checkins[0]).toMatchObject({ status: 'ok' });
      expect(d.checkins[0]!.photos.map((p) => p.id)).toEqual([photoId]);
    }
    for (const who of ['rescuer', 'adopter'] as const) {
      const list = adoptionListSchema.parse((await req('GET', '/api/me/adoptions', who)).json());
      expect(list.map((a) => [a.id, a.dog.id, a.dog.name])).toEqual([[id, null, 'Luna']]);
    }
    // The story stays in the happy endings, with the name; the dog's own page is gone.
    const endings = happyEndingListSchema.parse((await req('GET', '/api/happy-endings')).json());
    expect(endings).toMatchObject([{ dog: { id: null, name: 'Luna' }, photo: { id: photoId } }]);
    expect((await req('GET', `/api/dog/${dog.id}/today`)).json()).toEqual({ today: null });
    const exported = (await req('GET', '/api/user/export', 'adopter')).json().adoptions;
    expect(exported).toMatchObject([{ id, dog_id: null, dog_name: 'Luna', state: 'active' }]);

    // The follow-up goes on: the next check-in and its reminder, the rescuer told, the
    // sterilization reminder; the adopter answers and records the sterilization.
    clock.advance(18 * DAY);
    await refreshSessions();
    expect(await app.followUp.runDue()).toMatchObject({ sent: 1 });
    const second = await lastToken();
    expect((await req('GET', `/api/checkins/${second}`)).json().checkin).toMatchObject({
      seq: 2,
      dog: { name: 'Luna', image: DELETED_DOG_IMAGE },
    });
    const mail = (await sent()).filter((m) => m.kind === 'checkin').at(-1)!;
    expect(mail.text).toContain('Luna');
    clock.advance(7 * DAY);
    expect(await app.followUp.runDue()).toMatchObject({ reminded: 1 });
    clock.advance(7 * DAY);
    expect(await app.followUp.runDue()).toMatchObject({ escalated: 1 });
    const overdue = (await sent()).filter((m) => m.kind === 'checkin-overdue').at(-1)!;
    expect(overdue.to).toBe(rescuer.email);
    expect(overdue.text).toContain('Luna');
    // Day 53: a week before the sterilization date.
    clock.advance(18 * DAY);
    await refreshSessions();
    expect(await app.followUp.runDue()).toMatchObject({ sterilization: 1 });
    expect(await sentKinds(adopter.email)).toContain('sterilization-before');
    expect((await req('POST', `/api/checkins/${second}`, null, { status: 'ok' })).statusCode).toBe(
      201,
    );
    const record = await req('POST', `/api/adoptions/${id}/sterilization`, 'adopter', {
      date: '2025-02-20',
    });
    expect(record.statusCode, record.body).toBe(200);
    // A return only ends the follow-up (there is no listing to publish again).
    const back = await req('POST', `/api/adoptions/${id}/return`, 'rescuer', {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().adoption).toMatchObject({ state: 'returned', dog: { id: null } });
  });

  it('deleting the dog of a pending adoption cancels it; the applicant is told once', async () => {
    const { dog, interestId } = await approvedApplication();
    const close = await req('POST', `/api/dog/${dog.id}/adoption`, 'rescuer', {
      interest_id: interestId,
    });
    const id = close.json().adoption.id as number;
    expect((await req('DELETE', `/api/dog/${dog.id}`, 'rescuer')).statusCode).toBe(204);
    const d = await detail(id, 'adopter');
    expect(d.adoption).toMatchObject({ state: 'cancelled', dog: { id: null, name: 'Luna' } });
    expect(d.adoption.cancelled_at).not.toBeNull();
    expectError(await req('POST', `/api/adoptions/${id}/accept`, 'adopter'), 409, M.notPending);
    const kinds = await sentKinds(adopter.email);
    expect(kinds).toContain('interest-dog-removed');
    expect(kinds).not.toContain('adoption-cancelled');
  });

  it('an acta whose dog vanished without the listing’s deletion is refused, not accepted', async () => {
    const { dog, interestId } = await approvedApplication();
    const close = await req('POST', `/api/dog/${dog.id}/adoption`, 'rescuer', {
      interest_id: interestId,
    });
    const id = close.json().adoption.id as number;
    await t.db.query('DELETE FROM dogs WHERE id = $1', [dog.id]);
    expect((await detail(id, 'adopter')).adoption).toMatchObject({
      state: 'pending',
      dog: { id: null, name: 'Luna' },
    });
    expectError(await req('POST', `/api/adoptions/${id}/accept`, 'adopter'), 409, M.dogGone);
    const res = await req('POST', `/api/adoptions/${id}/cancel`, 'rescuer');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('an organization’s follow-up share no longer counts a deleted listing', async () => {
    const [org] = await t.db.query<{ id: number; slug: string }>(
      `INSERT INTO orgs (slug, name, kind, zone, description, created_at, updated_at)
       VALUES ('huellas', 'Huellas', 'fundacion', 'cali-comuna-17', '', $1, $1) RETURNING id, slug`,
      [clock.now()],
    );
    await t.db.query(
      `INSERT INTO org_members (org_id, user_id, role, joined_at) VALUES ($1, $2, 'admin', $3)`,
      [org!.id, rescuer.id, clock.now()],
    );
    const { dog } = await activeAdoption({ org_id: org!.id });
    const stats = async () => {
      const res = await req('GET', `/api/orgs/${org!.slug}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().stats;
    };
    expect(await stats()).toMatchObject({ active_adoptions: 1, follow_ups_up_to_date: 1 });
    expect((await req('DELETE', `/api/dog/${dog.id}`, 'rescuer')).statusCode).toBe(204);
    expect(await stats()).toMatchObject({
      active_adoptions: 0,
      follow_ups_up_to_date: 0,
      follow_ups_up_to_date_percent: null,
    });
  });
});
