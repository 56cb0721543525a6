// Lost and found: publishing reports (validation, photos, zones), the public list and its
// filters, who may change a report, the matching order and its reasons, contact through the site
// (e-mailed, rate limited, the reporter's contact never in any answer), complaints and hiding,
// expiry and the renewal job, and what the data export and account deletion cover.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LOST_FOUND_MESSAGES,
  lostFoundListSchema,
  lostFoundMatchListSchema,
  lostFoundReportSchema,
  type LostFoundReport,
} from '../../src/shared/lost-found';
import { RENEWAL_QUEUE } from '../../src/server/lost-found/service';
import { makeJpegPhoto } from '../support/photos';
import {
  createUser,
  DAY,
  jobsSchemaOf,
  login,
  makeApp,
  recordingMailer,
  TestClock,
  testConfig,
  type TestUser,
} from './helpers/app';
import { BACKENDS, openTestDatabase, type TestDatabase } from './helpers/database';

const PUBLIC_URL = 'https://happydog.example';

/** Today in Bogotá shifted by `days`, as YYYY-MM-DD. */
const dayOf = (clock: TestClock, days = 0) =>
  new Date(clock.time - 5 * 3600_000 + days * DAY).toISOString().slice(0, 10);

describe.each(BACKENDS)('lost and found on %s', (backend) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  let mailer: ReturnType<typeof recordingMailer>;
  let owner: TestUser;
  let finder: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let ownerCookie: string;
  let finderCookie: string;
  let strangerCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    // The real time: the renewal job is due by the database's clock.
    clock = new TestClock(Date.now());
    mailer = recordingMailer();
    app = await makeApp(t.db, {
      clock,
      mailer,
      config: testConfig(
        { interestPerUser: 3, photoUploadPerUser: 50, photoUploadPerIp: 50 },
        { PUBLIC_URL },
      ),
    });
    owner = await createUser(t.db, { name: 'Olga Dueña', email: 'olga@example.com' });
    finder = await createUser(t.db, { name: 'Fede Vecino', email: 'fede@example.com' });
    stranger = await createUser(t.db, { name: 'Sara Extraña', email: 'sara@example.com' });
    admin = await createUser(t.db, { name: 'Ada Admin', email: 'ada@example.com' });
    await t.db.query(`UPDATE users SET role = 'admin', phone = NULL WHERE id = $1`, [admin.id]);
    await t.db.query(`UPDATE users SET phone = '+573001234567' WHERE id = $1`, [owner.id]);
    [ownerCookie, finderCookie, strangerCookie, adminCookie] = await Promise.all(
      [owner, finder, stranger, admin].map((u) => login(app, u)),
    );
  });
  afterEach(async () => {
    await app.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const lost = (over: Record<string, unknown> = {}) => ({
    kind: 'lost',
    name: 'Luna',
    sex: 'female',
    size: 'medium',
    colors: ['negro', 'blanco'],
    description: 'Perrita criolla con collar rojo, muy asustadiza con la pólvora',
    date: dayOf(clock, -1),
    zone: 'cali-comuna-17',
    ...over,
  });
  const found = (over: Record<string, unknown> = {}) => ({
    kind: 'found',
    sex: 'female',
    size: 'medium',
    colors: ['negro', 'blanco'],
    description: 'Perrita negra y blanca con collar rojo, asustada',
    date: dayOf(clock),
    zone: 'cali-comuna-17',
    ...over,
  });
  const publish = async (cookie: string, body: object): Promise<LostFoundReport> => {
    const res = await call('POST', '/api/lost-found', cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    return lostFoundReportSchema.parse(res.json().report);
  };
  const mail = async () => {
    await app.mailer.idle();
    const sent = [...mailer.sent];
    mailer.sent.length = 0;
    return sent;
  };
  const upload = async (cookie: string, seed: number): Promise<number> => {
    const boundary = '----lost-found-boundary';
    const bytes = await makeJpegPhoto(64, 48, seed);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().photo.id as number;
  };

  it('publishes a report for logged-in people only, with a zone and colours from the list', async () => {
    expect((await call('POST', '/api/lost-found', undefined, lost())).statusCode).toBe(401);
    const report = await publish(ownerCookie, lost({ colors: ['negro', 'negro', 'blanco'] }));
    expect(report).toMatchObject({
      kind: 'lost',
      name: 'Luna',
      zone: 'cali-comuna-17',
      zone_name: 'Cali – Comuna 17',
      colors: ['negro', 'blanco'],
      status: 'open',
      mine: true,
      photos: [],
    });
    expect(Date.parse(report.expires_at) - clock.time).toBe(60 * DAY);

    const refusals: [Record<string, unknown>, string][] = [
      [{ zone: 'Calle 5 # 38-20' }, 'La zona no es válida'],
      [{ colors: ['verde'] }, 'Elige los colores de la lista'],
      [{ colors: [] }, 'Elige al menos un color'],
      [{ kind: 'stolen' }, 'El tipo debe ser lost (perdido) o found (encontrado)'],
      [{ size: undefined }, 'El tamaño es obligatorio'],
      [{ description: '  ' }, 'La descripción es obligatoria'],
      [{ date: '2025-02-30' }, 'La fecha no existe'],
      [{ date: dayOf(clock, 2) }, LOST_FOUND_MESSAGES.futureDate],
      [{ date: dayOf(clock, -400) }, LOST_FOUND_MESSAGES.oldDate],
    ];
    for (const [over, error] of refusals) {
      const res = await call('POST', '/api/lost-found', ownerCookie, lost(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
  });

  it('attaches up to 4 of the reporter’s own photos, never someone else’s', async () => {
    const mine: number[] = [];
    // One after another: a person has at most 2 uploads in flight.
    for (const seed of [1, 2, 3, 4, 5]) mine.push(await upload(ownerCookie, seed));
    const theirs = await upload(finderCookie, 9);
    const tooMany = await call('POST', '/api/lost-found', ownerCookie, lost({ photo_ids: mine }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: LOST_FOUND_MESSAGES.tooManyPhotos });
    const foreign = await call(
      'POST',
      '/api/lost-found',
      ownerCookie,
      lost({ photo_ids: [theirs] }),
    );
    expect(foreign.statusCode).toBe(403);
    const report = await publish(ownerCookie, lost({ photo_ids: [mine[1], mine[0]] }));
    expect(report.photos.map((p) => p.id)).toEqual([mine[1], mine[0]]);
    // A photo of one report cannot be reused in another.
    const reused = await call(
      'POST',
      '/api/lost-found',
      ownerCookie,
      lost({ photo_ids: [mine[0]] }),
    );
    expect(reused.statusCode).toBe(400);
    // Reordered and trimmed by the reporter; the photo dropped is deleted.
    const patched = await call('PATCH', `/api/lost-found/${report.id}`, ownerCookie, {
      photo_ids: [mine[0], mine[2]],
    });
    expect(patched.json().report.photos.map((p: { id: number }) => p.id)).toEqual([
      mine[0],
      mine[2],
    ]);
    const left = await t.db.query('SELECT id FROM photos WHERE id = $1', [mine[1]]);
    expect(left).toEqual([]);
    // The purge of unattached uploads leaves a report's photos alone.
    clock.advance(2 * DAY);
    await app.purgeExpired();
    const kept = await t.db.query<{ id: number }>(
      'SELECT id FROM photos WHERE lost_found_id = $1 ORDER BY position',
      [report.id],
    );
    expect(kept.map((r) => r.id)).toEqual([mine[0], mine[2]]);
  });

  it('draws a 1200×630 JPEG for link previews, with or without a photo', async () => {
    const sharp = (await import('sharp')).default;
    const photo = await upload(ownerCookie, 3);
    const withPhoto = await publish(ownerCookie, lost({ photo_ids: [photo] }));
    const without = await publish(finderCookie, found());
    for (const report of [withPhoto, without]) {
      const res = await call('GET', `/api/lost-found/${report.id}/share.jpg`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    }
    expect((await call('GET', '/api/lost-found/99999/share.jpg')).statusCode).toBe(404);
    expect((await call('GET', '/api/lost-found/abc/share.jpg')).statusCode).toBe(404);
  });

  it('lists open reports newest first with filters, to anyone, without anyone’s contact', async () => {
    const a = await publish(ownerCookie, lost());
    const b = await publish(finderCookie, found({ zone: 'cali-comuna-22', size: 'small' }));
    const c = await publish(strangerCookie, lost({ name: 'Simón', sex: 'male', zone: 'yumbo' }));
    const list = async (query = '') => {
      const res = await call('GET', `/api/lost-found${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return lostFoundListSchema.parse(res.json()).map((r) => r.id);
    };
    expect(await list()).toEqual([c.id, b.id, a.id]);
    expect(await list('?kind=found')).toEqual([b.id]);
    expect(await list('?kind=lost&zone=cali-comuna-17')).toEqual([a.id]);
    expect(await list('?size=small')).toEqual([b.id]);
    expect(await list('?sex=male')).toEqual([c.id]);
    expect(await list('?q=simon')).toEqual([c.id]);
    expect(await list('?q=POLVORA')).toEqual([c.id, a.id]);
    expect(await list('?q=negra%20collar')).toEqual([b.id]);
    expect(await list('?kind=&zone=')).toEqual([c.id, b.id, a.id]);
    expect(await list(`?limit=1&before=${c.id}`)).toEqual([b.id]);
    const bad = await call('GET', '/api/lost-found?zone=narnia');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'La zona no es válida' });

    // Nobody's name, e-mail or phone in any anonymous or logged-in answer.
    for (const cookie of [undefined, finderCookie]) {
      for (const url of [
        '/api/lost-found',
        `/api/lost-found/${a.id}`,
        `/api/lost-found/${b.id}/matches`,
      ]) {
        const body = (await call('GET', url, cookie)).body;
        for (const secret of ['olga@example.com', 'Olga', '3001234567', 'fede@example.com', 'Fede'])
          expect(body, `${url} ${secret}`).not.toContain(secret);
      }
    }
    const single = (await call('GET', `/api/lost-found/${a.id}`)).json().report;
    expect(single.mine).toBe(false);
    expect(Object.keys(single)).not.toContain('reporter_id');
  });

  it('finds words among many reports as a walk down the list would, newest first', async () => {
    // 1,500 open reports. A scar is told of by every 10th of the newest 400, by every 97th of
    // the older ones and by a run of 40 of them, written with capitals, accents or punctuation;
    // a third of those also tell of a paw. More than a search checks one by one: the older ones
    // are found through the trigram index, whatever the page size and the page's start.
    const scarOf = (g: number) => (g > 1100 ? g % 10 === 1 : g % 97 === 0 || (g > 500 && g <= 540));
    const pawOf = (g: number) => scarOf(g) && g % 3 === 0;
    await t.db.query(
      `INSERT INTO lost_found_reports
         (reporter_id, kind, name, sex, size, colors, description, seen_on, zone, expires_at,
          created_at, updated_at)
       SELECT $1, CASE WHEN g % 2 = 0 THEN 'lost' ELSE 'found' END, '', NULL, 'medium',
              ARRAY['negro'],
              CASE WHEN NOT (CASE WHEN g > 1100 THEN g % 10 = 1
                                  ELSE g % 97 = 0 OR g BETWEEN 501 AND 540 END)
                     THEN 'Perro sin señas, visto en la calle'
                   WHEN g % 3 = 0 THEN 'Tiene una CICATRÍZ en la pata, cojea'
                   WHEN g % 2 = 0 THEN 'Cicatriz, oreja corta'
                   ELSE 'una cicatriz pequeña' END,
              $2::date, 'cali-comuna-17', $3::timestamptz + interval '60 days', $3, $3
         FROM generate_series(1, 1500) AS g ORDER BY g`,
      [owner.id, dayOf(clock), new Date(clock.time)],
    );
    const rows = await t.db.query<{ id: number }>('SELECT id FROM lost_found_reports ORDER BY id');
    const newest = (keep: (g: number) => boolean) =>
      Array.from({ length: 1500 }, (_, i) => 1500 - i)
        .filter(keep)
        .map((g) => rows[g - 1]!.id);
    const list = async (query: string) => {
      const res = await call('GET', `/api/lost-found${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return lostFoundListSchema.parse(res.json()).map((r) => r.id);
    };
    const scars = newest(scarOf);
    expect(await list('?q=cicatriz')).toEqual(scars.slice(0, 24));
    expect(await list('?q=CICATRI&limit=100')).toEqual(scars);
    expect(await list('?q=cicatríz&kind=lost&limit=100')).toEqual(
      newest((g) => scarOf(g) && g % 2 === 0),
    );
    expect(await list('?q=pata%20cicatriz&limit=100')).toEqual(newest(pawOf));
    expect(await list('?q=zanahoria')).toEqual([]);
    expect(await list('?q=calle&limit=3')).toEqual(newest((g) => !scarOf(g)).slice(0, 3));
    // Pages starting at each scar, in a few sizes.
    for (const before of scars)
      for (const limit of [1, 5, 24])
        expect(
          await list(`?q=Cicatriz&limit=${limit}&before=${before}`),
          `${before} ${limit}`,
        ).toEqual(scars.filter((id) => id < before).slice(0, limit));
  });

  it('only the reporter changes, closes or renews a report; closed ones leave the list', async () => {
    const report = await publish(ownerCookie, lost());
    expect((await call('PATCH', `/api/lost-found/${report.id}`, undefined, {})).statusCode).toBe(
      401,
    );
    const foreign = await call('PATCH', `/api/lost-found/${report.id}`, finderCookie, {
      status: 'reunited',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: LOST_FOUND_MESSAGES.notReporter });
    const empty = await call('PATCH', `/api/lost-found/${report.id}`, ownerCookie, {});
    expect(empty.statusCode).toBe(400);
    const edited = await call('PATCH', `/api/lost-found/${report.id}`, ownerCookie, {
      description: 'Tiene una mancha café en la oreja',
      zone: 'cali-comuna-22',
    });
    expect(edited.json().report).toMatchObject({
      description: 'Tiene una mancha café en la oreja',
      zone: 'cali-comuna-22',
      name: 'Luna',
    });
    const missing = await call('PATCH', '/api/lost-found/999999', ownerCookie, {
      status: 'closed',
    });
    expect(missing.statusCode).toBe(404);

    // Open reports are in the sitemap, closed ones are not.
    const sitemap = async () => (await call('GET', '/sitemap.xml')).body;
    expect(await sitemap()).toContain(`/perdidos/${report.id}</loc>`);
    const reunited = await call('PATCH', `/api/lost-found/${report.id}`, ownerCookie, {
      status: 'reunited',
    });
    expect(await sitemap()).not.toContain(`/perdidos/${report.id}</loc>`);
    expect(reunited.statusCode).toBe(200);
    expect(reunited.json().report.status).toBe('reunited');
    // Still readable (a shared link shows the happy ending), no longer listed nor contactable.
    expect((await call('GET', `/api/lost-found/${report.id}`)).json().report.status).toBe(
      'reunited',
    );
    expect((await call('GET', '/api/lost-found')).json()).toEqual([]);
    const again = await call('PATCH', `/api/lost-found/${report.id}`, ownerCookie, {
      status: 'closed',
    });
    expect(again.statusCode).toBe(409);
    const write = await call('POST', `/api/lost-found/${report.id}/contact`, finderCookie, {
      message: 'Creo que la vi ayer en el parque',
    });
    expect(write.statusCode).toBe(409);
  });

  it('ranks matches of the other kind, same zone first, with the reasons in words', async () => {
    const mine = await publish(ownerCookie, lost());
    // The best: same zone, sex, size, colours, a day apart, a similar description.
    const best = await publish(finderCookie, found());
    // A bordering zone (Comuna 17 borders 22), one colour in common, a different size.
    const near = await publish(
      finderCookie,
      found({
        zone: 'cali-comuna-22',
        colors: ['negro', 'cafe'],
        size: 'large',
        sex: null,
        description: 'Perro grande',
      }),
    );
    // Left out: far away, the other sex, the opposite size, too long before, the same kind.
    await publish(finderCookie, found({ zone: 'palmira' }));
    await publish(finderCookie, found({ sex: 'male' }));
    await publish(finderCookie, found({ size: 'small', colors: ['negro', 'blanco'] }));
    await t.db.query(
      `UPDATE lost_found_reports SET seen_on = $1::date WHERE id = (
         SELECT id FROM lost_found_reports WHERE kind = 'found' ORDER BY id DESC LIMIT 1)`,
      [dayOf(clock, -10)],
    );
    const longBefore = await publish(finderCookie, found({ date: dayOf(clock, -30) }));
    await publish(strangerCookie, lost({ name: 'Otra', zone: 'cali-comuna-22' }));

    const res = await call('GET', `/api/lost-found/${mine.id}/matches`);
    expect(res.statusCode).toBe(200);
    const matches = lostFoundMatchListSchema.parse(res.json());
    expect(matches.map((m) => m.id)).toEqual([best.id, near.id]);
    expect(matches.map((m) => m.id)).not.toContain(longBefore.id);
    expect(matches[0]!.reason).toBe(
      'misma zona, mismo sexo, mismo tamaño, mismos colores, fechas cercanas, descripción parecida',
    );
    expect(matches[1]!.reason).toBe('zona vecina, color en común, fechas cercanas');
    expect(matches[0]!.score).toBeGreaterThan(matches[1]!.score);

    // Symmetric: the found report's matches include the lost one.
    const back = lostFoundMatchListSchema.parse(
      (await call('GET', `/api/lost-found/${best.id}/matches`)).json(),
    );
    expect(back[0]!.id).toBe(mine.id);
    expect(back[0]!.reasons.slice(0, 2)).toEqual(['misma zona', 'mismo sexo']);
    expect((await call('GET', '/api/lost-found/99999/matches')).statusCode).toBe(404);
  });

  it('scores each colour a match shares with the report, whatever their order', async () => {
    const mine = await publish(ownerCookie, lost({ colors: ['negro', 'blanco', 'cafe'] }));
    const three = await publish(finderCookie, found({ colors: ['cafe', 'negro', 'blanco'] }));
    const two = await publish(finderCookie, found({ colors: ['blanco', 'cafe'] }));
    const one = await publish(finderCookie, found({ colors: ['gris', 'cafe', 'crema'] }));
    const none = await publish(finderCookie, found({ colors: ['gris'] }));
    const matches = lostFoundMatchListSchema.parse(
      (await call('GET', `/api/lost-found/${mine.id}/matches`)).json(),
    );
    expect(matches.map((m) => m.id)).toEqual([three.id, two.id, one.id, none.id]);
    expect(matches.map((m) => m.score - matches[3]!.score)).toEqual([4.5, 3, 1.5, 0]);
    expect(matches.map((m) => m.reasons.filter((r) => r.includes('color')))).toEqual([
      ['mismos colores'],
      ['color en común'],
      ['color en común'],
      [],
    ]);
  });

  it('delivers a message to the reporter by e-mail, the sender’s address only when shared', async () => {
    const report = await publish(ownerCookie, lost());
    const url = `/api/lost-found/${report.id}/contact`;
    const message = 'Hola, creo que la vi en el parque del Ingenio esta mañana';
    expect((await call('POST', url, undefined, { message })).statusCode).toBe(401);
    const own = await call('POST', url, ownerCookie, { message });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: LOST_FOUND_MESSAGES.ownReport });
    const short = await call('POST', url, finderCookie, { message: 'hola' });
    expect(short.statusCode).toBe(400);

    const hidden = await call('POST', url, finderCookie, { message });
    expect(hidden.statusCode).toBe(201);
    expect(hidden.body).not.toContain('olga');
    const [first, ...rest] = await mail();
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ kind: 'lost-found-contact', to: 'olga@example.com' });
    expect(first!.text).toContain('Fede Vecino');
    expect(first!.text).toContain(message);
    expect(first!.text).toContain(`${PUBLIC_URL}/perdidos/${report.id}`);
    expect(first!.text).not.toContain('fede@example.com');
    expect(first!.replyTo).toBeUndefined();

    const shared = await call('POST', url, strangerCookie, { message, share_email: true });
    expect(shared.statusCode).toBe(201);
    const [second] = await mail();
    expect(second!.text).toContain('sara@example.com');
    expect(second!.replyTo).toBe('sara@example.com');

    // Rate limited (3 per window in this test's config).
    await call('POST', url, finderCookie, { message });
    await call('POST', url, finderCookie, { message });
    const limited = await call('POST', url, finderCookie, { message });
    expect(limited.statusCode).toBe(429);
  });

  it('complaints reach the admins, who hide and restore a report like a listing', async () => {
    const report = await publish(ownerCookie, lost());
    const url = `/api/lost-found/${report.id}/report`;
    expect((await call('POST', url, ownerCookie, { reason: 'spam' })).statusCode).toBe(403);
    expect((await call('POST', url, finderCookie, { reason: 'sale' })).statusCode).toBe(201);
    expect((await call('POST', url, finderCookie, { reason: 'sale' })).statusCode).toBe(409);
    expect((await call('GET', '/api/admin/lost-found/reports', finderCookie)).statusCode).toBe(403);
    const flags = await call('GET', '/api/admin/lost-found/reports', adminCookie);
    expect(flags.json()).toMatchObject([{ report: { id: report.id }, count: 1 }]);

    const hide = await call('POST', `/api/admin/lost-found/${report.id}/hide`, adminCookie, {
      reason: 'Pide dinero por adelantado',
    });
    expect(hide.statusCode).toBe(204);
    expect((await call('GET', `/api/lost-found/${report.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/lost-found/${report.id}`, finderCookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/lost-found')).json()).toEqual([]);
    const theirs = await call('GET', `/api/lost-found/${report.id}`, ownerCookie);
    expect(theirs.json().report.hidden_reason).toBe('Pide dinero por adelantado');
    expect((await call('GET', '/api/admin/lost-found/reports', adminCookie)).json()).toEqual([]);
    const audit = (await call('GET', '/api/admin/audit', adminCookie)).json();
    expect(audit[0]).toMatchObject({ action: 'lost_found_hide', target_type: 'lost_found' });

    expect(
      (await call('POST', `/api/admin/lost-found/${report.id}/restore`, adminCookie)).statusCode,
    ).toBe(204);
    expect((await call('GET', `/api/lost-found/${report.id}`)).statusCode).toBe(200);
    expect(
      (await call('POST', `/api/admin/lost-found/${report.id}/restore`, adminCookie)).statusCode,
    ).toBe(409);
  });

  it('expires after 60 days; a job offers the renewal a week before', async () => {
    const report = await publish(ownerCookie, lost());
    const schema = await jobsSchemaOf(t.db);
    const jobs = await t.db.query<{
      start_after: Date;
      data: { reportId: number; expiresAt: string };
    }>(`SELECT start_after, data FROM ${schema}.job WHERE name = $1`, [RENEWAL_QUEUE]);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).toEqual({ reportId: report.id, expiresAt: report.expires_at });
    expect(new Date(jobs[0]!.start_after).getTime()).toBe(Date.parse(report.expires_at) - 7 * DAY);

    clock.advance(53 * DAY);
    expect(await app.lostFound.remindRenewal(jobs[0]!.data)).toBe(true);
    const [renewal] = await mail();
    expect(renewal).toMatchObject({ kind: 'lost-found-renewal', to: 'olga@example.com' });
    expect(renewal!.text).toContain(`${PUBLIC_URL}/perdidos/${report.id}`);

    clock.advance(8 * DAY);
    [ownerCookie, finderCookie] = await Promise.all([owner, finder].map((u) => login(app, u)));
    expect((await call('GET', `/api/lost-found/${report.id}`)).json().report.status).toBe(
      'expired',
    );
    expect((await call('GET', '/api/lost-found')).json()).toEqual([]);
    expect(
      (
        await call('POST', `/api/lost-found/${report.id}/contact`, finderCookie, {
          message: 'La vi en el parque esta mañana',
        })
      ).statusCode,
    ).toBe(409);

    // The expiry job marks it so, unless it was renewed since.
    expect(await app.lostFound.expire(jobs[0]!.data)).toBe(true);
    expect(await app.lostFound.expire(jobs[0]!.data)).toBe(false);
    expect((await call('GET', `/api/lost-found/${report.id}`)).json().report.status).toBe(
      'expired',
    );
    const renewed = await call('PATCH', `/api/lost-found/${report.id}`, ownerCookie, {
      renew: true,
    });
    expect(renewed.json().report.status).toBe('open');
    expect(Date.parse(renewed.json().report.expires_at)).toBe(clock.time + 60 * DAY);
    // The old job's expiry no longer holds: it sends nothing.
    expect(await app.lostFound.remindRenewal(jobs[0]!.data)).toBe(false);
    expect((await call('GET', '/api/lost-found')).json()).toHaveLength(1);
  });

  it('the data export carries the reports; deleting the account removes them', async () => {
    const report = await publish(ownerCookie, lost());
    await call('POST', `/api/lost-found/${report.id}/contact`, finderCookie, {
      message: 'Creo que la vi en el parque del barrio',
    });
    await call('POST', `/api/lost-found/${report.id}/report`, finderCookie, { reason: 'spam' });
    const mineExport = (await call('GET', '/api/user/export', ownerCookie)).json();
    expect(mineExport.lost_found.reports).toMatchObject([{ id: report.id, name: 'Luna' }]);
    expect(mineExport.other).toBeUndefined();
    const finderExport = (await call('GET', '/api/user/export', finderCookie)).json();
    expect(finderExport.lost_found.contacted).toMatchObject([{ report_id: report.id }]);
    expect(finderExport.lost_found.flagged).toMatchObject([{ report_id: report.id }]);

    const deleted = await call('DELETE', '/api/user/me', ownerCookie, { password: owner.password });
    expect(deleted.statusCode).toBe(204);
    expect(await t.db.query('SELECT id FROM lost_found_reports')).toEqual([]);
    expect(await t.db.query('SELECT id FROM lost_found_contacts')).toEqual([]);
  });
});
